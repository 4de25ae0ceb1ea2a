import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * Discount codes on the payment step (spec 3 §2, §5, §8; decisions 0130, 0131). Olivia Hart (pack C512380106,
 * requisition 50012380, born 1979-06-15) pays GI Effects 3-day in full ($459.00) on P1001's drop-ship order; she opens
 * it from her link. Applying a code saves nothing on the order, so the journeys leave it as they found it.
 */
const OLIVIA = { number: '50012380', dateOfBirth: '1979-06-15' };

async function openPaymentAsPatient(page: Page) {
  await page.goto(`/order/new/panels?requisitionNumber=${OLIVIA.number}&dateOfBirth=${OLIVIA.dateOfBirth}`);
  // The wizard moves a proven patient on to their order (the 'Signed in as a patient' note is hidden on phones).
  await expect(page).toHaveURL(/\/order\/\d+\//);
  const orderId = /\/order\/(\d+)\//.exec(page.url())?.[1];
  await page.goto(`/order/${orderId}/payment`);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
}

/** No sideways scroll on a phone (390 px wide). */
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

    test('an AFFILIATE code over its limit is refused; a valid code lowers Payment Due Today', async ({
      page,
    }) => {
      test.slow();
      // Opening a page afresh in a patient session first asks for a practitioner's token (403): expected.
      const errors = watchConsole(page);
      await openPaymentAsPatient(page);
      const due = page.getByTestId('payment-due-today');
      await expect(due).toHaveText('$459.00');
      const table = page.getByRole('table', { name: 'Order price summary' });
      await expect(table.getByText('#50012380 GI Effects', { exact: false })).toBeVisible();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      const box = page.getByRole('textbox', { name: 'QA Processing Code' });
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('Enter a valid QA Processing Code')).toBeVisible();

      await box.fill('AFFILIATE-SMALL');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('The total cost of your order exceeds the allowed amount.')).toBeVisible();
      await expect(due).toHaveText('$459.00');
      await expectAccessible(page);

      await box.fill('qa10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('QA10 applied: -$45.90')).toBeVisible();
      await expect(table.getByText('Discount (QA10)')).toBeVisible();
      await expect(due).toHaveText('$413.10');
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      // The header's cart says the same (decision 0164).
      await page.getByRole('button', { name: /^Cart \(/ }).click();
      const cart = page.getByRole('dialog', { name: /^Cart \(/ });
      await expect(cart.getByText('Discount (QA10)')).toBeVisible();
      await expect(cart.getByText('-$45.90')).toBeVisible();
      await expect(cart.getByText('$413.10')).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(cart).toBeHidden();

      await page.getByRole('button', { name: 'Remove code' }).click();
      await expect(due).toHaveText('$459.00');
      expect(errors).toEqual([]);
    });
  });
}
