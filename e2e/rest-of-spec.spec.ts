import { expect, type Page, test } from '@playwright/test';
import { bearer, dropShipOrder, type E2eOrder, getOrder, signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * Issue 20's remaining items in the browser: the terms page and the consent PDF (decision 0188), the review's P.O. box
 * question (0189), GDX IDs for admins (0186) and the admin's expedited-fee waiver (0187).
 */

const textbox = (page: Page, name: RegExp | string) => page.getByRole('textbox', { name });

async function put(page: Page, url: string, data: unknown): Promise<E2eOrder> {
  const response = await page.request.put(url, { headers: await bearer(page), data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as E2eOrder;
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('anyone reads the terms of use and opens the consent PDF made by the server', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeFocused();
      await expect(page.getByRole('heading', { level: 2, name: 'Tests and results' })).toBeVisible();
      await expectAccessible(page);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const link = page.getByRole('link', { name: 'Consent for Laboratory Testing (PDF)' });
      const href = (await link.getAttribute('href')) as string;
      const pdf = await page.request.get(href);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(errors).toEqual([]);
    });
  });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the review asks 'Is this a P.O. Box?' and ships by Smart Post; an admin sees the GDX ID and the waiver", async ({
    page,
    browser,
  }) => {
    // Two orders, a patient step, a submit and an admin's visit: more than the default 30 s on loaded cores.
    test.slow();
    const errors = watchConsole(page);
    await signIn(page, 'dr.avery');

    // The patient's address is a P.O. box; on the patient step dr.avery answers No (keeps FedEx Ground).
    const poBoxOrder = await dropShipOrder(page, 1);
    await page.goto(`/order/${poBoxOrder.id}/patient`);
    await textbox(page, 'Search by name and date of birth').fill('Testpatient 04/12/1985');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table').getByRole('button', { name: 'Jane Testpatient' }).click();
    await textbox(page, /^Street address/).fill('P.O. Box 1234');
    await page.getByRole('button', { name: 'Next' }).click();
    const patientDialog = page.getByRole('dialog', { name: 'Is this a P.O. Box?' });
    await expect(patientDialog).toBeVisible();
    await patientDialog.getByRole('button', { name: 'No' }).click();
    await expect(page).not.toHaveURL(/\/patient$/);
    const withPatient = await getOrder(page, poBoxOrder.id);
    expect(withPatient.shippingMethod).toBe('FedEx Ground');
    await put(page, '/gear/billingMethod/', {
      billingMethod: 'Physician Account',
      gearReqId: withPatient.requisitions[0]?.id,
      version: withPatient.version,
    });

    // A second order of the same patient, shipping by Second Day: an expedited fee.
    const expedited = await dropShipOrder(page, 1);
    const { patientInfo } = (await getOrder(page, poBoxOrder.id)) as unknown as { patientInfo: unknown };
    await put(page, `/gear/order/${expedited.id}/patient/`, {
      id: expedited.id,
      version: expedited.version,
      patientInfo,
      shippingMethod: 'Second Day',
    });

    // The review: the practitioner is named without a GDX ID; Submit asks the P.O. box question; Yes ships Smart Post.
    await page.goto(`/order/${poBoxOrder.id}/confirm`);
    const practitioner = page.getByRole('region', { name: 'Practitioner' });
    await expect(practitioner.getByText('Dana Avery, MD', { exact: true })).toBeVisible();
    await expect(practitioner.getByText(/GDX ID/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    const reviewDialog = page.getByRole('dialog', { name: 'Is this a P.O. Box?' });
    await expect(reviewDialog).toBeVisible();
    await expectAccessible(page);
    await reviewDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
    await expect(page.getByTestId('confirmation-code')).toHaveText(String(poBoxOrder.id));
    expect((await getOrder(page, poBoxOrder.id)).shippingMethod).toBe('Smart Post');
    await expectAccessible(page);

    // The admin: the GDX ID beside the practitioner's name; the waiver is there but disabled (admin.ops acts for no
    // practitioner, spec 2 §6).
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    const adminErrors = watchConsole(admin);
    await signIn(admin, 'admin.ops');
    await admin.goto(`/order/${expedited.id}/confirm`);
    await expect(
      admin.getByRole('region', { name: 'Practitioner' }).getByText('Dana Avery, MD (GDX ID P1001)'),
    ).toBeVisible();
    const charges = admin.getByRole('region', { name: 'Expedited shipping charges' });
    await expect(charges).toContainText('Second Day');
    const waiver = charges.getByRole('checkbox', { name: 'Waive the expedited shipping fee' });
    await expect(waiver).toBeDisabled();
    await expect(charges).toContainText(
      'Only an administrator acting for this practitioner may waive the fee',
    );
    await expectAccessible(admin);
    expect(adminErrors).toEqual([]);
    await adminContext.close();
    expect(errors).toEqual([]);
  });
});
