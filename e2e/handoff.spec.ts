import { type Browser, expect, type Page, test } from '@playwright/test';
import { dropShipOrder, getOrder, shipToOfficeOrder, signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * spec 3 §2 handoff form on the handoff step (route handoff, id 12): the practitioner emails the patient the link to
 * the order. The e2e server has no SMTP_URL, so the email goes to the outbox of npm start, which an admin reads at
 * /admin/outbox (docs/decisions/0090).
 */

// Each journey drives three browsers (practitioner, admin, patient) with axe on every page: three times the usual time.
test.slow();

async function readOutboxAsAdmin(browser: Browser, email: string, orderId: number) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin.ops');
  await admin.goto('/admin/outbox');
  await expect(admin.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expectAccessible(admin);
  await row.getByRole('link', { name: 'Your laboratory test order is ready for you' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Outbox message' })).toBeVisible();
  const message = admin.locator('pre');
  await expect(message).toContainText(`To: ${email}`);
  await expect(message).toContainText(`/connect/${orderId}`);
  await expect(message).not.toContainText('1985');
  await expectAccessible(admin);
  await context.close();
}

async function fillHandoff(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 2, name: 'Patient Information' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send Email' });
  await expect(send).toBeDisabled();
  await page.getByLabel(/^Email/).fill(email);
  await expect(send).toBeDisabled();
  await page.getByLabel(/^Date of birth/).fill('04/12/1985');
  await expect(send).toBeEnabled();
  await page.getByLabel(/^Last name/).fill('Testpatient');
  return send;
}

test('dr.avery hands a drop-ship order to the patient by email, and the outbox holds it', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  await signIn(page, 'dr.avery');
  const order = await dropShipOrder(page, 1);
  await page.goto(`/order/${order.id}/handoff`);
  const send = await fillHandoff(page, 'jane.e2e@example.com');
  await expectAccessible(page);

  await send.click();
  // The one error summary (issue 15, decision 0322) takes the focus and links to the field.
  const summary = page.getByRole('alert', { name: 'Please correct the following' });
  await expect(page.locator(':focus')).toContainText('Please correct the following');
  await summary.getByRole('link', { name: 'Shipping method: Please select a shipping method.' }).click();
  await expect(page.getByLabel(/^Shipping method/)).toBeFocused();
  await page.getByLabel(/^Shipping method/).selectOption('Second Day');
  await send.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The email was sent to jane.e2e@example.com.' }),
  ).toBeVisible();
  await expectAccessible(page);

  const saved = await getOrder(page, order.id);
  expect(saved.shippingMethod).toBe('Second Day');
  await readOutboxAsAdmin(browser, 'jane.e2e@example.com', order.id);
  expect(errors).toEqual([]);

  // The patient follows the email's link in a browser of their own and lands on Welcome Back (decision 0140), which
  // asks for their zip code, date of birth and the captcha; activation.spec.ts proves an order there.
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await patient.goto(`/connect/${order.id}`);
  await expect(patient.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(patient.getByRole('textbox', { name: /Zip code/ })).toBeVisible();
  await expect(patient.getByRole('textbox', { name: /Date of birth/ })).toBeVisible();
  await expectAccessible(patient);
  await patientContext.close();
});

test('on a phone (390×844) the handoff step of a ship-to-office order sends the email', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'dr.avery');
  const order = await shipToOfficeOrder(page, [540]);
  await page.goto(`/order/${order.id}/handoff`);
  const send = await fillHandoff(page, 'phone.e2e@example.com');
  await expect(page.getByLabel(/^Shipping method/)).toHaveCount(0);
  await expectAccessible(page);
  await send.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The email was sent to phone.e2e@example.com.' }),
  ).toBeVisible();
  const noHorizontalScroll = await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
  expect(noHorizontalScroll).toBe(true);
  await expectAccessible(page);
  await readOutboxAsAdmin(browser, 'phone.e2e@example.com', order.id);
});
