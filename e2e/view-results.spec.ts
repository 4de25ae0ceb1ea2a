import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './orders.ts';
import { expectNoSidewaysScroll } from './patient-payment.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * Viewing results (spec 3 §6, §7 viewResultsPDF; decision 0261) on the demo order in ResultsReady that the intake's
 * events moved there (README 'Orders in every status': Ray Results, requisition 50030007, born 1987-07-17, accession
 * A2611000007 with a result PDF).
 */
const REQUISITION = '50030007';
const BORN = '1987-07-17';

/** The order's id, looked up as the patient's link does (GET /gear/order/new?requisitionNumber&dateOfBirth). */
async function orderIdOf(page: import('@playwright/test').Page): Promise<number> {
  const answer = await page.request.get(
    `/gear/order/new?requisitionNumber=${REQUISITION}&dateOfBirth=${BORN}`,
  );
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: number }).id;
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('the patient opens the order status page with their link and downloads the lab’s result PDF', async ({
      page,
    }) => {
      const errors = watchConsole(page);
      const id = await orderIdOf(page);
      await page.goto(`/order-status/${id}?requisitionNumber=${REQUISITION}&dateOfBirth=${BORN}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
      await expect(page.getByTestId('order-status-headline')).toHaveText('Results Ready');
      await expect(page.getByText('Accession A2611000007', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Schedule a Consult' })).toBeVisible();
      await expect(page.getByTestId('order-timeline')).toContainText('Results ready (accession A2611000007)');
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'View Results' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('results-A2611000007.pdf');
      const bytes = readFileSync((await file.path()) as string);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(errors).toEqual([]);
    });
  });
}

test('dr.avery, the ordering practitioner, sees the same results (the patient is an adult)', async ({
  page,
}) => {
  const id = await orderIdOf(page);
  await page.context().clearCookies();
  await signIn(page, 'dr.avery');
  await page.goto(`/order-status/${id}`);
  await expect(page.getByTestId('order-status-headline')).toHaveText('Results Ready');
  await expect(page.getByRole('button', { name: 'View Results' })).toBeVisible();
  await expectAccessible(page);
});
