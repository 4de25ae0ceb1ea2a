import { expect, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { bearer, getOrder, shipToOfficeOrder, signIn } from './orders.ts';
import { acknowledge, expectNoSidewaysScroll, fillCard, openAsPatient } from './patient-payment.ts';
import { EMPTY_CARD_SUMMARY, expectAccessible, expectErrorSummary, watchConsole } from './support.ts';

/**
 * Payment journeys (spec 3 §2 'Payment section', §5, §8; decisions 0120, 0121) on the demo orders whose patients pay
 * (README: Sofia Payne 50012390, Marcus Bell 50012391, Grace Lin 50012392, Lena Ortiz 50012393, Paul Prescott 50012397
 * and Nina Chekov 50012396, all on P1001's drop-ship orders). Cards are test cards of ../shared/data/test_cards.tsv,
 * honoured by the local gateway; prepay codes are the seeded ones (README).
 */
for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 }, reqNumber: '50012390', dateOfBirth: '1982-09-14' },
  { name: 'phone', size: { width: 390, height: 844 }, reqNumber: '50012391', dateOfBirth: '1975-01-23' },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('a patient pays by card with the captcha and the acknowledgements; a declined card first charges nothing', async ({
      page,
    }) => {
      test.slow();
      // The declined card answers 402.
      const errors = watchConsole(page, [/confirm-and-pay/]);
      const id = await openAsPatient(page, viewport.reqNumber, viewport.dateOfBirth);
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      // spec 3 §5: nothing chosen yet.
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Please select a payment type.', { exact: true })).toBeVisible();
      // Issue 15 (decision 0332): the payment section's messages in its one summary, at its top, with the focus.
      const payment = [
        'Patient/Responsible Party Acknowledgement: Patient/Responsible Party Acknowledgement is required.',
        'No Surprises Act (NSA) Acknowledgement: Non Surprise Act(NSA) Acknowledgement is required.',
        'Verification: Please complete the CAPTCHA.',
      ];
      await expectErrorSummary(page, ['Payment type: Please select a payment type.', ...payment]);
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      // The card chosen and left empty: its messages join the summary, each leading to its field.
      await page.getByRole('radio', { name: 'Credit or debit card' }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      const summary = await expectErrorSummary(page, [...EMPTY_CARD_SUMMARY, ...payment]);
      await summary.getByRole('link', { name: /^Card number: / }).click();
      await expect(page.getByLabel('Card number')).toBeFocused();
      await expectAccessible(page);

      await fillCard(page, '4000 0000 0000 0002');
      await acknowledge(page);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'There was a problem with your test payment.' }),
      ).toContainText('There was a problem with your test payment. Your card was declined.');
      await expectAccessible(page);
      const payments = await page.request.get(`/gear/order/${id}/payments`);
      expect(await payments.json()).toEqual([]);

      await fillCard(page, '4242 4242 4242 4242');
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('confirmation-code')).toHaveText(String(id));
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      const paid = (await (await page.request.get(`/gear/order/${id}/payments`)).json()) as {
        cardLast4: string;
        status: string;
      }[];
      expect(paid).toMatchObject([{ cardLast4: '4242', status: 'captured' }]);
      expect(errors).toEqual([]);
    });
  });
}

for (const viewport of [
  {
    name: 'desktop',
    size: { width: 1280, height: 900 },
    reqNumber: '50012392',
    dateOfBirth: '1993-05-30',
    cardNo: '6011 1111 1111 1117',
  },
  {
    name: 'phone',
    size: { width: 390, height: 844 },
    reqNumber: '50012393',
    dateOfBirth: '1988-11-02',
    cardNo: '5555 5555 5555 4444',
  },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('a patient pays with a 3-month plan: the amounts and dates shown, the first charged today', async ({
      page,
    }) => {
      test.slow();
      const errors = watchConsole(page);
      const id = await openAsPatient(page, viewport.reqNumber, viewport.dateOfBirth);
      await page.getByRole('radio', { name: 'Credit or debit card' }).check();
      await fillCard(page, viewport.cardNo);
      await page.getByRole('radio', { name: 'Monthly payment plan' }).check();
      await page.getByLabel('Number of monthly payments').selectOption('3');
      const plan = page.getByRole('table', { name: 'Instalments' });
      await expect(plan.getByRole('row')).toHaveCount(4);
      await expect(plan.getByRole('row').nth(1)).toContainText('Today');
      const shownAmounts = await plan.locator('tbody tr td:last-child').allInnerTexts();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      await acknowledge(page);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('confirmation-code')).toHaveText(String(id));
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      const [payment] = (await (await page.request.get(`/gear/order/${id}/payments`)).json()) as {
        installmentCount: number;
        cardLast4: string;
        instalments: { status: string; amountCents: number }[];
      }[];
      expect(payment?.installmentCount).toBe(3);
      expect(payment?.cardLast4).toBe(viewport.cardNo.slice(-4));
      expect(payment?.instalments.map((i) => i.status)).toEqual(['charged', 'scheduled', 'scheduled']);
      // The amounts the table showed are the ones recorded.
      expect(payment?.instalments.map((i) => `$${(i.amountCents / 100).toFixed(2)}`)).toEqual(shownAmounts);
      expect(errors).toEqual([]);
    });
  });
}

// The check patient tries the code the prepay patient redeemed: the two run in this order, the second only after the first.
test.describe
  .serial('patients paying by prepay code and by check', () => {
    const prepayCode = 'PRE005';

    test.describe('desktop', () => {
      test.use({ viewport: { width: 1280, height: 900 } });

      test('a patient pays with a prepay code and submits', async ({ page }) => {
        test.slow();
        const errors = watchConsole(page);
        const id = await openAsPatient(page, '50012397', '1984-04-08');
        await page.getByRole('radio', { name: 'Prepay code' }).check();
        const code = page.getByLabel('Confirmation code');
        await expectAccessible(page);

        // spec 3 §5: the code is 6 characters.
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(
          page.getByText('Please provide your 6-digit confirmation code.', { exact: true }),
        ).toBeVisible();
        await code.fill('PRE05');
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(
          page.getByText('Please provide a valid 6-digit confirmation code.', { exact: true }),
        ).toBeVisible();

        await code.fill(prepayCode);
        await acknowledge(page);
        await solveCaptcha(page);
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId('confirmation-code')).toHaveText(String(id));
        await expectAccessible(page);
        const paid = (await (await page.request.get(`/gear/order/${id}/payments`)).json()) as {
          paymentType: string;
          status: string;
          amountCents: number;
          cardLast4: string | null;
        }[];
        expect(paid).toMatchObject([{ paymentType: 'prepay', status: 'captured', cardLast4: null }]);
        expect(paid[0]?.amountCents).toBeGreaterThan(0);
        expect(errors).toEqual([]);
      });
    });

    test.describe('phone', () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test('a patient whose prepay code was already used is refused, then pays by check and submits', async ({
        page,
      }) => {
        test.slow();
        // The refused code answers 422.
        const errors = watchConsole(page, [/confirm-and-pay/]);
        const id = await openAsPatient(page, '50012396', '1979-07-19');
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);

        await page.getByRole('radio', { name: 'Prepay code' }).check();
        await page.getByLabel('Confirmation code').fill(prepayCode);
        await acknowledge(page);
        await solveCaptcha(page);
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(
          page.getByText('This confirmation code is not valid or has already been used.').first(),
        ).toBeVisible();
        await expectAccessible(page);
        expect(await (await page.request.get(`/gear/order/${id}/payments`)).json()).toEqual([]);

        await page.getByRole('radio', { name: 'Check', exact: true }).check();
        await expect(page.getByLabel('Confirmation code')).toHaveCount(0);
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.getByText('Please provide a check number.', { exact: true })).toBeVisible();
        await page.getByLabel('Check number').fill('1042');
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await solveCaptcha(page);
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId('confirmation-code')).toHaveText(String(id));
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        const paid = (await (await page.request.get(`/gear/order/${id}/payments`)).json()) as {
          paymentType: string;
          status: string;
          cardLast4: string | null;
        }[];
        expect(paid).toMatchObject([{ paymentType: 'check', status: 'recorded', cardLast4: null }]);
        expect(errors).toEqual([]);
      });
    });
  });

test('dr.avery pays expedited shipping with the saved shipping card on file, with no patient acknowledgements', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'dr.avery');
  const order = await shipToOfficeOrder(page, [540]);
  const shipped = await page.request.put(`/gear/order/${order.id}/shippingInfo/`, {
    headers: await bearer(page),
    data: {
      gearOrderId: order.id,
      version: order.version,
      shippingMethod: 'Second Day',
      company: 'Blue Ridge Integrative Medicine',
      attention: 'Dana Avery',
      address1: '63 Zillicoa Street',
      address2: null,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      country: 'United States',
      instructions: null,
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  await page.goto(`/order/${order.id}/confirm`);
  await expect(page.getByRole('heading', { name: 'Expedited shipping charges' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /No Surprises Act/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Saved shipping card on file (Mastercard ending 4444)' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  const placed = await getOrder(page, order.id);
  expect(placed.id).toBe(order.id);
  const payments = (await (
    await page.request.get(`/gear/order/${order.id}/payments`, { headers: await bearer(page) })
  ).json()) as { paymentType: string; cardLast4: string }[];
  expect(payments).toMatchObject([{ paymentType: 'expeditedShipping', cardLast4: '4444' }]);
});
