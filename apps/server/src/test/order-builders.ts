import { randomBytes } from 'node:crypto';
import type { GearOrder } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { accessions, orders, patientSessions, requisitions } from '../db/schema/index.ts';
import { INPUT_FIELDS } from '../db/seed/catalogue-data.ts';
import { sessionKey } from '../modules/session/session.service.ts';
import { createOrder, type DemoLogin, type SignedIn, signIn } from './helper.ts';

export type SavedOrder = GearOrder & { id: number };
type Body = Record<string, unknown>;

/** The components of a panel, as the catalogue seeds them (the product's default test selection). */
export const componentsOf = (panelId: number): number[] =>
  INPUT_FIELDS.filter((field) => field.parentId === panelId && !field.isAddOn).map((field) => field.id);

/** Products the journeys of spec 2 use, with their base panel. */
export const PRODUCTS = {
  giEffects: { omsOrderableItemId: 540, panel: 5400 },
  sibo3Hour: { omsOrderableItemId: 215, panel: 4700 },
  sibo2Hour: { omsOrderableItemId: 215, panel: 4710 },
  rhythmPlus: { omsOrderableItemId: 760, panel: 7600 },
} as const;

export const ok = <T = SavedOrder>(response: Awaited<ReturnType<FastifyInstance['inject']>>): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

/** An order of a practitioner with one drop-ship requisition per product (PUT /gear/testSelection, one at a time). */
export async function dropShipOrder(
  app: FastifyInstance,
  login: DemoLogin,
  gsdlNo: string,
  products: readonly { omsOrderableItemId: number; panel: number | null }[],
): Promise<SavedOrder> {
  const { headers } = await signIn(app, login);
  let order: { id: number; version: number } = await createOrder(app, headers, gsdlNo);
  let saved: SavedOrder | null = null;
  for (const product of products) {
    const body: Body = {
      id: order.id,
      version: order.version,
      requisitions: [
        {
          id: null,
          omsOrderableItemId: product.omsOrderableItemId,
          panel: product.panel,
          components: product.panel === null ? [] : componentsOf(product.panel),
          addons: [],
          profileSpecificFields: [],
          patientInstructions: null,
          dropShip: true,
        },
      ],
    };
    const answer = ok(
      await app.inject({ method: 'PUT', url: '/gear/testSelection', headers, payload: body }),
    );
    saved = answer;
    order = answer;
  }
  if (!saved) throw new Error('no products');
  return saved;
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
  return ok(await app.inject({ method: 'PUT', url: '/gear/testSelection/', headers, payload: body }));
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
  const cookie = `gear_session=${cookieValue}`;
  const jwt = await app.inject({ method: 'GET', url: '/mygdx/account/JWT/prc', headers: { cookie } });
  expect(jwt.statusCode, jwt.body).toBe(200);
  const token = jwt.json<{ token: string }>().token;
  return { cookie, token, headers: { authorization: `Bearer ${token}` } };
}

export const stepRow = (order: GearOrder, stepId: number, gearReqId: number | null = null) =>
  order.workflow.steps.find((row) => row.id === stepId && row.gearReqId === gearReqId);
