import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORDS } from './support.ts';

/** Signs in through the login page, as a person does. */
export async function signIn(page: Page, login: keyof typeof DEMO_PASSWORDS) {
  await page.goto('/login');
  await page.getByLabel('Login name').fill(login);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORDS[login]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
}

export interface CreatedOrder {
  id: number;
  version: number;
}

/**
 * An order of a practitioner with one Metabolomix+ requisition, made through the API with the signed-in browser's
 * session (the bearer token of GET /mygdx/account/JWT/myGDX): the steps between panel selection and the patient step
 * belong to other parts of the wizard, so the journeys start on the patient step.
 */
export async function createOrderThroughApi(
  page: Page,
  { gsdlNo = 'P1001', dropShip = true }: { gsdlNo?: string; dropShip?: boolean } = {},
): Promise<CreatedOrder> {
  const tokenAnswer = await page.request.get('/mygdx/account/JWT/myGDX');
  expect(tokenAnswer.status()).toBe(200);
  const { token } = (await tokenAnswer.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.put('/gear/practitioner/', {
    headers,
    data: { id: 'new', practAgreement: true, practitioner: { gsdlNo } },
  });
  expect(created.status()).toBe(200);
  const order = (await created.json()) as CreatedOrder;
  const selected = await page.request.put('/gear/testSelection', {
    headers,
    data: {
      id: order.id,
      version: order.version,
      requisitions: [{ id: null, omsOrderableItemId: 617, panel: 5860, dropShip }],
    },
  });
  expect(selected.status()).toBe(200);
  return (await selected.json()) as CreatedOrder;
}

/** A date of birth that makes the patient `years` old today (the first of a month a few months back). */
export function birthdayYearsAgo(years: number): { month: string; day: string; year: string } {
  const now = new Date();
  const birth = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - 3, 1));
  return {
    month: String(birth.getUTCMonth() + 1).padStart(2, '0'),
    day: '01',
    year: String(birth.getUTCFullYear()),
  };
}
