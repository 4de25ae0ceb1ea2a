import { expect, type Page, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectAccessible, expectTouchTargets, watchConsole } from './support.ts';

/**
 * Issue 13: patients activate a test, come back through Welcome Back, on a phone first (spec 3 §2, §4, §5, §8;
 * decisions 0140-0142). Demo data: Jane Testpatient (pack C824591515, born 1985-04-12, zip 28806) on P1001's
 * drop-ship order; C522552298 / 50012346 an unused pack on no order; 4500000 a 7-digit number over 4,000,000.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const NOT_FOUND =
  'We could not find a requisition associated with that number. Please check the number and your date of birth, and contact your provider if you believe it is valid.';

/** No horizontal scrolling at phone size (the page runs this in the browser). */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The inline links of the activation page (under 44 px, in running text). */
const INLINE_LINKS = ['Register a collection pack', 'sign in as a practitioner', 'activate your test'];
const expectActivationTargets = (page: Page) => expectTouchTargets(page, 'Activation', INLINE_LINKS);

async function activate(page: Page, number: string, dateOfBirth: string, gdxId?: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Activate Your Test' })).toBeVisible();
  await page.getByRole('textbox', { name: /Activation number/ }).fill(number);
  await page.getByRole('textbox', { name: /Date of birth/ }).fill(dateOfBirth);
  if (gdxId) await page.getByRole('textbox', { name: /Practitioner GDX ID/ }).fill(gdxId);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Activate' }).click();
}

test('Jane Testpatient activates C824591515 on a phone and lands on her first incomplete step', async ({
  page,
}) => {
  // Two proofs of work, three axe runs and a page of the wizard: a long journey on a shared machine.
  test.slow();
  // No console error: the browser asks for the session's own token type, not a guessed one (decision 0330).
  const consoleErrors = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Activate Your Test' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await expectActivationTargets(page);
  const dateOfBirth = page.getByRole('textbox', { name: /Date of birth/ });
  await expect(dateOfBirth).toHaveAttribute('autocomplete', 'bday');
  await expect(dateOfBirth).toHaveAttribute('inputmode', 'numeric');
  await expect(dateOfBirth).toHaveCSS('font-size', '16px');

  await activate(page, 'C824591515', '04/12/1985');
  await expect(page).toHaveURL(
    /\/order\/\d+\/(panels|billing|collection|patient|insurance|summary|payment|confirm)/,
  );
  // At phone size the header keeps only the sign-out button (the 'Signed in as a patient' text is for wider screens).
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Activate & Order Tests');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  expect(consoleErrors).toEqual([]);
});

test('a 7-digit number over 4,000,000 asks for the GDX ID', async ({ page }) => {
  await page.goto('/kitordering');
  await page.getByRole('textbox', { name: /Activation number/ }).fill('4500000');
  await expect(page.getByRole('textbox', { name: /Practitioner GDX ID/ })).toHaveAttribute('required', '');
  await page.getByRole('textbox', { name: /Date of birth/ }).fill('04/12/1985');
  await page.getByRole('button', { name: 'Activate' }).click();
  const needed = "Please enter the ordering practitioner's GDX ID to activate this requisition number.";
  // The one error summary (issue 15, decision 0322): its link moves the focus to the field the message describes.
  const summary = page.getByRole('alert', { name: 'Please correct the following' });
  await summary.getByRole('link', { name: `Practitioner GDX ID: ${needed}` }).click();
  const gdxId = page.getByRole('textbox', { name: /Practitioner GDX ID/ });
  await expect(gdxId).toBeFocused();
  await expect(gdxId).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

test('an unused pack on no order leads to registration', async ({ page }) => {
  watchConsole(page, [/\/gear\/orderId/]);
  await activate(page, 'C522552298', '04/12/1985');
  await expect(page.getByRole('link', { name: 'Register this collection pack' })).toHaveAttribute(
    'href',
    '/register/C522552298',
  );
  await expectAccessible(page);
});

test('a wrong date of birth shows the not-found text', async ({ page }) => {
  watchConsole(page, [/\/gear\/orderId/]);
  await activate(page, 'C824591515', '04/13/1985');
  await expect(page.getByRole('alert')).toContainText(NOT_FOUND);
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
});

test('the scan button is offered on a phone and a typed number still works', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Scan the code on your pack' })).toBeVisible();
  await activate(page, 'C824591515', '1985-04-12');
  await expect(page).toHaveURL(/\/order\/\d+\//);
});

test('a returning visit through /connect with zip code and date of birth', async ({ page }) => {
  // Three proofs of work and an axe run.
  test.slow();
  watchConsole(page, [/\/gear\/order\/validation/]);
  await activate(page, 'C824591515', '04/12/1985');
  await expect(page).toHaveURL(/\/order\/\d+\//);
  const orderId = /\/order\/(\d+)\//.exec(page.url())?.[1];
  await page.context().clearCookies();
  await page.goto(`/connect/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await expectActivationTargets(page);
  await page.getByRole('textbox', { name: /Zip code/ }).fill('99999');
  await page.getByRole('textbox', { name: /Date of birth/ }).fill('04/12/1985');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Validation failed, please check your information for this order.',
  );
  await page.getByRole('textbox', { name: /Zip code/ }).fill('28806');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/`));
  // At phone size the header keeps only the sign-out button (the 'Signed in as a patient' text is for wider screens).
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
