import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectSidewaysTable, signIn, watchConsole } from './support.ts';

test('admin.ops finds an order by requisition number in the order history and opens it', async ({ page }) => {
  test.setTimeout(90_000);
  const consoleErrors = watchConsole(page);
  await signIn(page, 'admin.ops');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await page.getByRole('link', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Search' }).fill('50012350');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/order-history\?q=50012350$/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Robert Sample');
  await expect(rows.nth(1)).toContainText('Req 50012350');
  await expect(rows.nth(1)).toContainText('Accession A2601050001');
  await expectAccessible(page);

  const open = rows.nth(1).getByRole('link', { name: /^Open order \d+$/ });
  const orderId = Number((await open.textContent())?.replace(/\D/g, ''));
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('a practitioner opening /order-history is sent to the practitioner portal and sees no link', async ({
  page,
}) => {
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await expect(page.getByRole('link', { name: 'Order History' })).toHaveCount(0);
  await page.goto('/order-history');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
});

/** No sideways scroll of the page itself (the table scrolls in its own container). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('admin.ops filters the order history by derived status and opens an order status page (decision 0272)', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const consoleErrors = watchConsole(page);
      await signIn(page, 'admin.ops');
      await expect(page).toHaveURL(/\/order\/new\/pract$/);
      await page.goto('/order-history');
      await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Results Ready' });
      const filtered = page.waitForResponse((response) =>
        response.url().endsWith('/api/admin/orders?status=ResultsReady'),
      );
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/order-history\?status=ResultsReady$/);
      await filtered;
      await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
      const rows = page.getByRole('table').getByRole('row');
      await expect(rows.filter({ hasText: 'Ray Results' })).toHaveCount(1);
      const statusLinks = page
        .getByRole('table')
        .getByRole('link', { name: /^Results Ready\s*, status of order \d+$/ });
      await expect(statusLinks).toHaveCount((await rows.count()) - 1);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      // Issue 15 (decision 0332): on a phone the table scrolls in its own region, which says so; the page does not.
      await expectSidewaysTable(page, 'Orders, newest first', 'Paid', viewport.name === 'phone');
      await expectNoSidewaysScroll(page);

      const ray = rows.filter({ hasText: 'Ray Results' }).getByRole('link', { name: /status of order/ });
      const orderId = Number((await ray.textContent())?.replace(/\D/g, ''));
      await ray.click();
      await expect(page).toHaveURL(new RegExp(`/order-status/${orderId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Results Ready').first()).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      expect(consoleErrors).toEqual([]);
    });
  });
}
