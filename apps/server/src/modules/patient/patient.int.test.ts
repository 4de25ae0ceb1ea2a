import {
  ADDRESS_MESSAGES,
  type GearOrder,
  MESSAGES,
  PATIENT_MESSAGES,
  SHIPPING_METHODS,
  STEP_IDS,
  STEP_STATUS,
} from '@gear/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, requisitions, workflowSteps } from '../../db/schema/index.ts';
import { expectEnvelope, useTestApp } from '../../test/helper.ts';
import {
  address,
  bornYearsAgo,
  headersOf,
  orderWithRequisition,
  patientInfo,
  type SavedOrder,
} from './test-orders.ts';

const ctx = useTestApp();

const savePatient = async (
  login: 'dr.avery' | 'dr.chen' | 'admin.ops' | 'staff.kim',
  order: { id: number; version: number },
  body: Record<string, unknown>,
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/gear/order/${order.id}/patient/`,
    headers: await headersOf(ctx.app, login),
    payload: { id: order.id, version: order.version, ...body },
  });

const ok = (response: Awaited<ReturnType<typeof savePatient>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedOrder>();
};

const messagesOf = (response: Awaited<ReturnType<typeof savePatient>>) =>
  expectEnvelope(response, 400).errors ?? [];

const patientRow = (order: GearOrder) => order.workflow.steps.find((row) => row.id === STEP_IDS.patient);

/** The order of the demo pack received by the lab (accession number): locked for non-admins. */
async function lockedDemoOrder() {
  const [row] = await ctx.database.db
    .select({ orderId: requisitions.orderId })
    .from(requisitions)
    .where(eq(requisitions.activationCode, 'C922499553'));
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/gear/order/${row?.orderId}`,
    headers: await headersOf(ctx.app, 'dr.avery'),
  });
  return response.json<SavedOrder>();
}

describe('PUT /gear/order/{id}/patient/', () => {
  it('spec 2 §5, §7: saves the patient (phones as +1 and ten digits), completes the step and bumps the version', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const saved = ok(
      await savePatient('dr.avery', order, {
        patientInfo: patientInfo({ addresses: [address({ state: 'nc', voicePhone: '828.555.0100' })] }),
        shippingMethod: SHIPPING_METHODS.secondDay,
      }),
    );
    expect(saved.version).toBe(order.version + 1);
    expect(saved.patientInfo).toMatchObject({
      nameFirst: 'Ada',
      nameLast: 'Patient',
      dateOfBirth: '1980-02-03',
      voicePhone: '+18285550100',
      source: 'portal',
    });
    expect(saved.patientInfo?.addresses[0]).toMatchObject({ state: 'NC', voicePhone: '+18285550100' });
    expect(saved.shippingMethod).toBe(SHIPPING_METHODS.secondDay);
    expect(patientRow(saved)).toMatchObject({
      completed: true,
      status: STEP_STATUS.completed,
      userType: 'myGDX',
    });

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}`,
      headers: await headersOf(ctx.app, 'dr.avery'),
    });
    expect(read.json<SavedOrder>().patientInfo?.nameFirst).toBe('Ada');
  });

  it('answers 401 without a sign-in, 403 for another practitioner, 404 for an unknown order', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const body = { id: order.id, version: order.version, patientInfo: patientInfo() };
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/patient/`,
      payload: body,
    });
    expectEnvelope(anonymous, 401, MESSAGES.signInRequired);
    expectEnvelope(
      await savePatient('dr.chen', order, { patientInfo: patientInfo() }),
      403,
      MESSAGES.forbidden,
    );
    const unknown = { id: 999_999, version: 1 };
    expectEnvelope(
      await savePatient('dr.avery', unknown, { patientInfo: patientInfo() }),
      404,
      MESSAGES.orderNotFound,
    );
  });

  it('answers 409 for a stale version, and saves nothing', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    ok(await savePatient('dr.avery', order, { patientInfo: patientInfo() }));
    const stale = await savePatient('dr.avery', order, { patientInfo: patientInfo({ nameFirst: 'Late' }) });
    expectEnvelope(stale, 409, MESSAGES.staleOrder);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}`,
      headers: await headersOf(ctx.app, 'dr.avery'),
    });
    expect(read.json<SavedOrder>()).toMatchObject({
      version: order.version + 1,
      patientInfo: { nameFirst: 'Ada' },
    });
  });

  it('spec 2 §4: an order received by the lab is locked for non-admins (409); admins bypass the lock', async () => {
    const locked = await lockedDemoOrder();
    const refused = await savePatient('dr.avery', locked, {
      patientInfo: patientInfo({ nameLast: 'Sample' }),
    });
    expectEnvelope(refused, 409, MESSAGES.orderReceivedByLab);
    const byAdmin = ok(
      await savePatient('admin.ops', locked, { patientInfo: patientInfo({ nameLast: 'Sample' }) }),
    );
    expect(byAdmin.patientInfo?.nameLast).toBe('Sample');
  });

  it('refuses bad input: a body that is not the shape, an id that is not the address', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const badGender = await savePatient('dr.avery', order, {
      patientInfo: { ...patientInfo(), gender: 'X' },
    });
    expect(expectEnvelope(badGender, 400, MESSAGES.invalidInput).errors?.[0]?.field).toMatch(/gender/);
    const noVersion = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/patient/`,
      headers: await headersOf(ctx.app, 'dr.avery'),
      payload: { id: order.id, patientInfo: patientInfo() },
    });
    // decision 0065: a save naming no version answers 428 (it was 400 before the one version rule).
    expectEnvelope(noVersion, 428, MESSAGES.orderVersionRequired);
    const otherId = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${order.id}/patient/`,
      headers: await headersOf(ctx.app, 'dr.avery'),
      payload: { id: order.id + 1, version: order.version, patientInfo: patientInfo() },
    });
    expectEnvelope(otherId, 400);
  });

  it("spec 2 §5: every missing field of a drop-ship order answers 400 with the spec's message by field", async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const errors = messagesOf(
      await savePatient('dr.avery', order, {
        patientInfo: patientInfo({
          nameFirst: '',
          nameLast: null,
          dateOfBirth: null,
          gender: null,
          email: 'not-an-email',
          voicePhone: '12',
          addresses: [],
        }),
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'nameFirst', defaultMessage: 'Please provide a first name.' },
        { field: 'nameLast', defaultMessage: 'Please provide a last name.' },
        { field: 'dateOfBirth', defaultMessage: 'Please provide a date of birth.' },
        { field: 'gender', defaultMessage: 'Please provide a sex.' },
        { field: 'email', defaultMessage: 'Please provide a valid email address.' },
        { field: 'voicePhone', defaultMessage: 'Please provide a valid phone number.' },
        { field: 'addresses.shipping.voicePhone', defaultMessage: 'Please provide a phone number.' },
        { field: 'addresses.shipping.address1', defaultMessage: ADDRESS_MESSAGES.streetRequired },
        { field: 'addresses.shipping.state', defaultMessage: 'Please provide a valid state.' },
      ]),
    );
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${order.id}`,
      headers: await headersOf(ctx.app, 'dr.avery'),
    });
    expect(after.json<SavedOrder>()).toMatchObject({ version: order.version, patientInfo: null });
  });

  it("spec 2 §4, §5: a patient under 1 needs the age confirmed ('Please confirm patient's age.')", async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const baby = patientInfo({ dateOfBirth: bornYearsAgo(0, 4) });
    expect(messagesOf(await savePatient('dr.avery', order, { patientInfo: baby }))).toEqual([
      { field: 'dateOfBirth', defaultMessage: "Please confirm patient's age." },
    ]);
    ok(await savePatient('dr.avery', order, { patientInfo: baby, confirmedAge: true }));
  });

  it('spec 2 §5: a 17-year-old student in Ohio: responsible party and employer block once data is required', async () => {
    const ohioStudent = patientInfo({
      dateOfBirth: bornYearsAgo(17),
      employmentStatus: 'Student',
      addresses: [address({ address1: '150 E Gay Street', city: 'Columbus', state: 'OH', zipCode: '43215' })],
    });
    // A practitioner's drop-ship order before the patient confirmed the data is exempt (validatePatient).
    const dropShip = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    ok(await savePatient('dr.avery', dropShip, { patientInfo: ohioStudent }));

    const registration = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001', { dropShip: false });
    const errors = messagesOf(await savePatient('dr.avery', registration, { patientInfo: ohioStudent }));
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'responsibleNameFirst', defaultMessage: PATIENT_MESSAGES.responsibleFirstNameRequired },
        { field: 'responsibleNameLast', defaultMessage: PATIENT_MESSAGES.responsibleLastNameRequired },
        { field: 'occupation', defaultMessage: PATIENT_MESSAGES.occupationRequired },
        { field: 'employer', defaultMessage: PATIENT_MESSAGES.employerRequired },
        { field: 'addresses.employer.address1', defaultMessage: ADDRESS_MESSAGES.streetRequired },
      ]),
    );
    const complete = ok(
      await savePatient('dr.avery', registration, {
        patientInfo: {
          ...ohioStudent,
          responsibleNameFirst: 'Pat',
          responsibleNameLast: 'Patient',
          occupation: 'Student',
          employer: 'Columbus Alternative High School',
          addresses: [
            ...ohioStudent.addresses,
            address({
              type: 'employer',
              address1: '1777 Ni Hao Drive',
              city: 'Columbus',
              state: 'OH',
              zipCode: '43211',
              voicePhone: '614-365-6710',
            }),
          ],
        },
      }),
    );
    expect(complete.patientInfo?.addresses.map((a) => a.type)).toEqual(['shipping', 'employer']);
  });

  it('spec 2 §5: nutritional testing is refused under 2 for a CAP-authorized practitioner', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1006');
    const toddler = patientInfo({ dateOfBirth: bornYearsAgo(1) });
    expect(messagesOf(await savePatient('dr.avery', order, { patientInfo: toddler }))).toEqual([
      {
        field: 'dateOfBirth',
        defaultMessage: 'Nutritional testing is not available for patients less than 2 years of age',
      },
    ]);
  });

  it('spec 2 §4, §9: a P.O. box answered Yes keeps Smart Post; a Canadian address is forced to FedEx Ground', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const poBox = ok(
      await savePatient('dr.avery', order, {
        patientInfo: patientInfo({ addresses: [address({ address1: 'P.O. Box 12' })] }),
        shippingMethod: SHIPPING_METHODS.smartPost,
      }),
    );
    expect(poBox.shippingMethod).toBe(SHIPPING_METHODS.smartPost);
    const canada = ok(
      await savePatient('dr.avery', poBox, {
        patientInfo: patientInfo({
          addresses: [address({ city: 'Toronto', state: 'ON', zipCode: 'M5V 2T6', country: 'Canada' })],
        }),
        shippingMethod: SHIPPING_METHODS.overnight,
      }),
    );
    expect(canada.shippingMethod).toBe(SHIPPING_METHODS.ground);
  });

  it('spec 2 §4: once the practitioner confirmed, the last name and the drop-ship address stay as they were', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const first = ok(await savePatient('dr.avery', order, { patientInfo: patientInfo() }));
    await ctx.database.db
      .update(workflowSteps)
      .set({ completed: true, statusId: STEP_STATUS.completed.id })
      .where(
        and(eq(workflowSteps.orderId, order.id), eq(workflowSteps.stepId, STEP_IDS.practitionerConfirmation)),
      );
    // Every change to an order's facts bumps its version (the order cache reads the order afresh).
    await ctx.database.db
      .update(orders)
      .set({ version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id));
    const { version } = (
      await ctx.app.inject({
        method: 'GET',
        url: `/gear/order/${order.id}`,
        headers: await headersOf(ctx.app, 'dr.avery'),
      })
    ).json<SavedOrder>();
    const second = ok(
      await savePatient(
        'dr.avery',
        { id: order.id, version },
        {
          patientInfo: patientInfo({
            nameFirst: 'Adah',
            nameLast: 'Changed',
            addresses: [address({ address1: '9 Other Road' })],
          }),
        },
      ),
    );
    expect(second.patientInfo).toMatchObject({ nameFirst: 'Adah', nameLast: first.patientInfo?.nameLast });
    expect(second.patientInfo?.addresses[0]?.address1).toBe('200 Main Street');
  });
});

describe('POST /gear/is-po-box-patient-address', () => {
  const ask = async (order: SavedOrder, address1: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/gear/is-po-box-patient-address',
      headers: await headersOf(ctx.app, 'dr.avery'),
      payload: { ...order, patientInfo: patientInfo({ addresses: [address({ address1 })] }) },
    });

  it('spec 2 §4: true for a drop-ship address that looks like a P.O. box, false otherwise', async () => {
    const dropShip = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    expect((await ask(dropShip, 'PO Box 77')).json()).toBe(true);
    expect((await ask(dropShip, '77 Boxwood Road')).json()).toBe(false);
    const registration = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001', { dropShip: false });
    expect((await ask(registration, 'PO Box 77')).json()).toBe(false);
  });

  it('answers 401, 403 and 400 like the other calls of the step', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const payload = { id: order.id, patientInfo: patientInfo() };
    expectEnvelope(
      await ctx.app.inject({ method: 'POST', url: '/gear/is-po-box-patient-address', payload }),
      401,
    );
    expectEnvelope(
      await ctx.app.inject({
        method: 'POST',
        url: '/gear/is-po-box-patient-address',
        headers: await headersOf(ctx.app, 'dr.chen'),
        payload,
      }),
      403,
    );
    expectEnvelope(
      await ctx.app.inject({
        method: 'POST',
        url: '/gear/is-po-box-patient-address',
        headers: await headersOf(ctx.app, 'dr.avery'),
        payload: { id: 'x' },
      }),
      400,
    );
  });
});
