import {
  BILLING_METHODS,
  labToday,
  MESSAGES,
  PAYMENT_MESSAGES,
  REVIEW_MESSAGES,
  STEP_IDS,
  submitBlockers,
} from '@gear/domain';
import { users } from '@gear/domain/test-support';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders } from '../../db/schema/index.ts';
import { SHIP_TO_OFFICE_DEMO_FORM } from '../../seed/demo-review-orders.ts';
import {
  callAs,
  currentVersion,
  expectEnvelope,
  GI_EFFECTS,
  ifMatchNow,
  ok,
  type SavedOrder,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import {
  componentsOf,
  dropShipOrder,
  readyToSubmitOrder,
  shippingBody,
  shipToOfficeOrder,
  signInPatient,
  stepRow,
} from '../../test/order-builders.ts';
import { patientInfo } from '../patient/test-orders.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, {
  avery: 'dr.avery',
  kim: 'staff.kim',
  chen: 'dr.chen',
  evans: 'dr.evans',
  admin: 'admin.ops',
});

type Answer = { gearOrder: SavedOrder; error: string | null; message: string | null };

const readyDropShipOrder = () => readyToSubmitOrder(ctx.app);

/** The If-Match of a change: the version named, else the order's current one (a browser that has just read it). */
const ifMatch = async (of: { orderId: number } | { gearReqId: number }, version?: number) =>
  version === undefined ? await ifMatchNow(ctx.database.db, of) : { 'if-match': `"${version}"` };

const submit = async (
  order: { id: number },
  {
    key,
    body = {},
    who = as.avery,
    version,
  }: { key?: string; body?: Record<string, unknown>; who?: typeof as.avery; version?: number } = {},
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/gear/order/${order.id}/confirm-and-pay`,
    headers: {
      ...who.headers,
      ...(key ? { 'idempotency-key': key } : {}),
      ...(await ifMatch({ orderId: order.id }, version)),
    },
    payload: { patientAgreement: false, nsaAcknowledged: false, recaptcha: null, payments: [], ...body },
  });

/** A drop-ship GI Effects order of P1001 with its patient saved and its test billed by `billingMethod`. */
async function dropShipBilledAs(billingMethod: string) {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [GI_EFFECTS]);
  const saved = ok(
    await callAs(ctx.app, as.avery, 'PUT', `/gear/order/${order.id}/patient/`, {
      id: order.id,
      version: order.version,
      patientInfo: patientInfo(),
    }),
  );
  ok(
    await callAs(ctx.app, as.avery, 'PUT', '/gear/billingMethod/', {
      billingMethod,
      gearReqId: saved.requisitions[0]?.id,
      version: saved.version,
    }),
  );
  return order;
}

/** PUT /gear/customizeTestSelections/ with the order's version as read in If-Match. */
const customize = async (who: typeof as.avery, body: { id: number } & Record<string, unknown>) =>
  callAs(ctx.app, who, 'PUT', '/gear/customizeTestSelections/', body, await ifMatch({ gearReqId: body.id }));

/** Another call whose body names no version, with the order's version as read in If-Match. */
const changeAs = async (who: typeof as.avery, method: 'PUT' | 'POST', url: string, orderId: number) =>
  callAs(ctx.app, who, method, url, undefined, await ifMatch({ orderId }));

const auditCount = async (orderId: number, action: string) =>
  (
    await ctx.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, action)))
  ).length;

describe('PUT /gear/order/{id}/confirm-and-pay (spec 3 §5, §7; decision 0080)', () => {
  it('places a drop-ship order: practitioner confirmation on the workflow, who and when, never a status', async () => {
    const order = await readyDropShipOrder();
    const response = await submit(order, { key: 'submit-place-0001' });
    const answer = ok<Answer>(response);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(answer.error).toBeNull();
    expect(answer.gearOrder.workflow.practitionerConfirmed).toBe(true);
    expect(answer.gearOrder.workflow.patientConfirmed).toBe(false);
    for (const id of [STEP_IDS.confirm, STEP_IDS.practitionerConfirmation])
      expect(stepRow(answer.gearOrder, id)).toMatchObject({ completed: true, userType: 'myGDX' });
    expect(stepRow(answer.gearOrder, STEP_IDS.confirm)?.stepDate).toEqual(expect.any(String));
    // Physician Account: the patient has nothing to confirm or pay.
    for (const id of [STEP_IDS.summary, STEP_IDS.payment, STEP_IDS.registration, STEP_IDS.handoff])
      expect(stepRow(answer.gearOrder, id)?.notApplicable).toBe(true);
    expect(await auditCount(order.id, 'practitionerConfirmed')).toBe(1);
    expect(answer.gearOrder).not.toHaveProperty('status');
  });

  it('replays the first answer for the same key (its version now stale); 422 for the same key with another body; 409 for a new key', async () => {
    const order = await readyDropShipOrder();
    const first = ok<Answer>(await submit(order, { key: 'submit-replay-0001', version: order.version }));
    const again = await submit(order, { key: 'submit-replay-0001', version: order.version });
    expect(ok<Answer>(again)).toEqual(first);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectEnvelope(
      await submit(order, { key: 'submit-replay-0001', body: { nsaAcknowledged: true } }),
      422,
      REVIEW_MESSAGES.idempotencyKeyReused,
    );
    expectEnvelope(await submit(order, { key: 'submit-replay-0002' }), 409, REVIEW_MESSAGES.alreadyConfirmed);
    expect(await auditCount(order.id, 'practitionerConfirmed')).toBe(1);
  });

  it.each([20, 200])(
    '%i concurrent identical submits confirm once and all get the same answer',
    async (count) => {
      const order = await readyDropShipOrder();
      const responses = await Promise.all(
        Array.from({ length: count }, () =>
          submit(order, { key: `submit-concurrent-${count}`, version: order.version }),
        ),
      );
      const answers = responses.map((response) => ok<Answer>(response));
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(await auditCount(order.id, 'practitionerConfirmed')).toBe(1);
      expect(answers[0]?.gearOrder.version).toBe(order.version + 1);
    },
  );

  it('20 concurrent submits without a key confirm once; the others are refused', async () => {
    const order = await readyDropShipOrder();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => submit(order, { version: order.version })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200))
      expect(refused.statusCode).toBe(409);
    expect(await auditCount(order.id, 'practitionerConfirmed')).toBe(1);
  });

  it('422 with errors[{field, defaultMessage}] when spec 3 §5 disables Submit (no patient info)', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [GI_EFFECTS]);
    const refused = expectEnvelope(await submit(order), 422, REVIEW_MESSAGES.noPatientInfo);
    expect(refused.errors).toEqual([{ field: 'patientInfo', defaultMessage: REVIEW_MESSAGES.noPatientInfo }]);
  });

  it('refuses a payment where nothing is due, another practitioner, nobody and an unknown order', async () => {
    const order = await readyDropShipOrder();
    expectEnvelope(
      await submit(order, { body: { payments: [{ paymentType: 'card' }] } }),
      422,
      PAYMENT_MESSAGES.paymentNotExpected,
    );
    expectEnvelope(await submit(order, { who: as.chen }), 403, MESSAGES.forbidden);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/confirm-and-pay`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expectEnvelope(await submit({ id: 999_999 }), 404, MESSAGES.orderNotFound);
    expectEnvelope(await submit(order, { key: 'bad key!' }), 400);
    const nul = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/confirm-and-pay`,
      headers: as.avery.headers,
      payload: { recaptcha: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
  });

  it('a patient with something to pay is sent to payment (422); with nothing to pay, the patient confirms', async () => {
    const order = await readyDropShipOrder();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(await submit(order, { who: patient }), 422, REVIEW_MESSAGES.patientAgreementRequired);
    const answer = ok<Answer>(await submit(order, { who: patient, body: { patientAgreement: true } }));
    expect(answer.gearOrder.workflow.patientConfirmed).toBe(true);
    expect(answer.gearOrder.dataConfirmed).toBe(true);
    expect(answer.gearOrder.patientAgreement).toBe(true);
    expect(stepRow(answer.gearOrder, STEP_IDS.summary)).toMatchObject({ completed: true, userType: 'prc' });

    const patientPays = await dropShipBilledAs(BILLING_METHODS.patientPay);
    const payer = await signInPatient(ctx.app, ctx.database.db, [patientPays.id]);
    expectEnvelope(
      await submit(patientPays, { who: payer, body: { patientAgreement: true } }),
      422,
      REVIEW_MESSAGES.paymentTypeRequired,
    );
  });

  it('issue 20: a placed ship-to-office order reaches workflow.complete once customized and shipped', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const placed = ok<Answer>(await submit(order, { key: 'submit-office-0001' })).gearOrder;
    expect(placed.workflow.practitionerConfirmed).toBe(true);
    expect(placed.workflow.complete).toBe(false);
    let current = placed;
    for (const requisition of placed.requisitions) {
      current = ok(
        await customize(as.avery, {
          id: requisition.id,
          panel: 5400,
          components: componentsOf(5400),
          addons: [],
          patientInstructions: 'Collect on a weekday morning.',
        }),
      );
      expect(stepRow(current, STEP_IDS.customize, requisition.id)).toMatchObject({ completed: true });
      expect(current.requisitions.find((r) => r.id === requisition.id)).toMatchObject({
        billingMethod: BILLING_METHODS.patientSelects,
        patientInstructions: 'Collect on a weekday morning.',
      });
    }
    const shipped = ok(
      await callAs(ctx.app, as.avery, 'PUT', `/gear/order/${order.id}/shippingInfo/`, shippingBody(current)),
    );
    expect(shipped.workflow.complete).toBe(true);
  });

  it("decision 0325: a practitioner is not asked for one patient's data on a bulk order; the server refuses it (409)", async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const refusals = [
      [
        'PUT',
        `/gear/order/${order.id}/patient/`,
        { id: order.id, version: order.version, patientInfo: patientInfo() },
      ],
      [
        'PUT',
        `/gear/order/${order.id}/insurance/`,
        { id: order.id, version: order.version, insurance: null, secondaryInsurance: null },
      ],
    ] as const;
    for (const [method, url, body] of refusals)
      expectEnvelope(
        await callAs(ctx.app, as.avery, method, url, body),
        409,
        MESSAGES.officePacksHaveNoPatient,
      );
    const placed = ok<Answer>(await submit(order)).gearOrder;
    expect(placed.patientInfo).toBeNull();
    for (const id of [STEP_IDS.patient, STEP_IDS.insurance])
      expect(stepRow(placed, id)?.notApplicable).toBe(true);
  });

  it("decision 0325: 'No Insurance Billing: Pay Full Amount' needs no insurance; Bill Insurance still does", async () => {
    const placedWith = async (billingMethod: string) => {
      const order = await dropShipBilledAs(billingMethod);
      return ok<Answer>(await submit(order)).gearOrder;
    };
    const paysInFull = await placedWith(BILLING_METHODS.patientPay);
    expect(paysInFull.insurance).toBeNull();
    expect(stepRow(paysInFull, STEP_IDS.insurance)).toMatchObject({ completed: false, notApplicable: true });
    const billsInsurance = await placedWith(BILLING_METHODS.insurance);
    expect(stepRow(billsInsurance, STEP_IDS.insurance)).toMatchObject({
      completed: false,
      notApplicable: false,
    });
  });

  it('issue 20: a placed drop-ship order billed to the practitioner reaches workflow.complete once shipped and collected', async () => {
    const order = await readyDropShipOrder();
    const placed = ok<Answer>(await submit(order, { key: 'submit-dropship-0001' })).gearOrder;
    expect(placed.workflow.practitionerConfirmed).toBe(true);
    expect(placed.workflow.complete).toBe(false);
    const [requisition] = placed.requisitions;
    // Customize (13) is for ship-to-office packs only; with the practice paying, diagnosis codes and insurance are
    // not needed (decision 0180).
    for (const id of [STEP_IDS.customize, STEP_IDS.dxCodes])
      expect(stepRow(placed, id, requisition?.id)?.notApplicable).toBe(true);
    expect(stepRow(placed, STEP_IDS.insurance)?.notApplicable).toBe(true);
    const shipped = ok(
      await callAs(ctx.app, as.avery, 'PUT', `/gear/order/${order.id}/shippingInfo/`, shippingBody(placed)),
    );
    // What is left is the sample itself: the patient collects it from the pack shipped to them.
    const open = shipped.workflow.steps.filter((row) => !row.completed && !row.notApplicable);
    expect(open.map((row) => `${row.id}/${row.gearReqId}`)).toEqual([
      `${STEP_IDS.collection}/${requisition?.id}`,
    ]);
    expect(shipped.workflow.complete).toBe(false);
    const collected = ok(
      await callAs(ctx.app, as.avery, 'PUT', '/gear/sampleCollection', {
        id: requisition?.id,
        gearOrderId: order.id,
        version: shipped.version,
        lastSampleCollected: true,
        dateLastSampleCollected: labToday(),
        sampleCollectionData: [
          { id: 4001, value: 'Brown' },
          { id: 4002, value: 'Formed/Normal' },
          { id: 4003, value: '3-day' },
        ],
      }),
    );
    expect(collected.workflow.complete).toBe(true);
  });
});

describe('POST /gear/order/{id}/update-medical-necessity (spec 3 §4, §7)', () => {
  const post = async (id: number, payload: unknown, who = as.avery) =>
    ctx.app.inject({
      method: 'POST',
      url: `/gear/order/${id}/update-medical-necessity`,
      headers: { ...who.headers, 'content-type': 'application/json', ...(await ifMatch({ orderId: id })) },
      payload: JSON.stringify(payload),
    });

  it('records the acknowledgement with the server time, withdraws it with null; refusals', async () => {
    const order = await readyDropShipOrder();
    const acknowledged = ok(await post(order.id, '2026-11-26'));
    expect(acknowledged.dateMedicalNecessityAcknowledged).toEqual(expect.any(String));
    expect(ok(await post(order.id, null)).dateMedicalNecessityAcknowledged).toBeNull();
    expectEnvelope(await post(order.id, 'yesterday'), 400);
    expectEnvelope(await post(order.id, '2026-11-26', as.chen), 403);
    expectEnvelope(await post(999_999, null), 404);
  });
});

describe('POST /gear/orders/{id}/authorize (spec 3 §4, §6)', () => {
  /** An order of P1002 (authorizing doctor P1001) awaiting that doctor's agreement. */
  async function awaitingAgreement() {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1002', [GI_EFFECTS]);
    await ctx.database.db
      .update(orders)
      .set({ practAgreement: false, practAgreementDate: null, version: order.version + 1 })
      .where(eq(orders.id, order.id));
    return { ...order, version: order.version + 1 };
  }
  const authorize = async (id: number, who = as.kim, version?: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/gear/orders/${id}/authorize`,
      headers: { ...who.headers, ...(await ifMatch({ orderId: id }, version)) },
    });

  it('staff.kim, acting for P1001, authorizes an order of P1002 once under 200 concurrent calls naming the version read', async () => {
    const order = await awaitingAgreement();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => authorize(order.id, as.kim, order.version)),
    );
    // All 200: the one that gave the agreement, and the others (stale since it was given) answer the order with it.
    for (const answer of answers) expect(ok(answer).practAgreement).toBe(true);
    expect(await auditCount(order.id, 'orderAuthorized')).toBe(1);
    const again = ok(await authorize(order.id));
    expect(again.practAgreementDate).toEqual(expect.any(String));
    expect(again.version).toBe(order.version + 1);
    // A repeat answers the order unchanged, whichever version it names; one naming none is refused as every change.
    expect(ok(await authorize(order.id, as.kim, order.version)).version).toBe(order.version + 1);
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/gear/orders/${order.id}/authorize`,
      headers: as.kim.headers,
    });
    expectEnvelope(none, 428, MESSAGES.orderVersionRequired);
  }, 120_000);

  it("403 'You do not have permission to authorize this order.' for a patient; 403 with no data for dr.chen", async () => {
    const order = await awaitingAgreement();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(await authorize(order.id, patient), 403, REVIEW_MESSAGES.authorizationForbidden);
    expectEnvelope(await authorize(order.id, as.chen), 403, MESSAGES.forbidden);
    expectEnvelope(await authorize(999_999), 404);
  });
});

describe('PUT /gear/gear-requisition/{id}/quantity (spec 3 §5)', () => {
  const put = async (gearReqId: number, quantity: string, who = as.avery, version?: number) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/gear/gear-requisition/${gearReqId}/quantity?quantity=${quantity}`,
      headers: { ...who.headers, ...(await ifMatch({ gearReqId }, version)) },
    });

  it('saves 1 to 99; refuses 0, 100, text, another practitioner and an unknown requisition', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const gearReqId = order.requisitions[0]?.id as number;
    expect(ok(await put(gearReqId, '12')).requisitions[0]?.quantity).toBe(12);
    expectEnvelope(await put(gearReqId, '0'), 400);
    expectEnvelope(await put(gearReqId, '100'), 400);
    expectEnvelope(await put(gearReqId, 'abc'), 400);
    expectEnvelope(await put(gearReqId, '5', as.chen), 403);
    expectEnvelope(await put(999_999, '5'), 404);
  });

  it('200 concurrent saves naming the same version: exactly one 200, the others 409, one bump', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const gearReqId = order.requisitions[0]?.id as number;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => put(gearReqId, '7', as.avery, order.version)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(199);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expectEnvelope(refused, 409, MESSAGES.staleOrder);
    const after = ok(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}`));
    expect(after.version).toBe(order.version + 1);
    expect(after.requisitions[0]?.quantity).toBe(7);
  }, 120_000);

  it('spec 3 §5: a Canada order holds at most 25 packs', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.evans', 'P1005', [540, 617]);
    const [first, second] = order.requisitions;
    ok(await put(first?.id as number, '20', as.evans));
    const refused = expectEnvelope(await put(second?.id as number, '6', as.evans), 400);
    expect(refused.message).toBe(
      'A maximum of 25 collection packs may be ordered online. If you need to order more packs, please call us at 800-522-4762.',
    );
    ok(await put(second?.id as number, '5', as.evans));
  });
});

describe('PUT /gear/customizeTestSelections/ (decision 0081)', () => {
  it('refuses a drop-ship requisition (400), a test the product does not offer (400) and a patient (403)', async () => {
    const dropShip = await readyDropShipOrder();
    const body = (id: number) => ({ id, panel: 5400, components: componentsOf(5400), addons: [] });
    expectEnvelope(
      await customize(as.avery, body(dropShip.requisitions[0]?.id as number)),
      400,
      REVIEW_MESSAGES.customizeNotApplicable,
    );
    const office = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const gearReqId = office.requisitions[0]?.id as number;
    expectEnvelope(await customize(as.avery, { ...body(gearReqId), panel: 4710 }), 400);
    const patient = await signInPatient(ctx.app, ctx.database.db, [office.id]);
    expectEnvelope(await customize(patient, body(gearReqId)), 403);
  });
});

describe('PUT /gear/updateWorkflow/ (decision 0080)', () => {
  it('refuses completing a step other than the read-only summary; answers the order otherwise', async () => {
    const order = await readyDropShipOrder();
    const refused = expectEnvelope(
      await callAs(ctx.app, as.avery, 'PUT', '/gear/updateWorkflow/', {
        id: order.id,
        version: await currentVersion(ctx.database.db, { orderId: order.id }),
        workflow: { steps: [{ id: STEP_IDS.confirm, gearReqId: null, completed: true }] },
      }),
      400,
    );
    expect(refused.errors?.[0]).toEqual({
      field: 'workflow.steps',
      defaultMessage: 'Review cannot be completed here.',
    });
    const answered = ok(
      await callAs(ctx.app, as.avery, 'PUT', '/gear/updateWorkflow/', {
        id: order.id,
        version: await currentVersion(ctx.database.db, { orderId: order.id }),
        workflow: { steps: [] },
      }),
    );
    expect(stepRow(answered, STEP_IDS.confirm)?.completed).toBe(false);
    expectEnvelope(
      await callAs(ctx.app, as.chen, 'PUT', '/gear/updateWorkflow/', {
        id: order.id,
        version: await currentVersion(ctx.database.db, { orderId: order.id }),
        workflow: { steps: [] },
      }),
      403,
    );
  });
});

describe('PUT /gear/order/{id}/change-practitioner/{gsdlNo} (spec 3 §4, §6)', () => {
  it('admins always; the same practitioner saves nothing; others only on a patient registration (403)', async () => {
    const order = await readyDropShipOrder();
    const url = (gsdlNo: string) => `/gear/order/${order.id}/change-practitioner/${gsdlNo}`;
    expectEnvelope(await changeAs(as.avery, 'PUT', url('P1002'), order.id), 403);
    const same = ok(await changeAs(as.admin, 'PUT', url('P1001'), order.id));
    expect(same.version).toBe(order.version);
    const changed = ok(await changeAs(as.admin, 'PUT', url('P1002'), order.id));
    expect(changed.practitioner?.gsdlNo).toBe('P1002');
    expectEnvelope(await changeAs(as.admin, 'PUT', url('ZZZZZ'), order.id), 404);
  });

  /** Sets the order's facts as the lab's systems would, moving its version as every change does. */
  const setFacts = async (
    orderId: number,
    facts: Partial<Pick<typeof orders.$inferInsert, 'patientRegistration' | 'practAgreement'>>,
  ) => {
    await ctx.database.db
      .update(orders)
      .set({ ...facts, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, orderId));
  };

  /** A patient registration awaiting the practitioner's agreement (how the demo order 50012382 stands). */
  const awaitingAgreement = async () => {
    const order = await readyDropShipOrder();
    await setFacts(order.id, { patientRegistration: true, practAgreement: null });
    return { ...order, version: order.version + 1 };
  };

  it("a patient changes within the order's practice on a registration awaiting agreement; audited", async () => {
    const order = await awaitingAgreement();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const options = ok<{ gsdlNo: string }[]>(
      await callAs(ctx.app, patient, 'GET', `/gear/practitioner-options/${order.id}`),
    );
    expect(options.map((option) => option.gsdlNo).sort()).toEqual(['P1001', 'P1002']);
    const response = await changeAs(
      patient,
      'PUT',
      `/gear/order/${order.id}/change-practitioner/P1002`,
      order.id,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const changed = ok(response);
    expect(changed.practitioner?.gsdlNo).toBe('P1002');
    expect(changed.version).toBe(order.version + 1);
    expect(await auditCount(order.id, 'practitionerChanged')).toBe(1);
    // The same practitioner again saves nothing (spec 3 §4 'Saved only when … differs').
    const same = ok(
      await changeAs(patient, 'PUT', `/gear/order/${order.id}/change-practitioner/P1002`, order.id),
    );
    expect(same.version).toBe(changed.version);
    expect(await auditCount(order.id, 'practitionerChanged')).toBe(1);
  });

  it('refuses a patient (403): another practice, no patient registration, once the practitioner agreed, not their order', async () => {
    const order = await awaitingAgreement();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const url = (gsdlNo: string) => `/gear/order/${order.id}/change-practitioner/${gsdlNo}`;
    expectEnvelope(await changeAs(patient, 'PUT', url('P1003'), order.id), 403);

    await setFacts(order.id, { practAgreement: true });
    expectEnvelope(await changeAs(patient, 'PUT', url('P1002'), order.id), 403);

    await setFacts(order.id, { practAgreement: null, patientRegistration: false });
    expectEnvelope(await changeAs(patient, 'PUT', url('P1002'), order.id), 403);

    const stranger = await signInPatient(ctx.app, ctx.database.db, []);
    const refused = await changeAs(stranger, 'PUT', url('P1002'), order.id);
    expect([403, 404]).toContain(refused.statusCode);
    const options = await callAs(ctx.app, stranger, 'GET', `/gear/practitioner-options/${order.id}`);
    expect([403, 404]).toContain(options.statusCode);
    expect(await auditCount(order.id, 'practitionerChanged')).toBe(0);
    const unchanged = ok(await callAs(ctx.app, as.admin, 'GET', `/gear/order/${order.id}`));
    expect(unchanged.practitioner?.gsdlNo).toBe('P1001');
  });

  it('200 concurrent identical changes by a patient: exactly one 200, the others 409, one bump, one audit', async () => {
    const order = await awaitingAgreement();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const url = `/gear/order/${order.id}/change-practitioner/P1002`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        callAs(ctx.app, patient, 'PUT', url, undefined, { 'if-match': `"${order.version}"` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(199);
    const after = ok(await callAs(ctx.app, as.admin, 'GET', `/gear/order/${order.id}`));
    expect(after.version).toBe(order.version + 1);
    expect(after.practitioner?.gsdlNo).toBe('P1002');
    expect(await auditCount(order.id, 'practitionerChanged')).toBe(1);
  }, 120_000);

  it('409 for a stale version in If-Match, 428 without one (decision 0100)', async () => {
    const order = await awaitingAgreement();
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const url = `/gear/order/${order.id}/change-practitioner/P1002`;
    expectEnvelope(await callAs(ctx.app, patient, 'PUT', url), 428, MESSAGES.orderVersionRequired);
    const current = (await currentVersion(ctx.database.db, { orderId: order.id })) ?? order.version;
    expectEnvelope(
      await callAs(ctx.app, patient, 'PUT', url, undefined, { 'if-match': `"${current - 1}"` }),
      409,
      MESSAGES.staleOrder,
    );
    const changed = ok(await callAs(ctx.app, patient, 'PUT', url, undefined, { 'if-match': `"${current}"` }));
    expect(changed.practitioner?.gsdlNo).toBe('P1002');
  });
});

describe('demo data of the review (README demo table)', () => {
  const demoOrder = async (number: string, who = as.avery) =>
    ok(await callAs(ctx.app, who, 'GET', `/gear/order?requisitionNumber=${number}`));

  it('the P1001 orders ready to submit can be submitted; the Physician Account one leaves the patient nothing', async () => {
    const patientPays = await demoOrder('C512380106');
    expect(ok<Answer>(await submit(patientPays)).gearOrder.workflow.practitionerConfirmed).toBe(true);
    const physicianAccount = await demoOrder('C512380114');
    const placed = ok<Answer>(await submit(physicianAccount)).gearOrder;
    expect(stepRow(placed, STEP_IDS.summary)?.notApplicable).toBe(true);
  });

  it('the ship-to-office order of P1001 (order form OF-DEMO-0001) is ready to submit, and its packing slip opens', async () => {
    const [row] = await ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderFormId, SHIP_TO_OFFICE_DEMO_FORM));
    if (!row) throw new Error('no ship-to-office demo order');
    const order = ok(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${row.id}`));
    expect(order.requisitions.map((r) => [r.omsOrderableItemId, r.quantity, r.shipToOffice])).toEqual([
      [540, 2, true],
      [617, 1, true],
    ]);
    expect(submitBlockers({ order, user: users.drAvery, today: labToday() })).toEqual([]);
    expect(ok<Answer>(await submit(order)).gearOrder.workflow.practitionerConfirmed).toBe(true);
    const slip = await callAs(
      ctx.app,
      as.avery,
      'GET',
      `/gear/order/${row.id}/packingslip/${SHIP_TO_OFFICE_DEMO_FORM}`,
    );
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toContain('application/pdf');
  });

  it('the P1002 registration awaiting agreement: its patient may move it to P1001 (decision 0111)', async () => {
    const awaiting = await demoOrder('C512380122', as.kim);
    const patient = await signInPatient(ctx.app, ctx.database.db, [awaiting.id]);
    const moved = ok(
      await changeAs(patient, 'PUT', `/gear/order/${awaiting.id}/change-practitioner/P1001`, awaiting.id),
    );
    expect(moved.practitioner?.gsdlNo).toBe('P1001');
    // And back, within the same practice, so the demo stands as the README says for the next test.
    const back = ok(
      await changeAs(patient, 'PUT', `/gear/order/${awaiting.id}/change-practitioner/P1002`, awaiting.id),
    );
    expect(back.practitioner?.gsdlNo).toBe('P1002');
  });

  it("the P1002 registration awaits P1001's agreement; staff.kim gives it", async () => {
    const awaiting = await demoOrder('C512380122', as.kim);
    expect(awaiting.practAgreement).toBe(false);
    expect(awaiting.patientRegistration).toBe(true);
    const authorized = ok(
      await changeAs(as.kim, 'POST', `/gear/orders/${awaiting.id}/authorize`, awaiting.id),
    );
    expect(authorized.practAgreement).toBe(true);
  });
});
