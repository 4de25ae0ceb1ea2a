import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { bearer, getOrder, officeShipping, shipToOfficeOrder, signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

/** Opens the packing-slip link as a user does (it saves the PDF) and reads the first bytes of the file. */
async function linkedFileStart(page: Page): Promise<{ start: string; size: number; name: string }> {
  const link = page.getByTestId('packing-slip-link');
  expect(await link.getAttribute('href')).toMatch(/^blob:/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  const bytes = await readFile(file);
  return {
    start: bytes.subarray(0, 5).toString('latin1'),
    size: bytes.length,
    name: download.suggestedFilename(),
  };
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test(`${viewport.name}: a ship-to-office order is submitted and its packing slip PDF opens, also on /view`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport.size);
    const errors = watchConsole(page);
    await signIn(page, 'dr.avery');
    const created = await shipToOfficeOrder(page, [540]);
    const shipping = await page.request.put(`/gear/order/${created.id}/shippingInfo/`, {
      headers: await bearer(page),
      data: officeShipping(created),
    });
    expect(shipping.status(), await shipping.text()).toBe(200);

    // Decision 0325: packs for the office ask for no one patient: Next on Panel Selection goes to the Review, and
    // the bar offers no Sample Collection, Patient or Insurance (issue 15 saw all three).
    await page.goto(`/order/${created.id}/panels`);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel Selection' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${created.id}/confirm$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Information Review' })).toBeVisible();
    await expect(page.getByText('Has the last sample been collected?')).toHaveCount(0);
    const bar = page.getByRole('navigation', { name: 'Order steps' });
    for (const step of ['Sample Collection', 'Patient', 'Insurance'])
      await expect(bar.getByRole('link', { name: new RegExp(`^${step}`) })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
    // An Edit button under the pointer keeps its contrast (axe judges the hovered colours too).
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .hover();
    await expectAccessible(page);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
    await expect(page.getByTestId('confirmation-code')).toHaveText(String(created.id));
    await expectAccessible(page);

    await page.getByRole('button', { name: 'View Electronic Packing Slip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Electronic Packing Slip' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTitle(`Packing slip of order ${created.id}`)).toBeVisible();
    const file = await linkedFileStart(page);
    expect(file.start).toBe('%PDF-');
    expect(file.size).toBeGreaterThan(1000);
    expect(file.name).toBe(`packing-slip-${created.id}.pdf`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close the packing slip' }).click();

    const placed = (await getOrder(page, created.id)) as unknown as {
      workflow: { practitionerConfirmed: boolean };
    };
    expect(placed.workflow.practitionerConfirmed).toBe(true);

    // /view/{orderId}: 'Building Requisition' while the slip is made (held back here so it can be seen), then the slip.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/gear/order/${created.id}/packingslip/**`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/view/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Building Requisition' })).toBeVisible();
    release();
    await expect(
      page.getByRole('heading', { level: 1, name: `Packing slip for order ${created.id}` }),
    ).toBeVisible();
    expect((await linkedFileStart(page)).start).toBe('%PDF-');
    await expectAccessible(page);
    if (viewport.name === 'phone') {
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });
}
