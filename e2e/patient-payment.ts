import { expect, type Page } from '@playwright/test';

/** A paying demo patient's order opened with their link, then its Summary with the payment section (README). */
export async function openAsPatient(page: Page, reqNumber: string, dateOfBirth: string): Promise<number> {
  await page.goto(`/order/new/panels?requisitionNumber=${reqNumber}&dateOfBirth=${dateOfBirth}`);
  await expect(page).toHaveURL(/\/order\/\d+\/panels\/\d+/);
  const id = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
  await page.goto(`/order/${id}/summary`);
  await expect(page.getByRole('heading', { level: 2, name: 'Information Review' })).toBeVisible();
  await expect(page.getByText('Payment Due Today')).toBeVisible();
  return id;
}

export async function fillCard(page: Page, cardNo: string) {
  await page.getByLabel('Card number').fill(cardNo);
  await page.getByLabel('Expiration date (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder name').fill('Test Patient');
  await page.getByLabel('Billing zip code').fill('28801');
}

export async function acknowledge(page: Page) {
  await page.getByRole('checkbox', { name: /Patient\/Responsible Party Acknowledgement/ }).check();
  await page.getByRole('checkbox', { name: /No Surprises Act/ }).check();
}

/** No sideways scroll on a phone (390 px wide). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}
