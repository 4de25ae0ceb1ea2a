import {
  type GearOrder,
  MESSAGES,
  REMOVAL_MESSAGES,
  SKIP_STEP_MESSAGES,
  STEP_IDS,
  STEP_STATUS,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import {
  type Caller,
  callAs,
  currentVersion,
  expectEnvelope,
  signIn,
  useTestApp,
} from '../../test/helper.ts';
import {
  dropShipOrder,
  ok,
  PRODUCTS,
  receiveByLab,
  type SavedOrder,
  shipToOfficeOrder,
  signInPatient,
  stepRow,
} from '../../test/order-builders.ts';

const ctx = useTestApp();

/** The order's current version as a query, as a browser that has just read the order sends it (decision 0065). */
const versionNow = async (orderId: number) =>
  `?version=${await currentVersion(ctx.database.db, { orderId })}`;

const call = (method: 'PUT' | 'DELETE', who: Caller, url: string) => callAs(ctx.app, who, method, url);

const twoTests = () => dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects, PRODUCTS.sibo3Hour]);
const reqId = (order: SavedOrder, index: number) => order.requisitions[index]?.id ?? 0;

describe('PUT /gear/order/{id}/skip-step/{stepId}[/{reqId}]', () => {
  const skip = (who: Caller, order: SavedOrder, path: string, query = `?version=${order.version}`) =>
    call('PUT', who, `/gear/order/${order.id}/skip-step/${path}${query}`);

  it('spec 2 §4: a practitioner skips the incomplete collection step of a requisition; it is Skipped (status 4)', async () => {
    const order = await twoTests();
    const saved = ok(await skip('dr.avery', order, `${STEP_IDS.collection}/${reqId(order, 1)}`));
    expect(saved.version).toBe(order.version + 1);
    expect(stepRow(saved, STEP_IDS.collection, reqId(order, 1))).toMatchObject({
      completed: false,
      skipped: true,
      status: STEP_STATUS.skipped,
      userType: 'myGDX',
    });
    expect(stepRow(saved, STEP_IDS.collection, reqId(order, 0))?.skipped).toBe(false);
  });

  it('spec 2 §4: an order step names no requisition; without a version the call answers 428 (decision 0065)', async () => {
    const order = await twoTests();
    expectEnvelope(
      await skip('staff.kim', order, `${STEP_IDS.patient}`, ''),
      428,
      MESSAGES.orderVersionRequired,
    );
    const saved = ok(await skip('staff.kim', order, `${STEP_IDS.patient}`));
    expect(stepRow(saved, STEP_IDS.patient)?.status).toEqual(STEP_STATUS.skipped);
  });

  it.each<[string, (order: SavedOrder) => string, string]>([
    [
      'only while the step is not complete',
      (order) => `${STEP_IDS.panels}/${reqId(order, 0)}`,
      SKIP_STEP_MESSAGES.alreadyComplete,
    ],
    [
      'spec 1 §4.1: payment is never a step to be on',
      () => `${STEP_IDS.payment}`,
      SKIP_STEP_MESSAGES.notSkippable,
    ],
    [
      'a requisition step names its requisition',
      () => `${STEP_IDS.collection}`,
      SKIP_STEP_MESSAGES.requisitionRequired,
    ],
    ['an unknown step', () => '42', SKIP_STEP_MESSAGES.notSkippable],
    [
      'a requisition not on the order',
      () => `${STEP_IDS.collection}/999999`,
      SKIP_STEP_MESSAGES.requisitionNotOnOrder,
    ],
  ])('spec 2 §7: answers errors[{field, defaultMessage}]: %s', async (_case, path, message) => {
    const order = await twoTests();
    const body = expectEnvelope(await skip('dr.avery', order, path(order)), 400, message);
    expect(body.errors?.[0]?.defaultMessage).toBe(message);
  });

  it('spec 2 §4: myGDX only (403 for a patient), 403 for another practitioner, 401 without credentials', async () => {
    const order = await twoTests();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const body = expectEnvelope(
      await skip(patient, order, `${STEP_IDS.patient}`),
      403,
      SKIP_STEP_MESSAGES.practitionersOnly,
    );
    expect(body.errors).toEqual([{ field: 'stepId', defaultMessage: SKIP_STEP_MESSAGES.practitionersOnly }]);
    expectEnvelope(await skip('dr.fox', order, `${STEP_IDS.patient}`), 403, MESSAGES.forbidden);
    expectEnvelope(await ctx.app.inject({ method: 'PUT', url: `/gear/order/${order.id}/skip-step/6` }), 401);
  });

  it('answers 404 for an unknown order, 409 for a stale version and an order received by the lab, 400 for bad input', async () => {
    const order = await twoTests();
    expectEnvelope(await skip('dr.avery', { ...order, id: 2_000_000_000 }, '6'), 404, MESSAGES.orderNotFound);
    expectEnvelope(
      await skip('dr.avery', order, '6', `?version=${order.version - 1}`),
      409,
      MESSAGES.staleOrder,
    );
    expectEnvelope(await skip('dr.avery', order, 'six'), 400, MESSAGES.invalidInput);
    expectEnvelope(await skip('dr.avery', order, '6', '?version=-1'), 400, MESSAGES.invalidInput);
    await receiveByLab(ctx.database.db, reqId(order, 0), `A-SKIP-${order.id}`);
    expectEnvelope(await skip('dr.avery', order, '6', ''), 409, MESSAGES.orderReceivedByLab);
  });
});

describe('DELETE /gear/order/{id}/requisition/{reqId}', () => {
  const remove = (who: Caller, order: SavedOrder, gearReqId: number, query = `?version=${order.version}`) =>
    call('DELETE', who, `/gear/order/${order.id}/requisition/${gearReqId}${query}`);

  it('spec 2 §4, §7: a practitioner removes a requisition; its rows go with it; answers the updated order', async () => {
    const order = await twoTests();
    const removed = reqId(order, 1);
    const saved = ok(await remove('dr.avery', order, removed));
    expect(saved.version).toBe(order.version + 1);
    expect(saved.requisitions.map((r) => r.id)).toEqual([reqId(order, 0)]);
    expect(saved.workflow.steps.some((row) => row.gearReqId === removed)).toBe(false);
  });

  it('spec 2 §4: the last requisition too (the order is left with none); shipping then no longer applies', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const saved = ok(await remove('dr.avery', order, reqId(order, 0)));
    expect(saved.requisitions).toEqual([]);
    expect(stepRow(saved, STEP_IDS.shipping)?.notApplicable).toBe(true);
  });

  it('spec 2 §4, §8: a patient only from an order of a single requisition (403 otherwise)', async () => {
    const order = await twoTests();
    const single = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id, single.id]);
    expectEnvelope(await remove(patient, order, reqId(order, 0)), 403, REMOVAL_MESSAGES.notAuthorized);
    expect(ok(await remove(patient, single, reqId(single, 0))).requisitions).toEqual([]);
  });

  it('spec 2 §8: 404 for a requisition not on the order, 400 for one the lab received (an admin past the lock)', async () => {
    const order = await twoTests();
    expectEnvelope(await remove('dr.avery', order, 999_999), 404, REMOVAL_MESSAGES.notFound);
    const other = await twoTests();
    expectEnvelope(await remove('dr.avery', order, reqId(other, 0)), 404, REMOVAL_MESSAGES.notFound);
    await receiveByLab(ctx.database.db, reqId(order, 1), `A-DEL-${order.id}`);
    expectEnvelope(
      await remove('admin.ops', order, reqId(order, 1), await versionNow(order.id)),
      400,
      REMOVAL_MESSAGES.cannotBeRemoved,
    );
    expectEnvelope(await remove('dr.avery', order, reqId(order, 0), ''), 409, MESSAGES.orderReceivedByLab);
    ok(await remove('admin.ops', order, reqId(order, 0), await versionNow(order.id)));
  });

  it('answers 401, 403 for another practitioner, 404 for an unknown order, 409 stale, 400 bad input', async () => {
    const order = await twoTests();
    expectEnvelope(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/gear/order/${order.id}/requisition/${reqId(order, 0)}`,
      }),
      401,
    );
    expectEnvelope(await remove('dr.fox', order, reqId(order, 0)), 403, MESSAGES.forbidden);
    expectEnvelope(await remove('dr.avery', { ...order, id: 2_000_000_000 }, 1), 404, MESSAGES.orderNotFound);
    expectEnvelope(
      await remove('dr.avery', order, reqId(order, 0), `?version=${order.version - 1}`),
      409,
      MESSAGES.staleOrder,
    );
    expectEnvelope(
      await remove('dr.avery', order, reqId(order, 0), '?version=x'),
      400,
      MESSAGES.invalidInput,
    );
  });
});

describe('PUT /gear/order/{orderId}/requisition/{reqId}/save-for-later', () => {
  const later = (who: Caller, order: SavedOrder, gearReqId: number, query = `?version=${order.version}`) =>
    call('PUT', who, `/gear/order/${order.id}/requisition/${gearReqId}/save-for-later${query}`);

  it('spec 2 §4: an admin moves a requisition and its rows to a new order of the same practitioner and patient', async () => {
    const order = await twoTests();
    const moved = reqId(order, 1);
    await ctx.database.db
      .update(orders)
      .set({
        patientInfo: { nameFirst: 'Jane', nameLast: 'Testpatient' } as never,
        version: order.version + 1,
      })
      .where(eq(orders.id, order.id));
    const answer = ok<{ order: SavedOrder; newOrderId: number }>(
      await later('admin.ops', order, moved, `?version=${order.version + 1}`),
    );
    expect(answer.order.id).toBe(order.id);
    expect(answer.order.version).toBe(order.version + 2);
    expect(answer.order.requisitions.map((r) => r.id)).toEqual([reqId(order, 0)]);
    expect(answer.order.workflow.steps.some((row) => row.gearReqId === moved)).toBe(false);

    const { headers } = await signIn(ctx.app, 'dr.avery');
    const created = ok<GearOrder>(
      await ctx.app.inject({ method: 'GET', url: `/gear/order/${answer.newOrderId}`, headers }),
    );
    expect(created.practitioner?.gsdlNo).toBe('P1001');
    expect(created.patientInfo).toMatchObject({ nameFirst: 'Jane', nameLast: 'Testpatient' });
    expect(created.requisitions.map((r) => r.id)).toEqual([moved]);
    expect(stepRow(created, STEP_IDS.panels, moved)?.status).toEqual(STEP_STATUS.completed);
    expect(stepRow(created, STEP_IDS.pract)?.status).toEqual(STEP_STATUS.completed);
    expect(stepRow(created, STEP_IDS.shipping)?.notApplicable).toBe(false);
    expect(created.workflow.steps.filter((row) => row.gearReqId === null).map((row) => row.id)).toEqual([
      1, 6, 7, 8, 9, 10, 11, 12, 14, 15,
    ]);
  });

  it('spec 2 §4: a patient with more than one requisition', async () => {
    const order = await twoTests();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const answer = ok<{ order: SavedOrder; newOrderId: number }>(
      await later(patient, order, reqId(order, 0)),
    );
    expect(answer.newOrderId).toBeGreaterThan(order.id);
  });

  it('spec 2 §4: not for practitioners (403), not the only requisition (400), not one the lab received', async () => {
    const order = await twoTests();
    expectEnvelope(
      await later('dr.avery', order, reqId(order, 0)),
      403,
      REMOVAL_MESSAGES.saveForLaterNotAuthorized,
    );
    const single = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    expectEnvelope(
      await later('admin.ops', single, reqId(single, 0)),
      400,
      REMOVAL_MESSAGES.saveForLaterOnlyRequisition,
    );
    await receiveByLab(ctx.database.db, reqId(order, 1), `A-SFL-${order.id}`);
    expectEnvelope(
      await later('admin.ops', order, reqId(order, 1), await versionNow(order.id)),
      400,
      REMOVAL_MESSAGES.cannotBeRemoved,
    );
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(await later(patient, order, reqId(order, 0), ''), 409, MESSAGES.orderReceivedByLab);
  });

  it('answers 401, 403 for another practitioner, 404, 409 stale, 400 bad input', async () => {
    const order = await twoTests();
    expectEnvelope(
      await ctx.app.inject({
        method: 'PUT',
        url: `/gear/order/${order.id}/requisition/${reqId(order, 0)}/save-for-later`,
      }),
      401,
    );
    expectEnvelope(await later('dr.fox', order, reqId(order, 0)), 403, MESSAGES.forbidden);
    expectEnvelope(await later('admin.ops', order, 999_999), 404, REMOVAL_MESSAGES.notFound);
    expectEnvelope(await later('admin.ops', { ...order, id: 2_000_000_000 }, 1), 404, MESSAGES.orderNotFound);
    expectEnvelope(
      await later('admin.ops', order, reqId(order, 0), `?version=${order.version + 5}`),
      409,
      MESSAGES.staleOrder,
    );
    expectEnvelope(await later('admin.ops', order, 0), 400, MESSAGES.invalidInput);
  });
});

describe('DELETE /gear/order/cancel/{id}', () => {
  const cancel = (who: Caller, orderId: number, query = '') =>
    call('DELETE', who, `/gear/order/cancel/${orderId}${query}`);

  it('spec 3 §7: cancelPass, then cancelAlreadyRefunded; the order and its requisitions are canceled', async () => {
    const order = await twoTests();
    const first = await cancel('dr.avery', order.id, `?version=${order.version}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    expect(first.body).toBe('cancelPass');
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const reloaded = ok<GearOrder>(
      await ctx.app.inject({ method: 'GET', url: `/gear/order/${order.id}`, headers }),
    );
    expect(reloaded.version).toBe(order.version + 1);
    expect(reloaded.requisitions.every((r) => r.canceled)).toBe(true);
    expect((await cancel('dr.avery', order.id, await versionNow(order.id))).body).toBe(
      'cancelAlreadyRefunded',
    );
  });

  it("spec 3 §7: 'other' when a requisition has reached the lab (an admin past the lock); 409 for others", async () => {
    const order = await twoTests();
    await receiveByLab(ctx.database.db, reqId(order, 0), `A-CAN-${order.id}`);
    expectEnvelope(await cancel('dr.avery', order.id), 409, MESSAGES.orderReceivedByLab);
    const version = await currentVersion(ctx.database.db, { orderId: order.id });
    expect((await cancel('admin.ops', order.id, `?version=${version}`)).body).toBe('other');
  });

  it('answers 401, 403 for another practitioner, 404, 409 stale, 400 bad input', async () => {
    const order = await twoTests();
    expectEnvelope(await ctx.app.inject({ method: 'DELETE', url: `/gear/order/cancel/${order.id}` }), 401);
    expectEnvelope(await cancel('dr.fox', order.id), 403, MESSAGES.forbidden);
    expectEnvelope(await cancel('dr.avery', 2_000_000_000), 404, MESSAGES.orderNotFound);
    expectEnvelope(
      await cancel('dr.avery', order.id, `?version=${order.version - 1}`),
      409,
      MESSAGES.staleOrder,
    );
    expectEnvelope(
      await cancel('dr.avery', order.id, '?dateOfBirth=1985-04-12-extra'),
      400,
      MESSAGES.invalidInput,
    );
  });
});
