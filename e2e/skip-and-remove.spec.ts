import { expect, type Page, test } from '@playwright/test';
import { bearer, dropShipOrder, getOrder, officeShipping, signIn, stepStatus } from './orders.ts';
import { expectAccessible } from './support.ts';

/** dr.avery's new order of one drop-ship test, opened on its sample collection step. */
async function onCollectionStepOfNewOrder(page: Page) {
  await signIn(page, 'dr.avery');
  const order = await dropShipOrder(page, 1);
  const requisition = order.requisitions[0];
  if (!requisition) throw new Error('no requisition');
  await page.goto(`/order/${order.id}/collection/${requisition.id}`);
  return { order, requisition };
}

test('a practitioner skips the drop-ship instructions for now and lands on the patient step', async ({
  page,
}) => {
  const { order, requisition } = await onCollectionStepOfNewOrder(page);
  await expect(page.getByRole('textbox', { name: /Patient Instructions/ })).toBeVisible();
  await expect(
    page.getByText('You can skip Sample Collection for now and come back to complete it later.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Skip this step' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/patient$`));
  await expectAccessible(page);
  expect(stepStatus(await getOrder(page, order.id), 5, requisition.id)).toBe(4);
});

test('a practitioner removes a test, then the last one: the notice links to add a test', async ({ page }) => {
  await signIn(page, 'dr.avery');
  const order = await dropShipOrder(page, 2);
  const [first, second] = order.requisitions;
  if (!first || !second) throw new Error('two requisitions expected');
  await page.goto(`/order/${order.id}/collection/${second.id}`);
  await page.getByRole('button', { name: 'Remove this test…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove SIBO Breath Test' });
  // The dialog loads on first open: axe looks once it is there, not at the page while it comes.
  await expect(dialog.getByRole('button', { name: 'Remove test' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save for later' })).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Remove test' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/collection/${first.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: /GI Effects/ })).toBeVisible();

  await page.getByRole('button', { name: 'Remove this test…' }).click();
  await page
    .getByRole('dialog', { name: /^Remove GI Effects/ })
    .getByRole('button', { name: 'Remove test' })
    .click();
  await expect(page.getByText('This order has no tests left.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a test' })).toHaveAttribute(
    'href',
    `/order/${order.id}/panels`,
  );
  await expectAccessible(page);
  expect((await getOrder(page, order.id)).requisitions).toEqual([]);
});

test('a practitioner cancels the order: its steps then say so, are locked, and the server refuses changes', async ({
  page,
}) => {
  const { order, requisition } = await onCollectionStepOfNewOrder(page);
  await page.getByRole('button', { name: 'Remove this test…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Remove GI Effects/ });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(
    dialog.getByText('Cancel the whole order, with every test on it? This cannot be undone.'),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/order/${order.id}/`));

  const canceledNotice = 'This order has been canceled and can no longer be changed.';
  await page.goto(`/order/${order.id}/collection/${requisition.id}`);
  await expect(page.getByText('Order canceled')).toBeVisible();
  await expect(page.getByText(canceledNotice)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove this test…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Skip this step' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /Patient Instructions/ })).toBeDisabled();
  await expectAccessible(page);

  await page.goto(`/order/${order.id}/patient`);
  await expect(page.getByText(canceledNotice)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
  await expectAccessible(page);

  const canceled = await getOrder(page, order.id);
  const refused = await page.request.put(`/gear/order/${order.id}/shippingInfo/`, {
    headers: await bearer(page),
    data: officeShipping(canceled),
  });
  expect(refused.status(), await refused.text()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(canceledNotice);
});
