import { expect, type Page, test } from '@playwright/test';
import { type DemoLogin, expectAccessible, signIn, watchConsole } from './support.ts';

const GI_3_DAY = 'GI Effects Comprehensive Profile - Stool (3-day)';
const GI_1_DAY = 'GI Effects Comprehensive Profile - Stool (1-day)';
const ADD_ON_EXCLUSION =
  'Please choose between the Toxic Elements Clearance or the Comprehensive Urine Elements. Toxic Elements Clearance is included in the Comprehensive Urine Elements so both cannot be selected.';

/** Signs in, ticks the authorization for the user's own practitioner and saves the practitioner step. */
async function startOrder(page: Page, login: DemoLogin) {
  await signIn(page, login);
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/panels$/);
  await expect(page.getByRole('heading', { name: 'What would you like to do?' })).toBeVisible();
}

/** Types into 'Select a product' and answers the Filtered Products list. */
async function filterProducts(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Select a product' }).fill(text);
  return page.getByRole('list', { name: 'Filtered Products' });
}

async function chooseForPatient(page: Page, product: string) {
  await page.getByRole('button', { name: 'Ship to Patient' }).click();
  const filtered = await filterProducts(page, product);
  await filtered.getByRole('button', { name: `Select ${product}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: product })).toBeVisible();
}

test('dr.avery orders two products to the office with quantities, saves, and lands on the next step', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await startOrder(page, 'dr.avery');
  await expect(
    page.getByRole('group', { name: 'What would you like to do?' }).getByRole('button'),
  ).toHaveText(['Ship to Office', 'Ship to Patient', 'Activate Online']);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Ship to Office' }).click();
  const filtered = await filterProducts(page, 'GI Effects');
  await filtered.getByRole('textbox', { name: `Quantity of ${GI_3_DAY}` }).fill('3');
  await filtered.getByRole('textbox', { name: `Quantity of ${GI_1_DAY}` }).fill('2');
  const summary = page.getByRole('region', { name: 'Selected products' });
  await expect(summary.getByRole('row', { name: new RegExp(`^${literal(GI_3_DAY)}`) })).toContainText('3');
  await expect(summary.getByRole('row', { name: new RegExp(`^${literal(GI_1_DAY)}`) })).toContainText('2');
  await expect(summary.getByRole('row', { name: /Total packs/ })).toContainText('5');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  // Decision 0325: packs for the office ask for no one patient's billing, collection, patient or insurance.
  await expect(page).toHaveURL(/\/order\/\d+\/confirm$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Information Review' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('a drop-ship order of product 617: choosing add-on 5877 then 5887 shows the exclusion warning', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await startOrder(page, 'dr.avery');
  await chooseForPatient(page, 'Metabolomix+');
  await page.getByRole('checkbox', { name: 'Metabolomix+', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'Organic Acids' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Toxic Element Clearance (urine)' }).check();
  const comprehensive = page.getByRole('checkbox', { name: 'Comprehensive Urine Element Profile' });
  await comprehensive.click();
  await expect(page.getByRole('alert')).toHaveText(ADD_ON_EXCLUSION);
  await expect(comprehensive).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Toxic Element Clearance (urine)' })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/billing\/\d+$/);
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('dr.evans (Toronto) is capped at 25 packs across lines, with the message and the configured phone', async ({
  page,
  request,
}) => {
  const { supportPhone } = (await (await request.get('/api/config')).json()) as { supportPhone: string };
  const consoleErrors = watchConsole(page);
  await startOrder(page, 'dr.evans');
  await page.getByRole('button', { name: 'Ship to Office' }).click();
  const filtered = await filterProducts(page, 'GI Effects');
  await filtered.getByRole('textbox', { name: `Quantity of ${GI_3_DAY}` }).fill('20');
  const oneDay = filtered.getByRole('textbox', { name: `Quantity of ${GI_1_DAY}` });
  await oneDay.fill('9');
  await expect(oneDay).toHaveValue('5');
  await expect(page.getByRole('alert')).toHaveText(
    `A maximum of 25 collection packs may be ordered online. If you need to order more packs, please call us at ${supportPhone}.`,
  );
  await expect(
    page.getByRole('region', { name: 'Selected products' }).getByRole('row', { name: /Total packs/ }),
  ).toContainText('25');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  // Decision 0325: packs for the office ask for no one patient's billing, codes, collection, patient or insurance.
  await expect(page).toHaveURL(/\/order\/\d+\/confirm$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Information Review' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('searching C824591516, C505860338 and C922499553: bad check digit, removed pack notice, locked order', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page, [/\/gear\/order\?requisitionNumber=C505860338$/]);
  await startOrder(page, 'dr.avery');
  await page.getByRole('button', { name: 'Activate Online' }).click();
  const number = page.getByRole('textbox', { name: 'Requisition or Activation Number' });
  const begin = page.getByRole('button', { name: 'Begin' });
  await expect(page.getByRole('button', { name: "I don't have a number" })).toBeVisible();
  await expectAccessible(page);

  await number.fill('C824591516');
  await begin.click();
  await expect(page.getByText('We could not find that activation number.', { exact: false })).toHaveText(
    'We could not find that activation number. Please check the number and contact the provider if you believe it is valid.',
  );
  await expectAccessible(page);

  await number.fill('C505-860-338');
  await begin.click();
  await expect(page.getByRole('alert')).toHaveText(
    'This Organix Comprehensive collection pack was withdrawn because its urine preservative expired. Please contact client services at 800-522-4762 for a free replacement pack.',
  );
  await expectAccessible(page);

  await number.fill('C922499553');
  await begin.click();
  const conflict = page.getByRole('dialog', { name: 'Requisition on another order' });
  await expect(conflict).toContainText('This requisition was already added to a different order');
  await expectAccessible(page);
  await conflict.getByRole('button', { name: 'Switch to that order' }).click();

  await expect(page).toHaveURL(/\/order\/\d+\/panels\/\d+$/);
  await expect(page.getByRole('note')).toContainText(
    'This order has been received by our lab and no more changes can be made...',
  );
  await expect(page.getByText('Requisition #50-012-350 · Activation number C922-499-553')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Patient Instructions' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/billing\/\d+$/);
  expect(consoleErrors).toEqual([]);
});

test('Print selections downloads test-selection.pdf, a PDF', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await startOrder(page, 'dr.avery');
  await chooseForPatient(page, GI_3_DAY);
  await page.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile' }).check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print selections' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('test-selection.pdf');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('the order-type buttons follow the practitioner: CAP-authorized dr.fox, COVID account dr.gray', async ({
  browser,
}) => {
  for (const [login, buttons] of [
    ['dr.fox', ['Ship to Patient', 'Activate Online']],
    ['dr.gray', ['Ship to Patient', 'Activate Online', 'Activate COVID Test']],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await startOrder(page, login);
    await expect(
      page.getByRole('group', { name: 'What would you like to do?' }).getByRole('button'),
    ).toHaveText([...buttons]);
    await expectAccessible(page);
    await context.close();
  }
});

/** A product name as a literal inside a regular expression. */
function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
