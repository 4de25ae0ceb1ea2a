import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORDS } from './support.ts';

/** Signs in through the login page, as a person does; the page's request context then shares the session. */
export async function signIn(page: Page, login: keyof typeof DEMO_PASSWORDS) {
  await page.goto('/login');
  await page.getByLabel('Login name').fill(login);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORDS[login]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
}

/** The bearer token of the signed-in browser's session, as the web app sends it. */
export async function bearer(page: Page) {
  const response = await page.request.get('/mygdx/account/JWT/myGDX');
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

export interface E2eOrder {
  id: number;
  version: number;
  requisitions: { id: number; omsOrderableItemId: number; omsOrderableItemName: string }[];
  shippingMethod: string;
  shippingInformation: { address1: string | null } | null;
  workflow: { steps: { id: number; gearReqId: number | null; status: { id: number } }[] };
}

async function put(page: Page, url: string, data: unknown): Promise<E2eOrder> {
  const response = await page.request.put(url, { headers: await bearer(page), data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as E2eOrder;
}

export async function getOrder(page: Page, id: number): Promise<E2eOrder> {
  const response = await page.request.get(`/gear/order/${id}`, { headers: await bearer(page) });
  expect(response.status()).toBe(200);
  return (await response.json()) as E2eOrder;
}

/**
 * An order of P1001 made through the API, as the practitioner and panel steps would save it (PUT
 * /gear/practitioner/, then PUT /gear/testSelection/ for ship-to-office lines or PUT /gear/testSelection for a
 * drop-ship requisition): the journeys start at the steps of spec 2, not at panel selection.
 */
export async function practitionerOrder(page: Page, gsdlNo = 'P1001'): Promise<E2eOrder> {
  return put(page, '/gear/practitioner/', { id: 'new', practAgreement: true, practitioner: { gsdlNo } });
}

/** Adds one requisition through PUT /gear/testSelection (a drop-ship one unless told). */
async function addRequisition(page: Page, order: E2eOrder, requisition: Record<string, unknown>) {
  return put(page, '/gear/testSelection', {
    id: order.id,
    version: order.version,
    requisitions: [{ id: null, dropShip: true, ...requisition }],
  });
}

/** Ship-to-office lines (each product's default test). */
export async function shipToOfficeOrder(page: Page, itemIds: number[]): Promise<E2eOrder> {
  const order = await practitionerOrder(page);
  return put(page, '/gear/testSelection/', {
    id: order.id,
    version: order.version,
    requisitions: itemIds.map((omsOrderableItemId) => ({
      id: null,
      omsOrderableItemId,
      dropShip: false,
      shipToOffice: true,
      quantity: 1,
      panel: null,
      components: [],
      addons: [],
      patientInstructions: null,
    })),
  });
}

/** Drop-ship requisitions, one save each: the GI Effects 3-day profile (540) with its base panel 5400. */
export async function dropShipOrder(page: Page, count: number): Promise<E2eOrder> {
  let order = await practitionerOrder(page);
  for (let index = 0; index < count; index += 1) {
    const product =
      index === 0
        ? {
            omsOrderableItemId: 540,
            panel: 5400,
            components: [5401, 5402, 5403, 5404, 5405, 5406, 5407, 5408, 5409, 5410, 5411, 5412],
          }
        : { omsOrderableItemId: 215, panel: 4700, components: [4701, 4702] };
    order = await addRequisition(page, order, {
      ...product,
      addons: [],
      profileSpecificFields: [],
      patientInstructions: null,
    });
  }
  return order;
}

/** The body of PUT /gear/order/{id}/shippingInfo/ sending the order by FedEx Ground to dr.avery's office (P1001). */
export const officeShipping = (order: Pick<E2eOrder, 'id' | 'version'>) => ({
  gearOrderId: order.id,
  version: order.version,
  shippingMethod: 'FedEx Ground',
  company: 'Blue Ridge Integrative Medicine',
  attention: 'Dana Avery',
  address1: '63 Zillicoa Street',
  address2: null,
  city: 'Asheville',
  state: 'NC',
  zipCode: '28801',
  country: 'United States',
  instructions: null,
});

/** Today in the lab's time zone (decision 0030), YYYY-MM-DD. */
export const labToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

export const stepStatus = (order: E2eOrder, stepId: number, gearReqId: number | null = null) =>
  order.workflow.steps.find((row) => row.id === stepId && row.gearReqId === gearReqId)?.status.id;

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
  const order = await practitionerOrder(page, gsdlNo);
  return addRequisition(page, order, { omsOrderableItemId: 617, panel: 5860, dropShip });
}

/** A date of birth that makes the patient `years` old today (the first of a month a few months back). */
export function birthdayYearsAgo(years: number): { month: string; day: string; year: string; typed: string } {
  const now = new Date();
  const birth = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - 3, 1));
  const month = String(birth.getUTCMonth() + 1).padStart(2, '0');
  const year = String(birth.getUTCFullYear());
  return { month, day: '01', year, typed: `${month}/01/${year}` };
}
