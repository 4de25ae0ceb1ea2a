import { randomBytes } from 'node:crypto';
import { BILLING_METHODS, type GearOrder } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { accessions, orders, patientSessions, requisitions } from '../db/schema/index.ts';
import { patientInfo } from '../modules/patient/test-orders.ts';
import { sessionKey } from '../modules/session/session.service.ts';
import { INPUT_FIELDS } from '../seed/catalogue-data.ts';
import {
  bearerOf,
  createOrder,
  type DemoLogin,
  GI_EFFECTS,
  METABOLOMIX,
  newOrderWith,
  ok,
  type SavedOrder,
  type SignedIn,
  signIn,
} from './helper.ts';

export { ok, type SavedOrder };

type Body = Record<string, unknown>;

/** The components of a panel, as the catalogue seeds them (the product's default test selection). */
export const componentsOf = (panelId: number): number[] =>
  INPUT_FIELDS.filter((field) => field.parentId === panelId && !field.isAddOn).map((field) => field.id);

/** Products the journeys of spec 2 use, with their base panel. */
export const PRODUCTS = {
  giEffects: GI_EFFECTS,
  metabolomix: METABOLOMIX,
  sibo3Hour: { omsOrderableItemId: 215, panel: 4700 },
  sibo2Hour: { omsOrderableItemId: 215, panel: 4710 },
  rhythmPlus: { omsOrderableItemId: 760, panel: 7600 },
} as const;

/** An order of a practitioner with one drop-ship requisition per product (PUT /gear/testSelection, one at a time). */
export async function dropShipOrder(
  app: FastifyInstance,
  login: DemoLogin,
  gsdlNo: string,
  products: readonly { omsOrderableItemId: number; panel: number | null }[],
): Promise<SavedOrder> {
  const { headers } = await signIn(app, login);
  const requisitions = products.map((product) => ({
    ...product,
    components: product.panel === null ? [] : componentsOf(product.panel),
    addons: [],
    profileSpecificFields: [],
    patientInstructions: null,
  }));
  return newOrderWith<SavedOrder>(app, headers, gsdlNo, requisitions);
}

/**
 * A drop-ship GI Effects order of P1001 ready to submit (spec 3 §5): the patient's details saved and the test
 * billed to the practitioner's account, so nothing is left to pay.
 */
export async function readyToSubmitOrder(app: FastifyInstance): Promise<SavedOrder> {
  const order = await dropShipOrder(app, 'dr.avery', 'P1001', [GI_EFFECTS]);
  const { headers } = await signIn(app, 'dr.avery');
  const withPatient = ok<SavedOrder>(
    await app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/patient/`,
      headers,
      payload: { id: order.id, version: order.version, patientInfo: patientInfo() },
    }),
  );
  return ok<SavedOrder>(
    await app.inject({
      method: 'PUT',
      url: '/gear/billingMethod/',
      headers,
      payload: {
        billingMethod: BILLING_METHODS.physicianAccount,
        gearReqId: withPatient.requisitions[0]?.id,
        version: withPatient.version,
      },
    }),
  );
}

/** An order of a practitioner with ship-to-office lines (PUT /gear/testSelection/), each product's default test. */
export async function shipToOfficeOrder(
  app: FastifyInstance,
  login: DemoLogin,
  gsdlNo: string,
  itemIds: readonly number[],
): Promise<SavedOrder> {
  const { headers } = await signIn(app, login);
  const order = await createOrder(app, headers, gsdlNo);
  const body: Body = {
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
  };
  return ok<SavedOrder>(
    await app.inject({ method: 'PUT', url: '/gear/testSelection/', headers, payload: body }),
  );
}

/**
 * Records the lab's receipt of a requisition (an accession number): the order locks for non-admins. Like every
 * change to an order's facts it bumps the order's version (the read cache serves an order only at its version).
 */
export async function receiveByLab(db: Db, gearReqId: number, accessionNo: string) {
  await db.insert(accessions).values({ gearReqId, accessionNo, productName: 'test', recordedBy: 'test' });
  const [requisition] = await db
    .select({ orderId: requisitions.orderId })
    .from(requisitions)
    .where(eq(requisitions.id, gearReqId));
  if (!requisition) throw new Error(`no requisition ${gearReqId}`);
  await db
    .update(orders)
    .set({ version: sql`${orders.version} + 1` })
    .where(eq(orders.id, requisition.orderId));
}

/**
 * A patient (prc) who proved the given orders (docs/decisions/0040): a patient session holding them, as
 * `GET /gear/order?requisitionNumber&dateOfBirth` creates one (that proof is tested in requisition/), and its token.
 */
export async function signInPatient(
  app: FastifyInstance,
  db: Db,
  orderIds: readonly number[],
): Promise<SignedIn> {
  const cookieValue = randomBytes(32).toString('base64url');
  await db.insert(patientSessions).values({ id: sessionKey(cookieValue), orderIds: [...orderIds] });
  return bearerOf(app, `gear_session=${cookieValue}`, 'prc');
}

export const stepRow = (order: GearOrder, stepId: number, gearReqId: number | null = null) =>
  order.workflow.steps.find((row) => row.id === stepId && row.gearReqId === gearReqId);

/** The body of PUT /gear/order/{id}/shippingInfo/ sending the order to dr.avery's office (P1001), as the browser does. */
export const shippingBody = (order: Pick<SavedOrder, 'id' | 'version'>, overrides: Body = {}): Body => ({
  gearOrderId: order.id,
  version: order.version,
  shippingMethod: 'Second Day',
  company: 'Blue Ridge Integrative Medicine',
  attention: 'Dana Avery',
  address1: '63 Zillicoa Street',
  address2: null,
  city: 'Asheville',
  state: 'NC',
  zipCode: '28801',
  country: 'United States',
  instructions: 'Leave at the front desk.',
  ...overrides,
});
