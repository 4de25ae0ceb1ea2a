import { expect, test } from '@playwright/test';
import { getOrder, shipToOfficeOrder, signIn, stepStatus } from './orders.ts';
import { expectAccessible } from './support.ts';

test('a PO box on the shipping step warns, offers Smart Post, and still saves', async ({ page }) => {
  await signIn(page, 'dr.avery');
  const order = await shipToOfficeOrder(page, [540]);
  await page.goto(`/order/${order.id}/shipping`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Second Day: $19.95' })).toBeVisible();
  await expect(page.getByLabel(/Address line 1/)).toHaveValue('63 Zillicoa Street');
  await expectAccessible(page);

  await page.getByLabel(/Address line 1/).fill('PO Box 1234');
  await expect(page.getByText(/Collection packs cannot ship to a P\.O\. Box\./)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Smart Post: Free' })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).not.toHaveURL(/\/shipping$/);
  const saved = await getOrder(page, order.id);
  expect(saved.shippingMethod).toBe('Smart Post');
  expect(saved.shippingInformation?.address1).toBe('PO Box 1234');
  expect(stepStatus(saved, 14)).toBe(3);
});

test('a New York address for a product ending in * is refused, listing it', async ({ page }) => {
  await signIn(page, 'dr.avery');
  const order = await shipToOfficeOrder(page, [540, 760]);
  await page.goto(`/order/${order.id}/shipping`);
  await page.getByRole('combobox', { name: /^State/ }).selectOption('NY');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The panel(s) selected may not be ordered in this state. Rhythm Plus*' }),
  ).toBeVisible();
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/shipping$/);
});
