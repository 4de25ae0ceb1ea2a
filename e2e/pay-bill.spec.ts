import { expect, type Page, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectNoSidewaysScroll, fillCard } from './patient-payment.ts';
import {
  EMPTY_CARD_SUMMARY,
  expectAccessible,
  expectErrorSummary,
  expectTouchTargets,
  watchConsole,
} from './support.ts';

/**
 * Pay Bill (spec 3 §2 /pay/ereq/{gearReqId}; decision 0300): Bill Due's order (README 'Orders in every status',
 * requisition 50031003, born 1994-02-24) has results ready on a test billed to the patient and not paid. The status
 * page offers Pay Bill; the page shows the amount due; a declined card changes nothing; a good card pays it once and
 * the timeline says so.
 */
const REQUISITION = '50031003';
const BORN = '1994-02-24';

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

/**
 * Issue 15 (decision 0332): Pay with nothing typed lists the card's and the verification's messages in the one error
 * summary at the top of the form, with the focus; a line leads to its field.
 */
async function expectEmptyPayRefused(page: Page) {
  const due = await page.getByTestId('amount-due').textContent();
  await page.getByRole('button', { name: `Pay ${due}` }).click();
  const summary = await expectErrorSummary(page, [
    ...EMPTY_CARD_SUMMARY,
    'Verification: Please complete the CAPTCHA.',
  ]);
  await expect(page.getByText('Please provide a CVV code.', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await summary.getByRole('link', { name: /^CVV: / }).click();
  await expect(page.getByLabel('CVV')).toBeFocused();
}

async function openBill(page: Page, id: number) {
  await page.getByRole('link', { name: 'Pay Bill' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/pay/ereq/\\d+\\?requisitionNumber=${REQUISITION}&orderNo=${id}&dateOfBirth=${BORN}`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Bill' })).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText(/^\$[1-9][\d,]*\.\d{2}$/);
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the status page offers Pay Bill; the bill and its card form fit the phone', async ({ page }) => {
    const errors = watchConsole(page, [/\/mygdx\/account\/JWT\/myGDX/]);
    const id = await openStatus(page);
    await expectAccessible(page);
    await openBill(page, id);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await expectEmptyPayRefused(page);
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(page, 'Pay Bill with its error summary');
    expect(errors).toEqual([]);
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('a declined card changes nothing; a good card pays the bill once, shown in the timeline', async ({
    page,
  }) => {
    const errors = watchConsole(page, [/\/mygdx\/account\/JWT\/myGDX/, /bill-payment/]);
    const id = await openStatus(page);
    await openBill(page, id);
    const due = await page.getByTestId('amount-due').textContent();
    await expectEmptyPayRefused(page);
    await fillCard(page, '4000000000000002');
    await solveCaptcha(page);
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
    await expect(page.getByTestId('amount-due')).toHaveText(due ?? '');
    await expectAccessible(page);
    await page.getByLabel('Card number').fill('4242424242424242');
    await solveCaptcha(page);
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${due} was paid with the Visa ending 4242` }),
    ).toBeVisible();
    await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
    await expectAccessible(page);
    await page.getByRole('link', { name: `Back to order ${id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay Bill' })).toHaveCount(0);
    await expect(page.getByTestId('order-timeline')).toContainText(`Bill paid ${due} (Pay Bill)`);
    expect(errors).toEqual([]);
  });
});
