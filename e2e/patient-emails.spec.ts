import { expect, test } from '@playwright/test';
import { signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * The practitioner's choice of patient status emails (issue 17 beyond the spec; decision 0301): on by default, on the
 * Patient Management page; turned off it stays off after a reload; turned on again.
 */
test('dr.avery turns the patient status emails off and on again', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  await page.goto('/patient-management');
  const section = page.getByRole('region', { name: 'Patient emails' });
  const toggle = section.getByRole('switch', { name: /Email my patients when their collection pack ships/ });
  await expect(toggle).toBeChecked();
  await expectAccessible(page);
  await toggle.click({ force: true });
  await expect(section.getByText('Saved.')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(section.getByText('Saved.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});
