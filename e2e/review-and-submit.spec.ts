import { expect, type Page, test } from '@playwright/test';
import { bearer, getOrder, signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

/** A seeded order found by its pack's activation number, as the practitioner's browser would look it up. */
async function demoOrderId(page: Page, number: string): Promise<number> {
  const response = await page.request.get(`/gear/order?requisitionNumber=${number}`, {
    headers: await bearer(page),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** No sideways scroll on a phone (390 px wide). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('dr.avery reviews a drop-ship order, edits billing inline, submits and sees the confirmation code', async ({
      page,
    }) => {
      // Four axe runs and a submit: more than the default 30 s on the shared, loaded cores.
      test.slow();
      const errors = watchConsole(page);
      await signIn(page, 'dr.avery');
      // Two journeys (desktop, phone) share the seeded data: the phone places the Physician Account order.
      const id = await demoOrderId(page, viewport.name === 'desktop' ? 'C512380106' : 'C512380114');
      await page.goto(`/order/${id}/confirm`);
      await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Information Review' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Patient information' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Important notes about your order' })).toBeVisible();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'Edit Billing' }).click();
      await page.getByRole('radio', { name: 'Physician Account' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Changes saved' })).toBeVisible();
      await expect(page.getByText('Physician Account', { exact: true })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
      await expect(page.getByTestId('confirmation-code')).toHaveText(String(id));
      await expect(page.getByRole('button', { name: 'Start New Order' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      await expectAccessible(page);
      if (viewport.name === 'phone') await expectNoSidewaysScroll(page);

      const placed = (await getOrder(page, id)) as unknown as {
        workflow: { practitionerConfirmed: boolean };
      };
      expect(placed.workflow.practitionerConfirmed).toBe(true);
      expect(errors).toEqual([]);
    });
  });
}

test('unsaved changes ask before leaving a section, and Cancel keeps them', async ({ page }) => {
  await signIn(page, 'dr.avery');
  const id = await demoOrderId(page, 'C824591515');
  await page.goto(`/order/${id}/confirm`);
  await page.getByRole('button', { name: 'Edit Test information' }).click();
  await page.getByRole('button', { name: 'Edit Billing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes will be lost' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit Billing' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('radio', { name: 'Physician Account' })).toBeVisible();
});

test('staff.kim authorizes an order for P1002', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel('Login name').fill('staff.kim');
  await page.getByLabel(/^Password/).fill('demo-Kim-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  const id = await demoOrderId(page, 'C512380122');
  await page.goto(`/order/${id}/confirm`);
  const box = page.getByRole('checkbox', { name: /I authorize this order/ });
  await expect(box).not.toBeChecked();
  await expectAccessible(page);
  await box.check();
  await expect(
    page.getByText('Your authorization has been saved. Please submit the order to confirm.'),
  ).toBeVisible();
  await expect(box).toBeChecked();
  await expect(box).toBeDisabled();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});
