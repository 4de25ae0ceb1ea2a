// Issue 21 item 6, decision 0200: the saves the browser makes outside the steps' forms (the review's boxes, the
// handoff, removal) send an Idempotency-Key; a repeat whose first answer was lost answers the change saved, not a 409,
// and concurrent repeats under one key change the order once (and send one handoff email, make one new order).
import { MESSAGES, STEP_IDS } from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders } from '../../db/schema/index.ts';
import {
  currentVersion,
  expectEnvelope,
  ok,
  type SavedOrder,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS, readyToSubmitOrder, shipToOfficeOrder } from '../../test/order-builders.ts';
import { useSmtpReceiver } from '../../test/smtp-receiver.ts';
import { patientInfo } from '../patient/test-orders.ts';

const smtp = useSmtpReceiver();
const ctx = useTestApp(() => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://portal.example.test',
  MAIL_FROM: 'Gear portal <portal@example.test>',
}));
const as = useSignIns(ctx, { avery: 'dr.avery', kim: 'staff.kim', admin: 'admin.ops' });

const CONCURRENT = 200;

type Who = typeof as.avery;
type Method = 'PUT' | 'POST' | 'DELETE';

/** One save as the browser sends it, with the version it read (If-Match or `?version=`), under `key` if any. */
interface Save {
  method: Method;
  url: string;
  who: () => Who;
  payload?: string;
  /** The If-Match the browser sends (the version read), for the routes whose version is not in the URL. */
  ifMatch?: number;
}

const send = (save: Save, key: string | null) =>
  ctx.app.inject({
    method: save.method,
    url: save.url,
    headers: {
      ...save.who().headers,
      ...(save.payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(save.ifMatch === undefined ? {} : { 'if-match': `"${save.ifMatch}"` }),
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    ...(save.payload === undefined ? {} : { payload: save.payload }),
  });

const versionOf = (orderId: number) => currentVersion(ctx.database.db, { orderId });

/** The order an answer carries: the order itself, or the handoff's and save-for-later's wrapper. */
const orderIn = (body: Record<string, unknown>): SavedOrder =>
  ('gearOrder' in body ? body.gearOrder : 'order' in body ? body.order : body) as SavedOrder;

const PATIENT = { dateOfBirth: '04/12/1985', nameLast: 'Testpatient', email: 'keyed.handoff@example.com' };

/** An order of P1002 (authorizing doctor P1001) awaiting that doctor's agreement, as review.int.test makes it. */
async function awaitingAgreement(): Promise<SavedOrder> {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1002', [PRODUCTS.giEffects]);
  await ctx.database.db
    .update(orders)
    .set({ practAgreement: false, practAgreementDate: null, version: order.version + 1 })
    .where(eq(orders.id, order.id));
  return { ...order, version: order.version + 1 };
}

/** A two-test order with the patient's name, which save-for-later needs for the new order. */
async function namedTwoTests(): Promise<SavedOrder> {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects, PRODUCTS.sibo3Hour]);
  await ctx.database.db
    .update(orders)
    .set({
      patientInfo: patientInfo({ nameFirst: 'Jane', nameLast: 'Testpatient' }),
      version: order.version + 1,
    })
    .where(eq(orders.id, order.id));
  return { ...order, version: order.version + 1 };
}

const reqOf = (order: SavedOrder, index = 0) => order.requisitions[index]?.id as number;

/** Each route: a fresh order and the save on it the browser would send. */
const ROUTES: { name: string; make: () => Promise<{ order: SavedOrder; save: Save }> }[] = [
  {
    name: 'POST /gear/order/{id}/handoff',
    make: async () => {
      const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
      const email = `keyed.${order.id}@example.com`;
      return {
        order,
        save: {
          method: 'POST',
          url: `/gear/order/${order.id}/handoff`,
          who: () => as.avery,
          payload: JSON.stringify({ ...PATIENT, email }),
          ifMatch: order.version,
        },
      };
    },
  },
  {
    name: 'PUT /gear/order/{id}/skip-step/{stepId}/{reqId}',
    make: async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [
        PRODUCTS.giEffects,
        PRODUCTS.sibo3Hour,
      ]);
      return {
        order,
        save: {
          method: 'PUT',
          url: `/gear/order/${order.id}/skip-step/${STEP_IDS.collection}/${reqOf(order, 1)}?version=${order.version}`,
          who: () => as.avery,
        },
      };
    },
  },
  {
    name: 'DELETE /gear/order/{id}/requisition/{reqId}',
    make: async () => {
      const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [
        PRODUCTS.giEffects,
        PRODUCTS.sibo3Hour,
      ]);
      return {
        order,
        save: {
          method: 'DELETE',
          url: `/gear/order/${order.id}/requisition/${reqOf(order, 1)}?version=${order.version}`,
          who: () => as.avery,
        },
      };
    },
  },
  {
    name: 'PUT /gear/order/{id}/requisition/{reqId}/save-for-later',
    make: async () => {
      const order = await namedTwoTests();
      return {
        order,
        save: {
          method: 'PUT',
          url: `/gear/order/${order.id}/requisition/${reqOf(order, 1)}/save-for-later?version=${order.version}`,
          who: () => as.admin,
        },
      };
    },
  },
  {
    name: 'PUT /gear/gear-requisition/{id}/quantity',
    make: async () => {
      const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
      return {
        order,
        save: {
          method: 'PUT',
          url: `/gear/gear-requisition/${reqOf(order)}/quantity?quantity=12`,
          who: () => as.avery,
          ifMatch: order.version,
        },
      };
    },
  },
  {
    name: 'POST /gear/order/{id}/update-medical-necessity',
    make: async () => {
      const order = await readyToSubmitOrder(ctx.app);
      return {
        order,
        save: {
          method: 'POST',
          url: `/gear/order/${order.id}/update-medical-necessity`,
          who: () => as.avery,
          payload: JSON.stringify('2026-11-26T20:00:00.000Z'),
          ifMatch: order.version,
        },
      };
    },
  },
  {
    name: 'POST /gear/orders/{id}/authorize',
    make: async () => {
      const order = await awaitingAgreement();
      return {
        order,
        save: {
          method: 'POST',
          url: `/gear/orders/${order.id}/authorize`,
          who: () => as.kim,
          ifMatch: order.version,
        },
      };
    },
  },
];

const handoffEmails = (orderId: number) =>
  smtp.received.filter((mail) => mail.to.includes(`keyed.${orderId}@example.com`)).length;

async function newOrdersOf(order: SavedOrder): Promise<number> {
  const rows = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(and(eq(auditEvents.orderId, order.id), sql`${auditEvents.detail}->>'newOrderId' is not null`));
  return rows[0]?.n ?? 0;
}

describe('a lost answer is not a conflict, route by route (issue 21 item 6, decision 0200)', () => {
  for (const route of ROUTES) {
    describe(route.name, () => {
      it('a repeat under the same key answers the change saved; without the key the same save is a 409', async () => {
        const { order, save } = await route.make();
        const key = `lost-${order.id}-answer`;
        const first = await send(save, key);
        expect(first.statusCode).toBe(200);
        const saved = orderIn(first.json());
        expect(saved.version).toBe(order.version + 1);

        // The answer was lost on the way; the browser sends the same save again under the same key.
        const repeat = await send(save, key);
        expect(repeat.statusCode).toBe(200);
        expect(repeat.json()).toEqual(first.json());
        expect(await versionOf(order.id)).toBe(order.version + 1);

        // Without the key (as before decision 0200) the person would have seen a refusal of their own change: 409
        // (404 for a requisition already removed). The authorization alone answers a stale repeat as given.
        const unkeyed = await send(save, null);
        if (route.name.includes('authorize')) expect(unkeyed.statusCode).toBe(200);
        else {
          expect([404, 409]).toContain(unkeyed.statusCode);
          expectEnvelope(unkeyed, unkeyed.statusCode);
        }
        expect(await versionOf(order.id)).toBe(order.version + 1);
        if (route.name.includes('handoff')) expect(handoffEmails(order.id)).toBe(1);
        if (route.name.includes('save-for-later')) expect(await newOrdersOf(order)).toBe(1);
      });

      it(`${CONCURRENT} concurrent sends of one save under one key (the first and its retries): all 200 with the same order, changed once`, async () => {
        const { order, save } = await route.make();
        const key = `concurrent-${order.id}-retry`;
        const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => send(save, key)));
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(CONCURRENT).fill(200));
        const versions = new Set(answers.map((answer) => orderIn(answer.json()).version));
        expect(versions).toEqual(new Set([order.version + 1]));
        expect(await versionOf(order.id)).toBe(order.version + 1);
        if (route.name.includes('handoff')) expect(handoffEmails(order.id)).toBe(1);
        if (route.name.includes('save-for-later')) {
          expect(
            new Set(answers.map((answer) => answer.json<{ newOrderId: number }>().newOrderId)).size,
          ).toBe(1);
          expect(await newOrdersOf(order)).toBe(1);
        }
      }, 120_000);
    });
  }

  it('the same key with another save on the same order is refused (422), nothing changed', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const quantity = (n: number): Save => ({
      method: 'PUT',
      url: `/gear/gear-requisition/${reqOf(order)}/quantity?quantity=${n}`,
      who: () => as.avery,
      ifMatch: order.version,
    });
    ok(await send(quantity(12), 'same-key-other-save'));
    expectEnvelope(await send(quantity(7), 'same-key-other-save'), 422, MESSAGES.saveKeyReused);
    expect(await versionOf(order.id)).toBe(order.version + 1);
  });
});
