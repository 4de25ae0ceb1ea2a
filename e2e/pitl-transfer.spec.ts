import { expect, type Page, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectNoSidewaysScroll } from './patient-payment.ts';
import { EMPTY_CARD_SUMMARY, expectAccessible, watchConsole } from './support.ts';

/**
 * spec 3 §4 Transfer (decision 0290): the patient of a paid PITL order (README 'PITL orders') transfers its two unused
 * collection packs to a new patient for the $15.00 physician transfer fee; the new patient opens the new order at
 * /connect/{transferredOrderId}. Each viewport uses its own demo order.
 */
const ORDERS = {
  desktop: { requisition: '50040004', born: '1979-02-21' },
  phone: { requisition: '50040009', born: '1980-05-05' },
} as const;

async function orderIdOf(page: Page, requisition: string, born: string): Promise<number> {
  const answer = await page.request.get(
    `/gear/order/new?requisitionNumber=${requisition}&dateOfBirth=${born}`,
  );
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: number }).id;
}

for (const viewport of [
  { name: 'desktop' as const, size: { width: 1280, height: 900 } },
  { name: 'phone' as const, size: { width: 390, height: 844 } },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('two unused packs go to a new patient for $15.00, who opens the new order through /connect', async ({
      page,
    }) => {
      test.slow();
      const errors = watchConsole(page, [/\/gear\/order\/validation/]);
      const { requisition, born } = ORDERS[viewport.name];
      const id = await orderIdOf(page, requisition, born);
      await page.goto(`/order-status/${id}?requisitionNumber=${requisition}&dateOfBirth=${born}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
      await page.getByRole('button', { name: 'Transfer Collection Packs' }).click();
      const modal = page.getByRole('dialog', { name: 'Transfer Collection Packs' });
      await expect(modal.getByTestId('transfer-total')).toHaveText('Total $15.00');
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      // spec 3 §5: at least one pack.
      await modal.getByRole('button', { name: 'Transfer and Pay $15.00' }).click();
      await expect(
        modal.getByText('Please select at least one collection pack to transfer.', { exact: true }),
      ).toBeVisible();
      // Issue 15 (decision 0332): every message in the one summary at the top of the form, with the focus.
      const summary = modal.getByRole('alert').filter({ hasText: 'Please correct the following' });
      await expect(page.locator(':focus')).toContainText('Please correct the following');
      await expect(summary).toBeInViewport();
      const lines = summary.getByRole('link');
      await expect(lines.first()).toHaveText(
        'Collection packs to transfer: Please select at least one collection pack to transfer.',
      );
      await expect(
        summary.getByRole('link', { name: 'First name: Please provide a first name.' }),
      ).toBeVisible();
      expect((await lines.allInnerTexts()).slice(-EMPTY_CARD_SUMMARY.length)).toEqual([
        ...EMPTY_CARD_SUMMARY,
      ]);
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      await summary.getByRole('link', { name: 'First name: Please provide a first name.' }).click();
      await expect(modal.getByRole('textbox', { name: /^First name/ })).toBeFocused();

      await modal.getByRole('checkbox', { name: /Metabolomix/ }).check();
      await modal.getByRole('checkbox', { name: /NutrEval/ }).check();
      await modal.getByRole('textbox', { name: /^First name/ }).fill('Theo');
      await modal.getByRole('textbox', { name: /^Last name/ }).fill(`Newcomer${viewport.name}`);
      await modal.getByRole('textbox', { name: /^Date of birth/ }).fill('1995-06-01');
      await modal.getByRole('combobox', { name: /^Sex/ }).selectOption('M');
      await modal.getByRole('textbox', { name: /^Email/ }).fill('theo.newcomer@example.com');
      await modal.getByRole('textbox', { name: /^Cell phone/ }).fill('704-555-0100');
      await modal.getByRole('textbox', { name: /^Street address/ }).fill('1 Main Street');
      await modal.getByRole('textbox', { name: /^City/ }).fill('Charlotte');
      await modal.getByRole('combobox', { name: /^State/ }).selectOption('NC');
      await modal.getByRole('textbox', { name: /^Zip code/ }).fill('28202');
      await modal.getByRole('textbox', { name: /^Card number/ }).fill('4242424242424242');
      await modal.getByRole('textbox', { name: /^Cardholder name/ }).fill('Theo Newcomer');
      await modal.getByRole('textbox', { name: /^Expiration date/ }).fill('12/30');
      await modal.getByRole('textbox', { name: /^CVV/ }).fill('123');
      await modal.getByRole('textbox', { name: /^Billing zip code/ }).fill('28202');
      await modal.getByRole('button', { name: 'Transfer and Pay $15.00' }).click();

      await expect(modal.getByRole('heading', { name: 'Success' })).toBeVisible();
      const link = modal.getByRole('link', { name: /^Open order \d+$/ });
      const href = (await link.getAttribute('href')) as string;
      const newOrderId = Number(/\/connect\/(\d+)$/.exec(href)?.[1]);
      expect(newOrderId).toBeGreaterThan(id);
      await expectAccessible(page);
      await modal.getByRole('button', { name: 'Close' }).click();
      // Everything PITL-specific is in the order's timeline.
      await expect(page.getByTestId('order-timeline')).toContainText(
        `2 collection packs transferred to a new patient (order ${newOrderId})`,
      );

      // The new patient, in their own browser session, opens the new order through /connect.
      await page.context().clearCookies();
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
      await page.getByRole('textbox', { name: /Zip code/ }).fill('28202');
      await page.getByRole('textbox', { name: /Date of birth/ }).fill('1995-06-01');
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${newOrderId}/`));
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
    });
  });
}
