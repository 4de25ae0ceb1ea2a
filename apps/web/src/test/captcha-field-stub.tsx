import { useEffect } from 'react';
import { vi } from 'vitest';

/** The real field's label: pages name the captcha by it (the error summary). */
export const { CAPTCHA_LABEL } = await vi.importActual<typeof import('../components/captcha-field.tsx')>(
  '../components/captcha-field.tsx',
);

/**
 * Stands in for the ALTCHA widget in page tests (the widget is the captcha module's, tested there): a checkbox whose
 * ticking gives the payload `solution-{resetKey}`, cleared whenever the page asks for a fresh solution. Use with
 * `vi.mock('…/components/captcha-field.tsx', () => import('…/test/captcha-field-stub.tsx'))`.
 */
export function CaptchaField({
  onChange,
  error,
  resetKey,
}: {
  onChange: (payload: string | null) => void;
  error?: string;
  resetKey?: unknown;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey (not a new onChange) clears the solution, as the widget does.
  useEffect(() => onChange(null), [resetKey]);
  return (
    <label>
      <input
        key={String(resetKey)}
        type="checkbox"
        onChange={(e) => onChange(e.currentTarget.checked ? `solution-${String(resetKey)}` : null)}
      />
      I'm not a robot{error ? <span> {error}</span> : null}
    </label>
  );
}
