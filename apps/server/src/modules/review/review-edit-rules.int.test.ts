import { MESSAGES, REMOVAL_MESSAGES, STEP_IDS } from '@gear/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, requisitions, workflowSteps } from '../../db/schema/index.ts';
import { type Caller, callAs, currentVersion, expectEnvelope, useTestApp } from '../../test/helper.ts';
import { dropShipOrder, ok, PRODUCTS, type SavedOrder, signInPatient } from '../../test/order-builders.ts';

/** spec 3 §4 Review step and §6: the review's edit, delete and save-for-later rules, enforced by the API (decision 0185). */
const ctx = useTestApp();
const db = () => ctx.database.db;

const twoTests = () => dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects, PRODUCTS.sibo3Hour]);
const oneTest = () => dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
const reqId = (order: SavedOrder, index: number) => order.requisitions[index]?.id ?? 0;

/** A fact the lab or the workflow records outside these calls: the order's version moves as with any change. */
async function bump(orderId: number) {
  await db()
    .update(orders)
    .set({ version: sql`${orders.version} + 1` })
    .where(eq(orders.id, orderId));
}

/** Practitioner confirmation (workflow step 11) and patient confirmation (Summary, 9) both complete. */
async function confirmBoth(orderId: number) {
  await db()
    .update(workflowSteps)
    .set({ completed: true })
    .where(
      and(
        eq(workflowSteps.orderId, orderId),
        inArray(workflowSteps.stepId, [STEP_IDS.practitionerConfirmation, STEP_IDS.summary]),
      ),
    );
  await bump(orderId);
}

/** Every workflow row complete: workflow.complete (spec 1 §4.1). */
async function completeAll(orderId: number) {
  await db().update(workflowSteps).set({ completed: true }).where(eq(workflowSteps.orderId, orderId));
  await bump(orderId);
}

const versionNow = async (orderId: number) => `?version=${await currentVersion(db(), { orderId })}`;

const remove = async (who: Caller, order: SavedOrder, gearReqId: number) =>
  callAs(
    ctx.app,
    who,
    'DELETE',
    `/gear/order/${order.id}/requisition/${gearReqId}${await versionNow(order.id)}`,
  );

const saveForLater = async (who: Caller, order: SavedOrder, gearReqId: number) =>
  callAs(
    ctx.app,
    who,
    'PUT',
    `/gear/order/${order.id}/requisition/${gearReqId}/save-for-later${await versionNow(order.id)}`,
  );

describe('spec 3 §4 Review step: delete and save for later (DELETE requisition, PUT save-for-later)', () => {
  it('practitioners lose delete once practitioner and patient have both confirmed; admins keep it', async () => {
    const order = await twoTests();
    await confirmBoth(order.id);
    expectEnvelope(await remove('dr.avery', order, reqId(order, 1)), 403, REMOVAL_MESSAGES.notAuthorized);
    expectEnvelope(await remove('staff.kim', order, reqId(order, 1)), 403, REMOVAL_MESSAGES.notAuthorized);
    const saved = ok(await remove('admin.ops', order, reqId(order, 1)));
    expect(saved.requisitions.map((requisition) => requisition.id)).toEqual([reqId(order, 0)]);
  });

  it('practitioners lose delete when paperless applies; the other requisition may still go', async () => {
    const order = await twoTests();
    await db()
      .update(requisitions)
      .set({ paperless: true })
      .where(eq(requisitions.id, reqId(order, 1)));
    await bump(order.id);
    expectEnvelope(await remove('dr.avery', order, reqId(order, 1)), 403, REMOVAL_MESSAGES.notAuthorized);
    ok(await remove('dr.avery', order, reqId(order, 0)));
  });

  it('a PITL order: a patient neither deletes nor saves for later; an admin does', async () => {
    const single = await oneTest();
    const two = await twoTests();
    await db()
      .update(orders)
      .set({ physicianInTheLoop: true })
      .where(inArray(orders.id, [single.id, two.id]));
    await bump(single.id);
    await bump(two.id);
    const patient = await signInPatient(ctx.app, db(), [single.id, two.id]);
    expectEnvelope(await remove(patient, single, reqId(single, 0)), 403, REMOVAL_MESSAGES.notAuthorized);
    expectEnvelope(
      await saveForLater(patient, two, reqId(two, 1)),
      403,
      REMOVAL_MESSAGES.saveForLaterNotAuthorized,
    );
    const moved = ok<{ order: SavedOrder; newOrderId: number }>(
      await saveForLater('admin.ops', two, reqId(two, 1)),
    );
    expect(moved.newOrderId).toBeGreaterThan(two.id);
  });

  it('without the locks, a patient deletes from an order of one and saves one of two for later', async () => {
    const single = await oneTest();
    const two = await twoTests();
    const patient = await signInPatient(ctx.app, db(), [single.id, two.id]);
    expect(ok(await remove(patient, single, reqId(single, 0))).requisitions).toEqual([]);
    ok(await saveForLater(patient, two, reqId(two, 1)));
  });
});

describe("spec 3 §4 Review step: 'Patients edit diagnosis only when … the order is complete' (PUT /gear/diagnosisCodes/)", () => {
  const saveCodes = async (who: Caller, order: SavedOrder) =>
    callAs(ctx.app, who, 'PUT', '/gear/diagnosisCodes/', {
      gearReqId: reqId(order, 0),
      selectedCodes: [],
      otherCodes: ['1_K58.0'],
      version: await currentVersion(db(), { orderId: order.id }),
    });

  it('403 for a patient before the order is complete; 200 once it is; a practitioner saves at any time', async () => {
    const order = await oneTest();
    const patient = await signInPatient(ctx.app, db(), [order.id]);
    expectEnvelope(await saveCodes(patient, order), 403, MESSAGES.forbidden);
    ok(await saveCodes('dr.avery', order));
    await completeAll(order.id);
    const saved = ok(await saveCodes(patient, order));
    expect(saved.requisitions[0]?.icdCodes.map((code) => code.code)).toEqual(['K58.0']);
  });

  it('403 for a patient on a complete PITL order (editing is not allowed on PITL orders)', async () => {
    const order = await oneTest();
    await db().update(orders).set({ physicianInTheLoop: true }).where(eq(orders.id, order.id));
    await completeAll(order.id);
    const patient = await signInPatient(ctx.app, db(), [order.id]);
    expectEnvelope(await saveCodes(patient, order), 403, MESSAGES.forbidden);
  });
});
