import { expect, test } from '@playwright/test';
import { getOrder, labToday, shipToOfficeOrder, signIn, stepStatus } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

// The orders are made through the API (orders.ts): these journeys are about spec 2's steps, and panel selection is
// being reworked on another branch.

test('dr.avery completes the sample collection of the GI Effects profile (540) and moves on', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  const order = await shipToOfficeOrder(page, [540]);
  const requisition = order.requisitions[0];
  if (!requisition) throw new Error('no requisition');
  await page.goto(`/order/${order.id}/collection/${requisition.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sample Collection' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: /GI Effects Comprehensive Profile/ }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Please indicate whether the last sample has been collected.',
  );
  await expectAccessible(page);

  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel(/Date of last sample collection/).fill(labToday());
  await page.getByLabel(/Sample Colour/).selectOption({ label: 'Brown' });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('Sample Consistency: Please fill out this field.');
  await expectAccessible(page);

  await page.getByLabel(/Sample Consistency/).selectOption({ label: 'Formed/Normal' });
  await page.getByRole('radio', { name: '3-Day Specimen Collection' }).check();
  await page.getByLabel(/Clinical Findings/).fill('Bloating after meals.');
  await expect(page.getByText('21/512 characters')).toBeVisible();

  await page.getByRole('button', { name: 'Collection Instructions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Collection Instructions' });
  await expect(dialog.getByRole('row')).toHaveCount(12);
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: 'Next' }).click();
  // Decision 0325: packs sent to the office ask the practitioner for no patient: Next goes on to the Review.
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/confirm$`));
  const saved = await getOrder(page, order.id);
  expect(stepStatus(saved, 5, requisition.id)).toBe(3);
  expect(consoleErrors).toEqual([]);
});

test('dr.avery records the SIBO breath test (215): the drink time suggests each tube’s time', async ({
  page,
}) => {
  await signIn(page, 'dr.avery');
  const order = await shipToOfficeOrder(page, [215]);
  const requisition = order.requisitions[0];
  if (!requisition) throw new Error('no requisition');
  await page.goto(`/order/${order.id}/collection/${requisition.id}`);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel(/Date of last sample collection/).fill(labToday());
  await page.getByLabel(/Lactulose Drink Time/).fill('07:00');
  const table = page.getByRole('table', { name: 'Breath collection tubes' });
  await expect(table.getByRole('row', { name: /^Tube 3 / })).toContainText('07:20');
  await expect(table.getByRole('row', { name: /^Tube 9 / })).toContainText('10:00');
  await expectAccessible(page);

  await page.getByLabel(/^Tube 1 time/).fill('06:40');
  await page.getByLabel(/^Tube 2 time/).fill('06:55');
  await page.getByRole('button', { name: 'Use suggested times' }).click();
  await expect(page.getByLabel(/^Tube 5 time/)).toHaveValue('08:00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  // Decision 0325: packs sent to the office ask the practitioner for no patient: Next goes on to the Review.
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/confirm$`));
  const saved = (await getOrder(page, order.id)) as unknown as {
    requisitions: { sampleCollectionData: { id: number; value: string }[] }[];
  };
  expect(saved.requisitions[0]?.sampleCollectionData).toEqual([
    { id: 4050, value: '07:00' },
    { id: 4051, value: '06:40' },
    { id: 4052, value: '06:55' },
    { id: 4053, value: '07:20' },
    { id: 4054, value: '07:40' },
    { id: 4055, value: '08:00' },
    { id: 4056, value: '08:30' },
    { id: 4057, value: '09:00' },
    { id: 4058, value: '09:30' },
    { id: 4059, value: '10:00' },
  ]);
});
