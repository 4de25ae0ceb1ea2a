import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, watchConsole } from './support.ts';

test('dr.avery picks P1002, ticks the authorization, and Next lands on panel selection of the saved order', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Activate & Order Tests');
  await expect(page.getByRole('button', { name: /Panel Selection/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Panel Selection/ })).toHaveAttribute(
    'title',
    'Panel Selection is not available yet.',
  );
  await expectAccessible(page);

  await page.getByLabel('Practitioner', { exact: true }).selectOption({ label: 'Sam Brooks, ND (P1002)' });
  await expect(page.getByText('Hudson Naturopathic Clinic')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please verify you are authorized to order.', { exact: true })).toBeVisible();
  // Issue 15 (decision 0322): the summary at the top has the focus.
  await expect(page.locator(':focus')).toContainText(
    'Authorization: Please verify you are authorized to order.',
  );
  await expectAccessible(page);

  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/panels$/);
  await expect(page.getByRole('heading', { name: 'Panel Selection' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('dr.chen sees the credit-hold notice and Next is disabled', async ({ page }) => {
  await signIn(page, 'dr.chen');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await expect(page.getByText(/Online ordering is unavailable/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectAccessible(page);
});

test('dr.diaz sees the demo-account notice', async ({ page }) => {
  await signIn(page, 'dr.diaz');
  await expect(page.getByText(/demonstration account/)).toBeVisible();
  await expectAccessible(page);
});

test('an admin finds a practitioner by GSDL number, with the not-found message for an unknown one', async ({
  page,
}) => {
  await signIn(page, 'admin.ops');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  const search = page.getByRole('textbox', { name: /GSDL/ });
  await search.fill('p9999');
  await search.press('Enter');
  await expect(page.getByText('No details found for P9999.')).toBeVisible();
  await search.fill('p1003');
  await search.press('Enter');
  await expect(page.getByText('Front Range Chiropractic')).toBeVisible();
  await expectAccessible(page);
});
