import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './patient-payment.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * The interactive report (spec 3 §2 /prc/reporting/ireport/{accessionNo}?orderId&zipCode; decision 0265) of the demo
 * order in ResultsReady (README 'Orders in every status': Ray Results, requisition 50030007, born 1987-07-17,
 * accession A2611000007), whose results the demo lab sent with structured analytes (two outside their ranges).
 */
const REQUISITION = '50030007';
const BORN = '1987-07-17';
const ACCESSION = 'A2611000007';

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('the patient opens the interactive report from the status page and finds the out-of-range results marked', async ({
      page,
    }) => {
      const errors = watchConsole(page);
      const lookup = await page.request.get(
        `/gear/order/new?requisitionNumber=${REQUISITION}&dateOfBirth=${BORN}`,
      );
      expect(lookup.status()).toBe(200);
      const id = ((await lookup.json()) as { id: number }).id;
      await page.goto(`/order-status/${id}?requisitionNumber=${REQUISITION}&dateOfBirth=${BORN}`);
      await expect(page.getByTestId('order-status-headline')).toHaveText('Results Ready');

      await page.getByRole('link', { name: 'View Interactive Report' }).click();
      await expect(page).toHaveURL(
        new RegExp(`/prc/reporting/ireport/${ACCESSION}\\?orderId=${id}&zipCode=`),
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Interactive Report' })).toBeVisible();
      await expect(page.getByText(`Accession ${ACCESSION}`, { exact: false })).toBeVisible();
      await expect(page.getByTestId('report-summary')).toHaveText(
        '2 of 8 results are outside their reference ranges.',
      );
      const table = page.getByTestId('report-table');
      const calprotectin = table.getByRole('row', { name: /Calprotectin/ });
      await expect(calprotectin).toContainText('86 µg/g');
      await expect(calprotectin).toContainText('Above range');
      await expect(calprotectin).toContainText('<=50 µg/g');
      await expect(table.getByRole('row', { name: /Pancreatic Elastase 1/ })).toContainText('Below range');
      await expect(table.getByRole('row', { name: /Fecal Fat/ })).not.toContainText('range');
      await expect(table.getByText(/Above range|Below range/)).toHaveCount(2);
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      // The lab's PDF is there too; the breadcrumbs start at the patient resource center.
      await expect(page.getByRole('button', { name: 'View Results (PDF)' })).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Breadcrumbs' })
        .getByRole('link', { name: 'Patient Resource Center' })
        .click();
      await expect(page).toHaveURL(/\/prc\/reporting$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Patient Resource Center' })).toBeVisible();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });
  });
}
