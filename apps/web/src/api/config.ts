import type { ApiClient } from './client.ts';
import type { AppConfig } from './context.tsx';

/** GET /api/config: public settings served by the API (the support phone, spec/README.md resolution 2). */
export const fetchConfig = (api: ApiClient): Promise<AppConfig> =>
  api.get<AppConfig>('/api/config', { auth: 'none', authErrors: 'throw' });

/** The id of the data block in which the server writes GET /api/config's answer into the page (decision 0320). */
export const INLINE_CONFIG_ID = 'gear-config';

/**
 * The configuration the server wrote into the page it served (a `<script type="application/json">` data block, which
 * the CSP does not treat as script), so that the first page draws without waiting for GET /api/config; null when the
 * page has none (the development server, an older server) or it is not the expected shape.
 */
export function readInlineConfig(doc: Document | undefined = globalThis.document): AppConfig | null {
  const text = doc?.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { supportPhone, hrsaGsdlNumbers, consultationUrl } = value as Record<string, unknown>;
    if (typeof supportPhone !== 'string') return null;
    if (
      hrsaGsdlNumbers !== undefined &&
      !(Array.isArray(hrsaGsdlNumbers) && hrsaGsdlNumbers.every((n) => typeof n === 'string'))
    )
      return null;
    if (consultationUrl !== undefined && typeof consultationUrl !== 'string') return null;
    return {
      supportPhone,
      ...(hrsaGsdlNumbers === undefined ? {} : { hrsaGsdlNumbers: hrsaGsdlNumbers as string[] }),
      ...(consultationUrl === undefined ? {} : { consultationUrl }),
    };
  } catch {
    return null;
  }
}
