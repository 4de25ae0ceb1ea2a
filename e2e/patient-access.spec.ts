import { expect, type Page, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * Patients reach their order with the link of spec 1 §2.8 (decision 0040): a requisition or activation number and
 * their date of birth, no password. Demo data: Jane Testpatient (pack C824591515, requisition 50012345, born
 * 1985-04-12) on P1001's drop-ship order; Alex Rivera (paperless pack C565591369, requisition 50012347, born
 * 1990-07-21) on P1002's order (decision 0041).
 */
const patientLink = (number: string, dateOfBirth: string) =>
  `/order/new/panels?requisitionNumber=${number}&dateOfBirth=${dateOfBirth}`;

const NOT_FOUND =
  'We could not find a requisition with that number. Please check the number and contact the provider if you believe it is valid.';

async function openAsPatient(page: Page, number: string, dateOfBirth: string) {
  await page.goto(patientLink(number, dateOfBirth));
  await expect(page).toHaveURL(/\/order\/\d+\/panels\/\d+\?requisitionNumber=/);
  await expect(page.getByText('Signed in as a patient')).toBeVisible();
}

test('Jane Testpatient opens her order from her link and reaches its patient step', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await openAsPatient(page, '50012345', '1985-04-12');
  const orderId = /\/order\/(\d+)\//.exec(page.url())?.[1];
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('GI Effects', { exact: false }).first()).toBeVisible();
  // A patient has no order-type choice and no practitioner-only controls (spec 1 §6).
  await expect(page.getByRole('button', { name: 'Ship to Office' })).toHaveCount(0);
  await expect(page.getByText("I don't have a number")).toHaveCount(0);
  await expectAccessible(page);

  // Next through the steps a patient sees (spec 1 §4.1: prc skips practitioner and diagnosis codes).
  await expect(page.getByRole('checkbox', { name: 'Calprotectin' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Billing Options', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'No Insurance Billing: Pay Full Amount' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Sample Collection', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'No' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/patient`));
  await expect(page.getByRole('heading', { name: 'Patient', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Jane');
  await expect(page.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Testpatient');
  // spec 2 §2, §6: patients never see patient search; they see the marketing opt-in.
  await expect(page.getByRole('textbox', { name: 'Search by name and date of birth' })).toHaveCount(0);
  await expect(
    page.getByRole('checkbox', { name: 'Yes, email me news and offers about laboratory testing.' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Home: Activate Your Test, where a patient opens another pack of theirs (decision 0140); a wrong date of birth
  // answers the activation not-found text.
  await page.getByRole('link', { name: 'Activate & Order Tests' }).click();
  await expect(page.getByRole('heading', { name: 'Activate Your Test', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /Activation number/ }).fill('C922499553');
  await page.getByRole('textbox', { name: /Date of birth/ }).fill('01/01/1970');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'We could not find a requisition associated with that number. Please check the number and your date of birth, and contact your provider if you believe it is valid.',
  );

  // Another order is not theirs: the 403 page.
  await page.goto('/order/100002/patient');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors.filter((e) => !e.includes('403') && !e.includes('404'))).toEqual([]);
});

test('a wrong date of birth is refused, saying no more than for an unknown number', async ({ page }) => {
  watchConsole(page);
  await page.goto(patientLink('50012345', '1985-04-13'));
  await expect(page.getByRole('alert')).toContainText(NOT_FOUND);
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  await expect(page.getByText('Testpatient')).toHaveCount(0);
  await expectAccessible(page);
});

test("an activation number the practitioner has not ordered yet shows 'Collection Pack Activation Pending'", async ({
  page,
}) => {
  await page.goto(patientLink('C171521339', '1985-04-12'));
  await expect(page.getByRole('heading', { name: 'Collection Pack Activation Pending' })).toBeVisible();
  await expect(page.getByText("waiting for your doctor's test orders")).toBeVisible();
  await expectAccessible(page);
});

test('the paperless pack opens with its tests preselected and locked', async ({ page }) => {
  await openAsPatient(page, '50012347', '1990-07-21');
  await expect(page.getByRole('heading', { name: 'SIBO Breath Test', level: 2 })).toBeVisible();
  for (const name of [
    'SIBO 2-Hour Breath Test',
    'Hydrogen (H2), 7 breath samples',
    'Methane (CH4), 7 breath samples',
  ]) {
    const box = page.getByRole('checkbox', { name, exact: true });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
  }
  for (const name of ['SIBO 3-Hour Breath Test', 'Hydrogen (H2), 9 breath samples']) {
    const box = page.getByRole('checkbox', { name, exact: true });
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
  }
  await expectAccessible(page);
});

test("a patient's link to a step of their order (?dateOfBirth, spec 3 §7) opens that step", async ({
  page,
  request,
}) => {
  // The order's id, as the lab's e-mail would carry it (found here without the browser's session).
  const lookup = await request.get('/gear/order?requisitionNumber=50012345&dateOfBirth=1985-04-12');
  expect(lookup.ok()).toBe(true);
  const { id } = (await lookup.json()) as { id: number };

  await page.goto(`/order/${id}/patient?dateOfBirth=1980-01-01`);
  await expect(page.getByRole('alert')).toContainText('We could not find that order.');
  await expectAccessible(page);

  await page.goto(`/order/${id}/patient?dateOfBirth=04/12/1985`);
  await expect(page.getByText('Signed in as a patient')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patient', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Testpatient');
  await expectAccessible(page);

  // Signed in for Jane's order, the same browser follows the link of another order (Alex Rivera's).
  const alex = await request.get('/gear/order?requisitionNumber=50012347&dateOfBirth=1990-07-21');
  const alexId = ((await alex.json()) as { id: number }).id;
  await page.goto(`/order/${alexId}/patient?dateOfBirth=1990-07-21`);
  await expect(page.getByRole('heading', { name: 'Patient', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Rivera');
});
