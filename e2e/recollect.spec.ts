import { expect, type Page, test } from '@playwright/test';
import { signIn } from './orders.ts';
import { expectNoSidewaysScroll } from './patient-payment.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * Recollect (spec 3 §2 'Re-collect page', §4, §7, §8; decision 0252) on the demo orders of README 'Orders in every
 * status': Rhea Recollect (requisition 50031001, born 1992-12-22), whose specimen A2611031001 the lab discarded
 * without issues, billed to dr.avery's account; and Cora Choice (50031002, born 1993-01-23), two accessions on one
 * requisition, A2611031002 discarded and A2611031003 with results.
 */
const RHEA = { requisition: '50031001', born: '1992-12-22', accession: 'A2611031001' };
const CORA = { requisition: '50031002', born: '1993-01-23' };

async function orderIdOf(page: Page, who: { requisition: string; born: string }): Promise<number> {
  const answer = await page.request.get(
    `/gear/order/new?requisitionNumber=${who.requisition}&dateOfBirth=${who.born}`,
  );
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: number }).id;
}

test.describe.configure({ mode: 'serial' });

test('desktop: the patient requests a new pack for a discarded specimen and follows the recollection order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchConsole(page);
  const id = await orderIdOf(page, RHEA);
  await page.goto(`/order-status/${id}?requisitionNumber=${RHEA.requisition}&dateOfBirth=${RHEA.born}`);
  await expect(page.getByTestId('order-status-headline')).toHaveText(
    'There was a problem with your specimens',
  );
  await expect(page.getByText('Our lab was unable to complete your test...')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `Request a new pack for accession ${RHEA.accession}` }).click();
  await expect(page).toHaveURL(/\/order-status\/\d+$/);
  const recollectionId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(recollectionId).not.toBe(id);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${recollectionId}` })).toBeVisible();
  await expect(page.getByTestId('order-status-headline')).toHaveText('Recollection ordered');
  await expect(page.getByText('There is no charge for the recollection pack.')).toBeVisible();
  await expect(page.getByRole('link', { name: `order ${id}`, exact: true })).toBeVisible();
  await expectAccessible(page);

  // The original order now shows the recollection, in its blocks and in its timeline.
  await page.getByRole('link', { name: `order ${id}`, exact: true }).click();
  await expect(page.getByRole('link', { name: `recollection order ${recollectionId}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Request a new pack/ })).toHaveCount(0);
  await expect(page.getByTestId('order-timeline')).toContainText(`order ${recollectionId}`);
  expect(errors).toEqual([]);
});

test('phone 390×844: the re-collect page again leads to the same recollection; dr.avery sees it too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await orderIdOf(page, RHEA);
  await page.goto(`/order-status/${id}?requisitionNumber=${RHEA.requisition}&dateOfBirth=${RHEA.born}`);
  const link = page.getByRole('link', { name: /^recollection order \d+$/ });
  await expect(link).toBeVisible();
  const recollectionId = Number((await link.textContent())?.replace(/\D/g, ''));
  await expectNoSidewaysScroll(page);
  await page.goto(`/recollect/${RHEA.accession}`);
  await expect(page).toHaveURL(new RegExp(`/order-status/${recollectionId}$`));
  await expect(page.getByTestId('order-status-headline')).toHaveText('Recollection ordered');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  await page.context().clearCookies();
  await signIn(page, 'dr.avery');
  await page.goto(`/order-status/${recollectionId}`);
  await expect(page.getByTestId('order-status-headline')).toHaveText('Recollection ordered');
});

test("the re-collect page's refusals: spec 3 §8's words", async ({ page }) => {
  await signIn(page, 'dr.chen');
  await page.goto(`/recollect/${RHEA.accession}`);
  await expect(page.getByRole('alert')).toHaveText(
    `You are not authorized to re-collect for order ${RHEA.accession}`,
  );
  await page.goto('/recollect/Z0000000000');
  await expect(page.getByRole('alert')).toHaveText(
    'We were not able to locate details for order Z0000000000',
  );
  await expectAccessible(page);
});

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test(`${viewport.name}: several accessions on one requisition, the status follows the one chosen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport.size);
    const id = await orderIdOf(page, CORA);
    await page.goto(`/order-status/${id}?requisitionNumber=${CORA.requisition}&dateOfBirth=${CORA.born}`);
    const choice = page.getByRole('combobox', { name: 'Multiple orders: choose the accession to look at' });
    await expect(choice).toBeVisible();
    await choice.click();
    await page.getByRole('option', { name: 'A2611031003' }).click();
    await expect(page.getByTestId('order-status-headline')).toHaveText('Results Ready');
    await choice.click();
    await page.getByRole('option', { name: 'A2611031002' }).click();
    await expect(page.getByTestId('order-status-headline')).toHaveText(
      'There was a problem with your specimens',
    );
    await expectAccessible(page);
    if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
  });
}
