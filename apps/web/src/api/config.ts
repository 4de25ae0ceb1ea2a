import type { ApiClient } from './client.ts';
import type { AppConfig } from './context.tsx';

/** GET /api/config: public settings served by the API (the support phone, spec/README.md resolution 2). */
export const fetchConfig = (api: ApiClient): Promise<AppConfig> =>
  api.get<AppConfig>('/api/config', { auth: 'none', authErrors: 'throw' });
