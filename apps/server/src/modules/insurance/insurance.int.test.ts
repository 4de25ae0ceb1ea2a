import { readFileSync } from 'node:fs';
import {
  ADDRESS_MESSAGES,
  BILLING_METHODS,
  INSURANCE_MESSAGES,
  type Insurance,
  MESSAGES,
  STEP_IDS,
  STEP_STATUS,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, requisitions } from '../../db/schema/index.ts';
import { currentVersion, expectEnvelope, useTestApp } from '../../test/helper.ts';
import { headersOf, orderWithRequisition, patientHeaders, type SavedOrder } from '../patient/test-orders.ts';

const ctx = useTestApp();
const JPEG = readFileSync(new URL('../../../../../e2e/fixtures/insurance-card-front.jpg', import.meta.url));

const insurance = (overrides: Partial<Insurance> = {}): Insurance => ({
  insuranceProvider: 'aetna',
  subscriberId: 'W123-456-789',
  subscriberName: 'Ada Patient',
  subscriberDOB: '1980-02-03',
  groupNumber: 'G 100',
  subscriberRelation: 'Self',
  otherSubscriberRelation: null,
  otherProvider: null,
  phoneNumber: '800-555-0199',
  claimsAddress: {
    type: 'claims',
    address1: 'PO Box 981106',
    address2: null,
    city: 'El Paso',
    state: 'tx',
    zipCode: '79998',
    country: 'United States',
    county: null,
    voicePhone: null,
    alternatePhone: null,
    schoolDistrict: null,
  },
  insuranceRank: 0,
  ...overrides,
});

type Login = 'dr.avery' | 'dr.chen' | 'admin.ops';

const saveInsurance = async (
  login: Login,
  order: { id: number; version: number },
  body: Record<string, unknown>,
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/gear/order/${order.id}/insurance/`,
    headers: await headersOf(ctx.app, login),
    payload: { id: order.id, version: order.version, ...body },
  });

const ok = (response: Awaited<ReturnType<typeof saveInsurance>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedOrder>();
};

const readOrder = async (id: number) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${id}`,
      headers: await headersOf(ctx.app, 'dr.avery'),
    })
  ).json<SavedOrder>();

async function uploadCard(orderId: number, type: string) {
  const boundary = '----gear-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="gearOrderId"\r\n\r\n${orderId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/gear/uploadInsuranceAttachment',
    headers: {
      ...(await headersOf(ctx.app, 'dr.avery')),
      'if-match': String(await currentVersion(ctx.database.db, { orderId })),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('PUT /gear/order/{id}/insurance/', () => {
  it('spec 2 §3, §7: saves the primary and secondary insurance, completes the step and bumps the version', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const saved = ok(
      await saveInsurance('dr.avery', order, {
        insurance: insurance({ insuranceRank: 1 }),
        secondaryInsurance: insurance({
          insuranceProvider: 'other',
          otherProvider: 'Mountain Health Co-op',
          subscriberRelation: 'Spouse',
          subscriberName: 'Bo Patient',
          insuranceRank: 0,
        }),
        requisitions: order.requisitions,
        patientInfo: { addresses: [] },
      }),
    );
    expect(saved.version).toBe(order.version + 1);
    expect(saved.insurance).toMatchObject({
      insuranceProvider: 'aetna',
      subscriberId: 'W123456789',
      groupNumber: 'G100',
      phoneNumber: '+18005550199',
      insuranceRank: 0,
      claimsAddress: { type: 'claims', state: 'TX' },
    });
    expect(saved.secondaryInsurance).toMatchObject({
      insuranceProvider: 'other',
      otherProvider: 'Mountain Health Co-op',
      insuranceRank: 1,
      claimsAddress: { type: 'secondaryClaims' },
    });
    expect(saved.workflow.steps.find((row) => row.id === STEP_IDS.insurance)).toMatchObject({
      completed: true,
      status: STEP_STATUS.completed,
    });
    expect(saved.requisitions[0]?.billingMethod).toBeNull();
  });

  it("spec 2 §5: the spec's messages by field, primary as insurance.<name>, secondary as secondaryInsurance.<name>", async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const response = await saveInsurance('dr.avery', order, {
      insurance: null,
      secondaryInsurance: insurance({
        subscriberRelation: 'Other',
        otherSubscriberRelation: null,
        subscriberId: 'AB-12#',
        phoneNumber: '555',
        claimsAddress: {
          ...(insurance().claimsAddress as NonNullable<Insurance['claimsAddress']>),
          state: 'XX',
        },
      }),
    });
    const { errors } = expectEnvelope(response, 400, INSURANCE_MESSAGES.providerRequired);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'insurance.insuranceProvider', defaultMessage: 'Please provide an insurance provider.' },
        { field: 'insurance.subscriberName', defaultMessage: 'Please provide a subscriber full name.' },
        { field: 'insurance.subscriberId', defaultMessage: 'Please provide a subscriber ID #/Medicare #.' },
        { field: 'insurance.subscriberDOB', defaultMessage: 'Please provide a subscriber date of birth.' },
        {
          field: 'insurance.subscriberRelation',
          defaultMessage: 'Please provide a subscriber relationship.',
        },
        { field: 'insurance.claimsAddress.address1', defaultMessage: ADDRESS_MESSAGES.streetRequired },
        { field: 'insurance.phoneNumber', defaultMessage: 'Please provide a valid phone number.' },
        {
          field: 'secondaryInsurance.otherSubscriberRelation',
          defaultMessage: 'Please provide the other subscriber relationship',
        },
        {
          field: 'secondaryInsurance.subscriberId',
          defaultMessage: INSURANCE_MESSAGES.lettersAndNumbersOnly,
        },
        {
          field: 'secondaryInsurance.claimsAddress.state',
          defaultMessage: 'Please provide a valid 2 character state abbreviation.',
        },
        { field: 'secondaryInsurance.phoneNumber', defaultMessage: 'Please provide a valid phone number.' },
      ]),
    );
    expect((await readOrder(order.id)).version).toBe(order.version);
  });

  it("spec 2 §4: Yes to the Medicare question sets provider medicare and bills every requisition 'Medicare or Tricare'", async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const saved = ok(
      await saveInsurance('dr.avery', order, {
        insurance: insurance({ subscriberId: '1EG4-TE5-MK73', claimsAddress: null, phoneNumber: null }),
        medicareBeneficiaryIdConfirmed: true,
      }),
    );
    expect(saved.insurance).toMatchObject({ insuranceProvider: 'medicare', subscriberId: '1EG4TE5MK73' });
    expect(saved.requisitions.map((r) => r.billingMethod)).toEqual([BILLING_METHODS.medicare]);
    const [row] = await ctx.database.db
      .select({ billingMethod: requisitions.billingMethod })
      .from(requisitions)
      .where(eq(requisitions.orderId, order.id));
    expect(row?.billingMethod).toBe('Medicare or Tricare');
  });

  it('spec 2 §5: without the Yes, an MBI on a commercial carrier still needs the claims address', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const response = await saveInsurance('dr.avery', order, {
      insurance: insurance({ subscriberId: '1EG4TE5MK73', claimsAddress: null }),
    });
    expect(expectEnvelope(response, 400).errors?.map((e) => e.field)).toContain(
      'insurance.claimsAddress.address1',
    );
  });

  it('spec 2 §4: removing the secondary insurance clears it and its ID cards', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const first = ok(
      await saveInsurance('dr.avery', order, {
        insurance: insurance(),
        secondaryInsurance: insurance({ subscriberName: 'Bo Patient' }),
      }),
    );
    await uploadCard(order.id, 'ins-secondary-front');
    await uploadCard(order.id, 'ins-primary-front');
    const withCards = await readOrder(order.id);
    expect(Object.keys(withCards.attachments ?? {}).sort()).toEqual([
      'ins-primary-front',
      'ins-secondary-front',
    ]);
    expect(withCards.version).toBe(first.version + 2);

    const removed = ok(
      await saveInsurance('dr.avery', withCards, { insurance: insurance(), secondaryInsurance: null }),
    );
    expect(removed.secondaryInsurance).toBeNull();
    expect(Object.keys(removed.attachments ?? {})).toEqual(['ins-primary-front']);
    const rows = await ctx.database.db.select().from(attachments).where(eq(attachments.orderId, order.id));
    expect(rows.map((r) => r.type)).toEqual(['ins-primary-front']);
  });

  it('refuses: 401, 403 (another practitioner, and prc without a proven order), 404, 409 stale and locked, 400', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const body = { id: order.id, version: order.version, insurance: insurance() };
    expectEnvelope(
      await ctx.app.inject({ method: 'PUT', url: `/gear/order/${order.id}/insurance/`, payload: body }),
      401,
    );
    expectEnvelope(
      await saveInsurance('dr.chen', order, { insurance: insurance() }),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(
      await ctx.app.inject({
        method: 'PUT',
        url: `/gear/order/${order.id}/insurance/`,
        headers: await patientHeaders(ctx.app),
        payload: body,
      }),
      403,
    );
    expectEnvelope(
      await saveInsurance('dr.avery', { id: 999_999, version: 1 }, { insurance: insurance() }),
      404,
    );
    ok(await saveInsurance('dr.avery', order, { insurance: insurance() }));
    expectEnvelope(
      await saveInsurance('dr.avery', order, { insurance: insurance() }),
      409,
      MESSAGES.staleOrder,
    );
    expectEnvelope(
      await saveInsurance('dr.avery', order, { insurance: { ...insurance(), insuranceRank: 5 } }),
      400,
      MESSAGES.invalidInput,
    );

    const [locked] = await ctx.database.db
      .select({ orderId: requisitions.orderId })
      .from(requisitions)
      .where(eq(requisitions.activationCode, 'C922499553'));
    const lockedOrder = await readOrder(locked?.orderId as number);
    expectEnvelope(
      await saveInsurance('dr.avery', lockedOrder, { insurance: insurance() }),
      409,
      MESSAGES.orderReceivedByLab,
    );
    ok(await saveInsurance('admin.ops', lockedOrder, { insurance: insurance() }));
  });
});
