import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORDS, expectAccessible, watchConsole } from './support.ts';

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';

async function signIn(page: Page, login: keyof typeof DEMO_PASSWORDS) {
  await page.goto('/login');
  await page.getByLabel('Login name').fill(login);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORDS[login]);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Through the UI: the practitioner step for P1001, then Ship to Patient with product 540, to its billing step. */
async function orderGiEffects(page: Page) {
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await page.getByLabel('Practitioner', { exact: true }).selectOption({ label: 'Dana Avery, MD (P1001)' });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/panels$/);
  await page.getByRole('button', { name: 'Ship to Patient' }).click();
  await page.getByRole('button', { name: /^Complete Alphabetical Listing/ }).click();
  await page
    .getByRole('list', { name: 'Complete Alphabetical Listing' })
    .getByRole('button', { name: `Select ${GI}` })
    .click();
  await page.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/billing\/\d+$/);
}

test('dr.avery chooses Bill Insurance for product 540 and sees the initial payment and range', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await orderGiEffects(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Options' })).toBeVisible();
  const insurance = page.getByRole('radio', { name: 'Bill Insurance with Patient Payment' });
  await expect(insurance).toBeVisible();
  // The initial payment ($199.00) and the range up to the most out of pocket ($299.00) of the demo price list.
  await expect(
    page.getByText('$199.00 initial payment, plus $0.00 to $100.00 additional after insurance'),
  ).toBeVisible();
  await expect(page.getByText('$459.00')).toBeVisible();
  await expect(page.getByText('Billed to the practitioner account')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select a billing option.', { exact: true })).toBeVisible();
  // Issue 15 (decision 0322): the summary at the top has the focus and links to the field.
  await expect(page.locator(':focus')).toContainText('Please correct the following');
  await page.getByRole('link', { name: 'Billing option: Please select a billing option.' }).click();
  await expect(page.getByRole('radio').first()).toBeFocused();

  await page.getByRole('button', { name: 'View the requisition form' }).click();
  await expect(page.getByRole('dialog', { name: 'Requisition form: billing section' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Close the requisition form' }).click();

  await insurance.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/dxCodes\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnosis Codes' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("on dxCodes 'K58' lists the irritable bowel codes, 'ZZZ99' is not a valid ICD code, Next saves", async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await orderGiEffects(page);
  await page.getByRole('radio', { name: 'Bill Insurance with Patient Payment' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/dxCodes\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnosis Codes' })).toBeVisible();
  await expect(page.getByRole('group', { name: `Codes for ${GI}` })).toBeVisible();
  await expectAccessible(page);

  // Insurance billing needs a code; 540 lists codes.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select a diagnosis code.', { exact: true })).toBeVisible();
  // Issue 15 (decision 0322): the summary at the top has the focus.
  await expect(page.locator(':focus')).toContainText('Diagnosis codes: Please select a diagnosis code.');

  const field = page.getByRole('combobox', { name: 'Additional diagnosis code' });
  await field.fill('K58');
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const code of ['K58.0', 'K58.1', 'K58.2', 'K58.9']) {
    await expect(
      page.getByRole('option', { name: new RegExp(`^${code.replace('.', '\\.')} `) }),
    ).toBeVisible();
  }
  await expect(options.filter({ hasNotText: /irritable bowel/i })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('option', { name: /^K58\.2 / }).click();
  await expect(page.getByRole('checkbox', { name: /^K58\.2 / })).toBeChecked();

  await field.fill('ZZZ99');
  await page.getByRole('button', { name: 'Add Code' }).click();
  await expect(page.getByText('Please enter a valid ICD code.')).toBeVisible();
  await expectAccessible(page);

  await field.fill('k58.0');
  await page.getByRole('button', { name: 'Add Code' }).click();
  await expect(
    page.getByText(
      "The code you've entered is defined on the requisition. It has been selected in the list for you.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^K58\.0 / })).toBeChecked();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/collection\/\d+$/);
  expect(consoleErrors).toEqual([]);
});
