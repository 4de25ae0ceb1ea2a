import { expect, type Page, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * Issue 13: a patient registers a collection pack on no order and completes the order (spec 3 §2 /register/{reqNum?},
 * §6; spec 1 §4.4; decision 0170). Demo data: C522552298 / 50012346 and C317420685 / 50012351, unused packs of P1001.
 */
const textbox = (page: Page, name: RegExp | string) => page.getByRole('textbox', { name });

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    number: '50012346',
  },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } }, number: 'C317420685' },
]) {
  test.describe(viewport.name, () => {
    test.use(viewport.use);

    test(`a patient registers ${viewport.number} and completes it`, async ({ page }) => {
      // Two proofs of work, six steps, the payment and several axe runs: a long journey on a shared machine.
      test.setTimeout(300_000);
      // No console error: the browser asks for the session's own token type, not a guessed one (decision 0330).
      const consoleErrors = watchConsole(page);
      await page.goto(`/register/${viewport.number}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Patient Registration' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Activation number/ })).toHaveValue(viewport.number);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await page.getByRole('textbox', { name: /First name/ }).fill('Sam');
      await page.getByRole('textbox', { name: /Last name/ }).fill('Rivera');
      await page.getByRole('textbox', { name: /Date of birth/ }).fill('03/14/1990');
      await page.getByRole('textbox', { name: /Email/ }).fill('sam.rivera@example.com');
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Register' }).click();
      // Decision 0170: the order is theirs; the practitioner step is done, so they land on panel selection.
      await expect(page).toHaveURL(/\/order\/\d+\/panels\/\d+/);
      const orderId = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
      await expect(page.getByRole('heading', { name: 'Panel Selection', level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(
        'Activate & Order Tests',
      );
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page.getByRole('heading', { name: 'Billing Options', level: 1 })).toBeVisible();
      await page.getByRole('radio', { name: 'No Insurance Billing: Pay Full Amount' }).check();
      if (viewport.name === 'phone') await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page.getByRole('heading', { name: 'Sample Collection', level: 1 })).toBeVisible();
      await page.getByRole('radio', { name: 'No' }).check();
      if (viewport.name === 'phone') await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page.getByRole('heading', { name: 'Patient', level: 1 })).toBeVisible();
      await expect(textbox(page, /^First name/)).toHaveValue('Sam');
      await expect(textbox(page, /^Last name/)).toHaveValue('Rivera');
      await page.getByRole('combobox', { name: /^Sex/ }).selectOption({ label: 'Male' });
      await textbox(page, /^Cell phone/).fill('8285550190');
      await textbox(page, /^Phone/).fill('8285550190');
      await textbox(page, /^Street address/).fill('12 Haywood Street');
      await textbox(page, /^City/).fill('Asheville');
      await page.getByRole('combobox', { name: /^State$|^State \*/ }).selectOption('NC');
      await textbox(page, /^Zip code/).fill('28801');
      if (viewport.name === 'phone') await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: 'Next' }).click();

      // Decision 0325: paying the full amount, nobody bills an insurer: no insurance step (issue 15 saw ten
      // messages and no way past it).
      // The patient's review: the practitioner still has to agree (a registration), the patient pays and submits.
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}/summary`));
      await expect(page.getByRole('link', { name: /^Insurance/ })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Information Review' })).toBeVisible();
      await expect(page.getByText('Name: Sam Rivera')).toBeVisible();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoHorizontalScroll(page);
      await page.getByRole('radio', { name: 'Credit or debit card' }).check();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiration date (MM/YY)').fill('12/30');
      await page.getByLabel('CVV').fill('123');
      await page.getByLabel('Cardholder name').fill('Sam Rivera');
      await page.getByLabel('Billing zip code').fill('28801');
      await page.getByRole('checkbox', { name: /Patient\/Responsible Party Acknowledgement/ }).check();
      await page.getByRole('checkbox', { name: /No Surprises Act/ }).check();
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('confirmation-code')).toHaveText(String(orderId));
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoHorizontalScroll(page);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('the registration prompt of Activate Your Test opens the registration with the number filled in', async ({
  page,
}) => {
  // A proof of work and an axe run on a shared machine.
  test.slow();
  watchConsole(page, [/\/gear\/orderId/]);
  await page.goto('/');
  await page.getByRole('textbox', { name: /Activation number/ }).fill('C862194578');
  await page.getByRole('textbox', { name: /Date of birth/ }).fill('03/14/1990');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('link', { name: 'Register this collection pack' }).click();
  await expect(page).toHaveURL(/\/register\/C862194578$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Registration' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Activation number/ })).toHaveValue('C862194578');
  await expect(page).toHaveTitle('Patient Registration');
  await expectAccessible(page);
});
