import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signIn, watchConsole } from './support.ts';

/** The patient-confirmed demo order of P1001 (decision 0045): GI Effects 3-day, billed to insurance. */
const PATIENT_CONFIRMED_REQ_NUMBER = '50012370';
const PRICE_CHANGE = 'Confirm the price change';

async function bearer(page: Page) {
  const response = await page.request.get('/mygdx/account/JWT/myGDX');
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

interface FoundOrder {
  id: number;
  requisitions: { id: number }[];
}

/** Signs in as dr.avery and finds the patient-confirmed demo order by its requisition number. */
async function patientConfirmedOrder(page: Page): Promise<{ orderId: number; gearReqId: number }> {
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  const response = await page.request.get(`/gear/order?requisitionNumber=${PATIENT_CONFIRMED_REQ_NUMBER}`, {
    headers: await bearer(page),
  });
  expect(response.status()).toBe(200);
  const order = (await response.json()) as FoundOrder;
  const [requisition] = order.requisitions;
  if (!requisition) throw new Error('the demo order has no requisition');
  return { orderId: order.id, gearReqId: requisition.id };
}

test('billing step of a patient-confirmed order: a pricier option asks to confirm, and No reverts the choice', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  const { orderId, gearReqId } = await patientConfirmedOrder(page);
  await page.goto(`/order/${orderId}/billing/${gearReqId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Options' })).toBeVisible();
  const insurance = page.getByRole('radio', { name: 'Bill Insurance with Patient Payment' });
  const patientPay = page.getByRole('radio', { name: 'No Insurance Billing: Pay Full Amount' });
  await expect(insurance).toBeChecked();
  await expectAccessible(page);

  await patientPay.check();
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: PRICE_CHANGE });
  await expect(dialog).toContainText(
    'The patient has already confirmed this order. Changing the billing option to No Insurance Billing: Pay Full Amount may increase what the patient pays. Do you want to continue?',
  );
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(insurance).toBeChecked();
  await expect(patientPay).not.toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/billing/${gearReqId}$`));
  expect(consoleErrors).toEqual([]);
});

test('panel step of a patient-confirmed order: an add-on asks to confirm; No restores the tests, Yes saves and moves on', async ({
  page,
}) => {
  // The first save is answered 409 (the server asks for the confirmation): an expected answer.
  const consoleErrors = watchConsole(page, [/\/gear\/testSelection/]);
  const { orderId, gearReqId } = await patientConfirmedOrder(page);
  await page.goto(`/order/${orderId}/panels/${gearReqId}`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'GI Effects Comprehensive Profile - Stool (3-day)' }),
  ).toBeVisible();
  const addOn = page.getByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' });
  await expect(addOn).not.toBeChecked();
  await expectAccessible(page);

  await addOn.check();
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: PRICE_CHANGE });
  await expect(dialog).toContainText(
    'The patient has already confirmed this order. Changing the tests of this requisition may increase what the patient pays. Do you want to continue?',
  );
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(addOn).not.toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/panels/${gearReqId}$`));

  await addOn.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/billing/${gearReqId}$`));
  const saved = await page.request.get(`/gear/order/${orderId}`, { headers: await bearer(page) });
  const order = (await saved.json()) as { requisitions: { addons: { omsInputFieldID: number }[] }[] };
  expect(order.requisitions[0]?.addons.map((addon) => addon.omsInputFieldID)).toEqual([5413]);
  expect(consoleErrors).toEqual([]);
});

test("dr.avery orders P1001's custom profile from Customized Profiles and lands on the patient step", async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/panels$/);
  await page.getByRole('button', { name: 'Ship to Patient' }).click();
  await page.getByRole('button', { name: 'Customized Profiles (1)' }).click();
  const profiles = page.getByRole('list', { name: 'Customized Profiles' });
  await expect(profiles).toContainText(
    'GI Effects Comprehensive Profile - Stool (3-day), Metabolomix+ · Let my patient select their billing option',
  );
  await expectAccessible(page);

  await profiles.getByRole('button', { name: 'Order Gut and Metabolic Workup' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/patient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
  await expectAccessible(page);
  const orderId = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
  const answer = await page.request.get(`/gear/order/${orderId}`, { headers: await bearer(page) });
  const order = (await answer.json()) as {
    requisitions: { omsOrderableItemName: string; dropShip: boolean }[];
  };
  expect(order.requisitions.map((r) => [r.omsOrderableItemName, r.dropShip])).toEqual([
    ['GI Effects Comprehensive Profile - Stool (3-day)', true],
    ['Metabolomix+', true],
  ]);
  expect(consoleErrors).toEqual([]);
});

test('dr.avery activates the Metabolomix+ pack 50012353 for Organix instead: the repurpose modal, then saved as repurposed', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page, [/\/gear\/order\?requisitionNumber=/]);
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/panels$/);
  await page.getByRole('button', { name: 'Activate Online' }).click();
  await page.getByRole('textbox', { name: 'Requisition or Activation Number' }).fill('50012353');
  await page.getByRole('button', { name: 'Begin' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Metabolomix+' })).toBeVisible();

  await page.getByRole('button', { name: 'Use this pack for a different test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a different test' });
  const tests = dialog.getByRole('list', { name: 'Tests for this collection pack' });
  await expect(tests.getByRole('button', { name: 'Use for Metabolomix+' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(tests.getByRole('button', { name: /^Use for GI Effects/ })).toHaveCount(0);
  await expectAccessible(page);

  await tests.getByRole('button', { name: 'Use for Organix Comprehensive Profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Organix Comprehensive Profile' })).toBeVisible();
  await expect(
    page.getByText('This collection pack (Metabolomix+) is used for Organix Comprehensive Profile.'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Organix Comprehensive Profile', exact: true }).check();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/billing\/\d+$/);
  const orderId = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
  const answer = await page.request.get(`/gear/order/${orderId}`, { headers: await bearer(page) });
  const order = (await answer.json()) as {
    requisitions: { omsOrderableItemId: number; repurposedCollectionPack: unknown }[];
  };
  expect(order.requisitions[0]).toMatchObject({
    omsOrderableItemId: 622,
    repurposedCollectionPack: { reqNumber: '50012353', activationCode: 'C735029183' },
  });
  expect(consoleErrors).toEqual([]);
});

test('the recollection order of P1001: panel selection opens with the recollection modal, and offers no Ship to Office', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  const headers = await bearer(page);
  const found = await page.request.get('/gear/order?requisitionNumber=50012371', { headers });
  expect(found.status()).toBe(200);
  const order = (await found.json()) as FoundOrder & { recollectionFor: number };
  await page.goto(`/order/${order.id}/panels`);
  const dialog = page.getByRole('dialog', { name: 'Recollection order' });
  await expect(dialog).toContainText(
    `This order re-collects the specimens of order ${order.recollectionFor}. A new collection pack is shipped to the patient for the tests below.`,
  );
  await expect(dialog.getByRole('list', { name: 'Tests to re-collect' })).toHaveText(
    'GI Effects Comprehensive Profile - Stool (3-day)',
  );
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('group', { name: 'What would you like to do?' }).getByRole('button'),
  ).toHaveText(['Ship to Patient', 'Activate Online']);
  await expect(page.getByRole('button', { name: 'Ship to Patient' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});
