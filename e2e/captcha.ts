import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Solves the captcha (apps/web/src/components/captcha-field.tsx, docs/decisions/0150) as a person does: clicks the
 * widget's label (STACK.md: the label, not the checkbox) and waits until the proof of work is verified. `scope`
 * narrows the search when a page could hold more than one widget.
 */
export async function solveCaptcha(page: Page, scope?: Locator): Promise<void> {
  const widget = (scope ?? page.locator('body')).locator('altcha-widget');
  await expect(widget).toHaveCount(1);
  await widget.locator('.altcha-checkbox-wrap label').click();
  await expect(widget.locator('.altcha[data-state="verified"]')).toBeVisible({ timeout: 30_000 });
}
