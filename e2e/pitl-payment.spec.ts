import { expect, type Page, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectNoSidewaysScroll, fillCard } from './patient-payment.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * A PITL patient pays (spec 3 §1 PITL, §2 'Discount Code' label, §5 the discounts' PITL rules, §9 Physician Fee and
 * Shipping & Handling Fee): Nora Newland (50040001) on a desktop and Nico Newland (50040011) on a phone, each on a new
 * PITL order of P1008 walked to the review (README 'PITL orders').
 */
async function openSummary(page: Page, reqNumber: string, dateOfBirth: string): Promise<number> {
  await page.goto(`/order/new/panels?requisitionNumber=${reqNumber}&dateOfBirth=${dateOfBirth}`);
  await expect(page).toHaveURL(/\/order\/\d+\//);
  const id = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
  await page.goto(`/order/${id}/summary`);
  await expect(page.getByText('Payment Due Today')).toBeVisible();
  return id;
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 }, reqNumber: '50040001', dateOfBirth: '1990-03-03' },
  { name: 'phone', size: { width: 390, height: 844 }, reqNumber: '50040011', dateOfBirth: '1992-04-04' },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('the PITL fees show, a Discount Code applies, and the patient pays by card', async ({ page }) => {
      test.slow();
      const errors = watchConsole(page);
      const id = await openSummary(page, viewport.reqNumber, viewport.dateOfBirth);
      const table = page.getByRole('table', { name: 'Order price summary' });
      await expect(table.getByText('Physician Fee')).toBeVisible();
      await expect(table.getByText('Shipping & Handling Fee')).toBeVisible();
      const due = page.getByTestId('payment-due-today');
      const before = (await due.textContent()) ?? '';
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      // spec 3 §2: the box is 'Discount Code' on a PITL order.
      await page.getByRole('textbox', { name: 'Discount Code' }).fill('QA10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText(/^QA10 applied: -\$\d+\.\d\d$/)).toBeVisible();
      await expect(due).not.toHaveText(before);

      await page.getByRole('radio', { name: 'Credit or debit card' }).check();
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('checkbox', { name: /Patient\/Responsible Party Acknowledgement/ }).check();
      // spec 3 §5: no NSA acknowledgement on a PITL order.
      await expect(page.getByRole('checkbox', { name: /No Surprises Act/ })).toHaveCount(0);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('confirmation-code')).toHaveText(String(id));
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });
  });
}
