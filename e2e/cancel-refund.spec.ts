import { expect, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { acknowledge, expectNoSidewaysScroll, fillCard, openAsPatient } from './patient-payment.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * A patient cancels an unshipped paid order and sees the refund (issue 17; spec 3 §7 cancel one test, §9 the $40 fee
 * kept only once the pack has shipped; decisions 0260, 0262), on the demo orders of Ruth Fairbanks (50012395) and
 * Omar Refai (50012394).
 */
for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 }, reqNumber: '50012395', dateOfBirth: '1968-03-11' },
  { name: 'phone', size: { width: 390, height: 844 }, reqNumber: '50012394', dateOfBirth: '1989-12-02' },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('a patient pays, cancels the order’s only test before it ships, and sees everything refunded', async ({
      page,
    }) => {
      test.slow();
      const errors = watchConsole(page);
      const id = await openAsPatient(page, viewport.reqNumber, viewport.dateOfBirth);
      await page.getByRole('radio', { name: 'Credit or debit card' }).check();
      await fillCard(page, '4242 4242 4242 4242');
      await acknowledge(page);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
      const [payment] = (await (await page.request.get(`/gear/order/${id}/payments`)).json()) as {
        amountCents: number;
      }[];
      const paid = `$${((payment?.amountCents ?? 0) / 100).toFixed(2)}`;

      await page.goto(`/order-status/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
      const block = page.getByRole('region', { name: /^GI Effects/ });
      await expect(block.getByText('Awaiting your specimen at the lab.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download Receipt' })).toBeVisible();
      await expect(page.getByTestId('order-timeline')).toContainText(`Paid ${paid} (card)`);
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      await block.getByRole('button', { name: 'Cancel Test' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this test?' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel Test' }).click();

      await expect(page.getByTestId('order-status-headline')).toHaveText('Canceled');
      await expect(block.getByText('Canceled', { exact: true })).toBeVisible();
      const timeline = page.getByTestId('order-timeline');
      await expect(timeline).toContainText('A test was canceled');
      // Not shipped: no fee kept, the whole payment back.
      await expect(timeline).toContainText(`Refunded ${paid}`);
      await expect(timeline).not.toContainText('non-refundable fee kept');
      await expect(
        page.getByText('This order is canceled. Refunds reach the card in 5 to 10 business days.'),
      ).toBeVisible();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });
  });
}
