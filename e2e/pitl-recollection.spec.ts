import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './patient-payment.ts';
import { EMPTY_CARD_SUMMARY, expectAccessible, expectErrorSummary, watchConsole } from './support.ts';

/**
 * spec 3 §3 pitlRecollectionOrderSummary, §9 'Replacement Fee' (decisions 0291, 0293): Rhea Recollect's PITL order
 * (README 'PITL orders', requisition 50040006, born 1986-12-09) has a recollection pending that requires the $40
 * replacement fee. At phone size the patient sees it; at desktop size the patient pays it and returns to the order.
 */
const REQUISITION = '50040006';
const BORN = '1986-12-09';

async function openStatus(page: Page): Promise<number> {
  const answer = await page.request.get(
    `/gear/order/new?requisitionNumber=${REQUISITION}&dateOfBirth=${BORN}`,
  );
  expect(answer.status()).toBe(200);
  const id = ((await answer.json()) as { id: number }).id;
  await page.goto(`/order-status/${id}?requisitionNumber=${REQUISITION}&dateOfBirth=${BORN}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
  return id;
}

/** Issue 15 (decision 0332): an empty card lists its messages in the summary at the top of the form, focused. */
async function expectEmptyCardRefused(page: Page) {
  const section = page.getByRole('region', { name: 'Recollection pending' });
  await section.getByRole('button', { name: 'Pay Replacement Fee' }).click();
  const summary = await expectErrorSummary(page, EMPTY_CARD_SUMMARY);
  await expectAccessible(page);
  await summary.getByRole('link', { name: /^Billing zip code: / }).click();
  await expect(section.getByRole('textbox', { name: /^Billing zip code/ })).toBeFocused();
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the pending recollection and its Replacement Fee show without sideways scroll', async ({ page }) => {
    const errors = watchConsole(page);
    await openStatus(page);
    const section = page.getByRole('region', { name: 'Recollection pending' });
    await expect(section.getByRole('columnheader', { name: 'Replacement Fee' })).toBeVisible();
    await expect(section.getByRole('cell', { name: '$40.00' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await expectEmptyCardRefused(page);
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('the patient pays the $40 replacement fee and returns to the order', async ({ page }) => {
    const errors = watchConsole(page);
    const id = await openStatus(page);
    const section = page.getByRole('region', { name: 'Recollection pending' });
    await expectEmptyCardRefused(page);
    await section.getByRole('textbox', { name: /^Card number/ }).fill('4242424242424242');
    await section.getByRole('textbox', { name: /^Cardholder name/ }).fill('Rhea Recollect');
    await section.getByRole('textbox', { name: /^Expiration date/ }).fill('12/30');
    await section.getByRole('textbox', { name: /^CVV/ }).fill('123');
    await section.getByRole('textbox', { name: /^Billing zip code/ }).fill('28202');
    await section.getByRole('button', { name: 'Pay Replacement Fee' }).click();
    await expect(
      section.getByText('Your replacement collection pack is on its way; nothing is due.'),
    ).toBeVisible();
    await expect(page.getByTestId('order-timeline')).toContainText(
      'Replacement fee paid for the recollection',
    );
    await expectAccessible(page);
    await section.getByRole('link', { name: 'Return to Order' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}`));
    expect(errors).toEqual([]);
  });
});
