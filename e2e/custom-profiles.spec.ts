import { expect, test } from '@playwright/test';
import { bearer } from './orders.ts';
import { expectAccessible, signIn, watchConsole } from './support.ts';

const NAME = 'Gut and organics journey';

test('dr.avery builds a custom profile of two products, orders from it, then deletes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);

  await page.getByRole('link', { name: 'Custom Profiles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Custom profiles' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gut and Metabolic Workup' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New custom profile' }).click();
  await expect(page).toHaveURL(/\/custom-profile\/new\/P1001$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New custom profile' })).toBeVisible();

  // spec 3 §5: Save needs a name and a product; the one error summary takes the focus (issue 15, decision 0322).
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.getByRole('alert', { name: 'Please correct the following' });
  await expect(summary).toBeVisible();
  await expect(page.locator(':focus')).toContainText('Please correct the following');
  const name = page.getByRole('textbox', { name: 'Custom profile name' });
  await expect(name).toHaveAccessibleDescription('Please enter a custom profile name');
  await expect(
    summary.getByRole('link', {
      name: 'Products in this profile: Please add at least one product to the custom profile.',
    }),
  ).toBeVisible();
  await summary
    .getByRole('link', { name: 'Custom profile name: Please enter a custom profile name' })
    .click();
  await expect(name).toBeFocused();
  await expectAccessible(page);
  await expect(page.getByRole('combobox', { name: 'Billing method' })).toHaveValue(
    'Let my patient select their billing option',
  );

  await name.fill(NAME);
  const search = page.getByRole('searchbox', { name: 'Select a product' });
  await search.fill('GI Effects Comprehensive Profile - Stool (3-day)');
  const filtered = page.getByRole('list', { name: 'Filtered Products' });
  await filtered
    .getByRole('button', { name: 'Select GI Effects Comprehensive Profile - Stool (3-day)' })
    .click();
  await search.fill('Organix');
  await filtered
    .getByRole('button', { name: /^Select Organix/ })
    .first()
    .click();
  const products = page.getByRole('region', { name: 'Products in this profile' });
  await expect(products.getByText('GI Effects Comprehensive Profile - Stool (3-day)')).toBeVisible();

  // Customize: panel selection's own form, add-ons included.
  await page.getByRole('button', { name: /^Customize Organix/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Customize Organix/ });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/custom-profile\?gsdlNo=P1001&saved=\d+$/);
  await expect(page.getByText('The custom profile was saved.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toContainText(
    'GI Effects Comprehensive Profile - Stool (3-day)',
  );
  await expectAccessible(page);

  // Order from it on panel selection (spec 1 §7 PUT /gear/bundle/{id}/order).
  await page.goto('/order/new/pract');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/panels$/);
  await page.getByRole('button', { name: 'Ship to Patient' }).click();
  await page.getByRole('button', { name: 'Customized Profiles (2)' }).click();
  await page
    .getByRole('list', { name: 'Customized Profiles' })
    .getByRole('button', { name: `Order ${NAME}` })
    .click();
  await expect(page).toHaveURL(/\/order\/\d+\/patient$/);
  const orderId = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
  const answer = await page.request.get(`/gear/order/${orderId}`, { headers: await bearer(page) });
  const order = (await answer.json()) as {
    requisitions: { omsOrderableItemId: number; dropShip: boolean }[];
  };
  expect(order.requisitions.map((r) => r.omsOrderableItemId)).toHaveLength(2);
  expect(order.requisitions.every((r) => r.dropShip)).toBe(true);

  // Edit: leaving with changes asks first; then Delete with confirmation.
  await page.goto('/custom-profile?gsdlNo=P1001');
  await page.getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit custom profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom profile name' }).fill(`${NAME} changed`);
  await page.getByRole('link', { name: 'Back to custom profiles' }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave.getByText('You will lose any unsaved changes...')).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete custom profile' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The custom profile was deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: NAME })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
