import {
  BILLING_METHODS,
  type GearOrder,
  MESSAGES,
  messages,
  notACalendarDate,
  STEP_IDS,
  STEP_STATUS,
  textTooLong,
} from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, workflowSteps } from '../../db/schema/index.ts';
import { REMOVED_PACK_NOTICE } from '../../seed/catalogue-data.ts';
import {
  callAs,
  createOrder,
  type DemoLogin,
  expectEnvelope,
  ok,
  signIn,
  useTestApp,
} from '../../test/helper.ts';

const ctx = useTestApp();
const phone = messages('800-522-4762');

type Body = Record<string, unknown>;

const put = (login: DemoLogin, url: string, payload: Body) => callAs(ctx.app, login, 'PUT', url, payload);
const saveSingle = (login: DemoLogin, payload: Body, query = '') =>
  put(login, `/gear/testSelection${query}`, payload);
const saveBulk = (login: DemoLogin, payload: Body) => put(login, '/gear/testSelection/', payload);

const newOrder = async (login: DemoLogin, gsdlNo: string) => {
  const { headers } = await signIn(ctx.app, login);
  return createOrder(ctx.app, headers, gsdlNo);
};

const metabolomix = (overrides: Body = {}): Body => ({
  id: null,
  omsOrderableItemId: 617,
  panel: 5860,
  components: [5861, 5862, 5863, 5864, 5865],
  addons: [],
  profileSpecificFields: [],
  patientInstructions: null,
  dropShip: true,
  ...overrides,
});

const single = (order: { id: number; version: number }, requisition: Body, more: Body = {}): Body => ({
  id: order.id,
  version: order.version,
  requisitions: [requisition],
  ...more,
});

const panelRow = (order: GearOrder, gearReqId: number) =>
  order.workflow.steps.find((row) => row.id === STEP_IDS.panels && row.gearReqId === gearReqId);

describe('PUT /gear/testSelection (single requisition)', () => {
  it('spec 1 §7: saves a drop-ship requisition and answers the order with its workflow', async () => {
    const order = await newOrder('dr.avery', 'P1001');
    const saved = ok(
      await saveSingle(
        'dr.avery',
        single(
          order,
          metabolomix({
            addons: [{ omsInputFieldID: 5877, cptQuantity: null }],
            patientInstructions: 'First morning urine.',
          }),
        ),
      ),
    );
    expect(saved.version).toBe(order.version + 1);
    const [requisition] = saved.requisitions;
    expect(requisition).toMatchObject({
      omsOrderableItemId: 617,
      omsOrderableItemName: 'Metabolomix+',
      panel: 5860,
      components: [5861, 5862, 5863, 5864, 5865],
      addons: [{ omsInputFieldID: 5877, cptQuantity: null }],
      patientInstructions: 'First morning urine.',
      dropShip: true,
      shipToOffice: false,
      billingMethod: null,
    });
    if (!requisition) throw new Error('no requisition');
    expect(panelRow(saved, requisition.id)?.status).toEqual(STEP_STATUS.completed);
    const requisitionRows = saved.workflow.steps
      .filter((row) => row.gearReqId === requisition.id)
      .map((row) => row.id);
    expect(requisitionRows.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 13]);
    expect(saved.workflow.steps.find((row) => row.id === STEP_IDS.shipping)?.notApplicable).toBe(false);
    expect(saved).toMatchObject({ containsDropShipRequisition: true, myGDXKitOrder: true });

    const changed = ok(
      await saveSingle(
        'dr.avery',
        single(saved, metabolomix({ id: requisition.id, patientInstructions: 'Changed.' })),
      ),
    );
    expect(changed.requisitions).toHaveLength(1);
    expect(changed.requisitions[0]).toMatchObject({
      id: requisition.id,
      patientInstructions: 'Changed.',
      addons: [],
    });
  });

  it('spec 1 §2.8: is sent with the panel step query string, which is validated', async () => {
    const order = await newOrder('dr.avery', 'P1001');
    const query = '?orderableItemId=617&requisitionNumber=C735029183&dateOfBirth=1985-04-12&gdxId=P1001';
    ok(await saveSingle('dr.avery', single(order, metabolomix()), query));
    const body = expectEnvelope(
      await saveSingle('dr.avery', single(order, metabolomix()), '?dateOfBirth=12.04.1985'),
      400,
      MESSAGES.invalidInput,
    );
    expect(body.errors?.[0]?.defaultMessage).toBe(notACalendarDate('12.04.1985'));
  });

  it.each<[string, Body, string, string]>([
    [
      "spec 1 §5: nothing chosen gives 'Please select a test.'",
      { panel: null, components: [] },
      'requisitions.0.panel',
      MESSAGES.selectTest,
    ],
    [
      "spec 1 §5: panel '0' with no components",
      { panel: '0', components: [] },
      'requisitions.0.panel',
      MESSAGES.selectTest,
    ],
    [
      'spec 1 §5: the exclusive add-ons 5877 and 5887',
      { addons: [{ omsInputFieldID: 5877 }, { omsInputFieldID: 5887 }] },
      'requisitions.0.addons',
      MESSAGES.addOnExclusion,
    ],
    [
      'an add-on of another product',
      { addons: [{ omsInputFieldID: 5924 }] },
      'requisitions.0.addons',
      MESSAGES.testNotOffered,
    ],
    ['a panel of another product', { panel: 5400 }, 'requisitions.0.panel', MESSAGES.testNotOffered],
    [
      'a component that does not exist',
      { components: [999999] },
      'requisitions.0.components',
      MESSAGES.testNotOffered,
    ],
    [
      'a product that does not exist',
      { omsOrderableItemId: 99999 },
      'requisitions.0.omsOrderableItemId',
      MESSAGES.productNotFound,
    ],
    [
      'a requisition that is not on the order',
      { id: 999999 },
      'requisitions.0.id',
      MESSAGES.requisitionNotOnOrder,
    ],
    [
      'spec 1 §5: a CPT quantity over the parsed quantity',
      { addons: [{ omsInputFieldID: 5878, cptQuantity: 2 }] },
      'requisitions.0.addons',
      MESSAGES.cptQuantityOutOfRange(1),
    ],
    [
      'spec 1 §9: a profile-specific answer for a field the product does not have',
      { profileSpecificFields: [{ id: 4102, value: '@PRE' }] },
      'requisitions.0.profileSpecificFields.4102',
      MESSAGES.invalidInput,
    ],
  ])('400: %s', async (_spec, overrides, field, message) => {
    const order = await newOrder('dr.avery', 'P1001');
    const body = expectEnvelope(
      await saveSingle('dr.avery', single(order, metabolomix(overrides))),
      400,
      message,
    );
    expect(body.errors).toContainEqual({ field, defaultMessage: message });
  });

  it.each<[string, Body, string, string]>([
    [
      'spec 1 §5: patient instructions over 512 characters',
      { patientInstructions: 'x'.repeat(513) },
      'requisitions.0.patientInstructions',
      textTooLong('Patient instructions', 512),
    ],
    [
      'spec 1 §5: a resubmittal id over 32 characters',
      { profileSpecificFields: [{ id: 66, value: 'R'.repeat(33) }] },
      'requisitions.0.profileSpecificFields.0.value',
      textTooLong('Resubmittal ID', 32),
    ],
    [
      'a product id that is not a number',
      { omsOrderableItemId: 'abc' },
      'requisitions.0.omsOrderableItemId',
      expect.any(String),
    ],
  ])('400 (schema): %s', async (_spec, overrides, field, defaultMessage) => {
    const order = await newOrder('dr.avery', 'P1001');
    const body = expectEnvelope(
      await saveSingle('dr.avery', single(order, metabolomix(overrides))),
      400,
      MESSAGES.invalidInput,
    );
    expect(body.errors).toContainEqual({ field, defaultMessage });
  });

  it("spec 1 §5: an empty resubmittal id saves as 'Not Provided'; 512 characters of instructions are fine", async () => {
    const order = await newOrder('dr.avery', 'P1001');
    const saved = ok(
      await saveSingle(
        'dr.avery',
        single(
          order,
          metabolomix({
            profileSpecificFields: [{ id: 66, value: ' ' }],
            patientInstructions: 'x'.repeat(512),
          }),
        ),
      ),
    );
    expect(saved.requisitions[0]?.profileSpecificFields).toEqual([{ id: 66, value: 'Not Provided' }]);
  });

  it("spec 1 §5: a required profile-specific answer left empty shows 'Please fill out this field.'", async () => {
    const order = await newOrder('dr.avery', 'P1001');
    const requisition = { id: null, omsOrderableItemId: 554, panel: 5540, dropShip: true };
    const body = expectEnvelope(
      await saveSingle('dr.avery', single(order, requisition)),
      400,
      MESSAGES.fillOutField,
    );
    expect(body.errors).toEqual([
      { field: 'requisitions.0.profileSpecificFields.4102', defaultMessage: MESSAGES.fillOutField },
    ]);
    const saved = ok(
      await saveSingle(
        'dr.avery',
        single(order, {
          ...requisition,
          profileSpecificFields: [
            { id: 4102, value: '@PRE' },
            { id: 4103, value: 'DMSA' },
          ],
        }),
      ),
    );
    expect(saved.requisitions[0]?.profileSpecificFields).toEqual([{ id: 4102, value: '@PRE' }]);
  });

  it('spec 1 §5: a product already on the order', async () => {
    const order = ok(
      await saveSingle('dr.avery', single(await newOrder('dr.avery', 'P1001'), metabolomix())),
    );
    expectEnvelope(
      await saveSingle('dr.avery', single(order, metabolomix())),
      400,
      MESSAGES.productAlreadyAdded,
    );
  });

  it('spec 1 §5: products ending with * cannot be ordered in New York', async () => {
    const order = await newOrder('dr.avery', 'P1002');
    const rhythm = { id: null, omsOrderableItemId: 760, panel: 7600, dropShip: true };
    expectEnvelope(await saveSingle('dr.avery', single(order, rhythm)), 400, MESSAGES.notOrderableInNewYork);
  });

  it('spec 1 §6: Ship to Patient is not offered to an international office', async () => {
    const order = await newOrder('dr.evans', 'P1005');
    expectEnvelope(
      await saveSingle('dr.evans', single(order, metabolomix())),
      400,
      MESSAGES.orderTypeNotAvailable('Ship to Patient'),
    );
    ok(await saveSingle('dr.evans', single(order, metabolomix({ dropShip: false }))));
  });

  describe('Medicare', () => {
    const acknowledged = { governmentPayor: true, dateMedicalNecessityAcknowledged: '2026-01-05T10:00:00Z' };

    it("spec 1 §4.4: the billing method is forced to 'Medicare or Tricare'", async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const saved = ok(await saveSingle('dr.avery', single(order, metabolomix(), acknowledged)));
      expect(saved.governmentPayor).toBe(true);
      expect(saved.dateMedicalNecessityAcknowledged).toEqual(expect.any(String));
      expect(saved.requisitions[0]).toMatchObject({
        billingMethod: BILLING_METHODS.medicare,
        medicareTricareBillingSelected: true,
      });
    });

    it("spec 1 §4.4: chelation provocation gives 'No Insurance Billing: Pay Full Amount'", async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const requisition = {
        id: null,
        omsOrderableItemId: 554,
        panel: 5540,
        dropShip: true,
        profileSpecificFields: [
          { id: 4102, value: '@POST' },
          { id: 4103, value: 'DMSA' },
        ],
      };
      const saved = ok(await saveSingle('dr.avery', single(order, requisition, acknowledged)));
      expect(saved.requisitions[0]?.billingMethod).toBe(BILLING_METHODS.patientPay);
    });

    it('spec 1 §5: practitioners must acknowledge medical necessity on Medicare orders', async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const body = expectEnvelope(
        await saveSingle('dr.avery', single(order, metabolomix(), { governmentPayor: true })),
        400,
        MESSAGES.medicalNecessityRequired,
      );
      expect(body.errors).toEqual([
        { field: 'dateMedicalNecessityAcknowledged', defaultMessage: MESSAGES.medicalNecessityRequired },
      ]);
    });

    it('spec 1 §5: a product not eligible for Medicare cannot be ordered on a Medicare order', async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const sibo = { id: null, omsOrderableItemId: 215, panel: 4700, dropShip: true };
      expectEnvelope(
        await saveSingle('dr.avery', single(order, sibo, acknowledged)),
        400,
        'Medicare or Tricare billing is not available for the SIBO Breath Test test. Please switch to Non-Medicare billing to order this test.',
      );
    });

    it('spec 1 §4.4: switching the flag re-bills the other requisitions; an ineligible one refuses it', async () => {
      const first = ok(
        await saveSingle('dr.avery', single(await newOrder('dr.avery', 'P1001'), metabolomix())),
      );
      const nutrEval = { id: null, omsOrderableItemId: 534, panel: 5900, dropShip: true };
      const both = ok(await saveSingle('dr.avery', single(first, nutrEval, acknowledged)));
      expect(both.requisitions.map((r) => r.billingMethod)).toEqual([
        BILLING_METHODS.medicare,
        BILLING_METHODS.medicare,
      ]);
      const back = ok(
        await saveSingle(
          'dr.avery',
          single(both, { ...nutrEval, id: both.requisitions[1]?.id }, { governmentPayor: false }),
        ),
      );
      expect(back.requisitions.map((r) => r.billingMethod)).toEqual([null, null]);

      const withSibo = ok(
        await saveSingle(
          'dr.avery',
          single(await newOrder('dr.avery', 'P1001'), {
            id: null,
            omsOrderableItemId: 215,
            panel: 4700,
            dropShip: true,
          }),
        ),
      );
      expectEnvelope(
        await saveSingle('dr.avery', single(withSibo, nutrEval, acknowledged)),
        400,
        MESSAGES.medicareNotAvailableForTest('SIBO Breath Test'),
      );
    });

    it('spec 1 §5/§6: a practitioner without Medicare, or whose degree is not eligible, must answer No', async () => {
      const order = await newOrder('dr.avery', 'P1002');
      const body = expectEnvelope(
        await saveSingle('dr.avery', single(order, metabolomix(), acknowledged)),
        400,
        MESSAGES.medicareNotOffered,
      );
      expect(body.errors?.[0]?.field).toBe('governmentPayor');
    });
  });

  describe('collection packs', () => {
    it('spec 1 §4.4: a requisition from a pack takes both its numbers', async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const saved = ok(
        await saveSingle(
          'dr.avery',
          single(order, metabolomix({ activationCode: 'c735-029-183'.replaceAll('-', ''), dropShip: false })),
        ),
      );
      expect(saved.requisitions[0]).toMatchObject({
        reqNumber: '50012353',
        activationCode: 'C735029183',
        repurposedCollectionPack: null,
      });
      const elsewhere = await newOrder('dr.avery', 'P1001');
      expectEnvelope(
        await saveSingle(
          'dr.avery',
          single(elsewhere, metabolomix({ reqNumber: '50012353', dropShip: false })),
        ),
        409,
        MESSAGES.requisitionOnAnotherOrder,
      );
    });

    it('spec 1 §4.4: a pack used for another test is marked repurposed', async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const saved = ok(
        await saveSingle('dr.avery', single(order, metabolomix({ reqNumber: '50012355', dropShip: false }))),
      );
      expect(saved.requisitions[0]).toMatchObject({
        omsOrderableItemId: 617,
        repurposedCollectionPack: { reqNumber: '50012355', activationCode: 'C950317628', gearReqId: null },
      });
    });

    it('spec 1 §8: a removed pack answers 410 with its notice', async () => {
      const order = await newOrder('dr.avery', 'P1001');
      expectEnvelope(
        await saveSingle(
          'dr.avery',
          single(order, metabolomix({ activationCode: 'C505860338', dropShip: false })),
        ),
        410,
        REMOVED_PACK_NOTICE,
      );
    });

    it('spec 1 §5: an activation code failing the check digit is refused', async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const body = expectEnvelope(
        await saveSingle('dr.avery', single(order, metabolomix({ activationCode: 'C824591516' }))),
        400,
      );
      expect(body.errors).toEqual([
        { field: 'requisitions.0.activationCode', defaultMessage: MESSAGES.activationNumberNotFound },
      ]);
    });
  });

  describe('COVID registration', () => {
    const answers = [
      { id: 4110, value: 'true' },
      { id: 4111, value: 'false' },
      { id: 4112, value: 'false' },
      { id: 4114, value: 'false' },
      { id: 4115, value: 'false' },
      { id: 4116, value: 'false' },
      { id: 4117, value: 'false' },
      { id: 4118, value: '@OTHR' },
      { id: 4119, value: 'Saliva swab' },
    ];
    const covid = (overrides: Body = {}) => ({
      id: null,
      omsOrderableItemId: 902,
      panel: 9020,
      components: [9021],
      covidRegistration: true,
      profileSpecificFields: answers,
      ...overrides,
    });

    it('spec 1 §2.6: Activate COVID Test for a COVID registration account, with the federal questions', async () => {
      const saved = ok(await saveSingle('dr.gray', single(await newOrder('dr.gray', 'P1007'), covid())));
      expect(saved).toMatchObject({ covidRegistration: true, containsCovidRegistration: true });
    });

    it.each<[string, DemoLogin, string, Body, string]>([
      [
        'spec 1 §5: SARS add-ons are hidden unless ship to office',
        'dr.gray',
        'P1007',
        { addons: [{ omsInputFieldID: 9022 }] },
        MESSAGES.testNotOffered,
      ],
      [
        "spec 1 §5: collection type 'Other' max 50",
        'dr.gray',
        'P1007',
        { profileSpecificFields: [...answers.slice(0, -1), { id: 4119, value: 'x'.repeat(51) }] },
        textTooLong('Other Collection Type', 50),
      ],
      [
        'spec 1 §5: a required COVID question left empty',
        'dr.gray',
        'P1007',
        { profileSpecificFields: answers.slice(1) },
        MESSAGES.fillOutField,
      ],
      [
        'spec 1 §6: Activate COVID Test requires a COVID registration account',
        'dr.avery',
        'P1001',
        {},
        MESSAGES.orderTypeNotAvailable('Activate COVID Test'),
      ],
    ])('400: %s', async (_spec, login, gsdlNo, overrides, message) => {
      expectEnvelope(
        await saveSingle(login, single(await newOrder(login, gsdlNo), covid(overrides))),
        400,
        message,
      );
    });
  });

  describe('refusals', () => {
    it('spec 1 §4.2: an order received by the lab answers 409 for non-admins; admins may still edit', async () => {
      const { headers } = await signIn(ctx.app, 'dr.avery');
      const received = (
        await ctx.app.inject({ method: 'GET', url: '/gear/order?requisitionNumber=C922499553', headers })
      ).json<GearOrder & { id: number }>();
      const requisition = received.requisitions[0];
      const change = single(received, {
        id: requisition?.id,
        omsOrderableItemId: 540,
        panel: 5400,
        patientInstructions: 'Admin correction.',
      });
      expectEnvelope(await saveSingle('dr.avery', change), 409, MESSAGES.orderReceivedByLab);
      expect(MESSAGES.orderReceivedByLab).toBe(
        'This order has been received by our lab and no more changes can be made...',
      );
      const edited = ok(await saveSingle('admin.ops', change));
      expect(edited.requisitions[0]?.patientInstructions).toBe('Admin correction.');
    });

    it('spec 1 §4.2: after practitioner confirmation the panels are locked for non-admins', async () => {
      const order = ok(
        await saveSingle('dr.avery', single(await newOrder('dr.avery', 'P1001'), metabolomix())),
      );
      // As a confirmation would: complete step 11 and bump the order's version (which the read cache checks).
      await ctx.database.db
        .update(workflowSteps)
        .set({ completed: true, statusId: STEP_STATUS.completed.id })
        .where(
          and(
            eq(workflowSteps.orderId, order.id),
            eq(workflowSteps.stepId, STEP_IDS.practitionerConfirmation),
          ),
        );
      await ctx.database.db
        .update(orders)
        .set({ version: order.version + 1 })
        .where(eq(orders.id, order.id));
      const change = single(
        { id: order.id, version: order.version + 1 },
        metabolomix({ id: order.requisitions[0]?.id }),
      );
      expectEnvelope(await saveSingle('dr.avery', change), 409, MESSAGES.confirmedData);
    });

    it('answers 409 with the stale-order message for an old version', async () => {
      const order = await newOrder('dr.avery', 'P1001');
      ok(await saveSingle('dr.avery', single(order, metabolomix())));
      expectEnvelope(
        await saveSingle(
          'dr.avery',
          single(order, metabolomix({ omsOrderableItemId: 622, panel: 6020, components: [] })),
        ),
        409,
        MESSAGES.staleOrder,
      );
    });

    it("refuses another practitioner's order (403, no data) and an unknown order (404)", async () => {
      const order = await newOrder('dr.avery', 'P1001');
      const response = await saveSingle('dr.chen', single(order, metabolomix()));
      expectEnvelope(response, 403, MESSAGES.forbidden);
      expect(response.body).not.toContain('Avery');
      expectEnvelope(
        await saveSingle('dr.avery', single({ id: 999999, version: 1 }, metabolomix())),
        404,
        MESSAGES.orderNotFound,
      );
    });

    it.each<[string, Body]>([
      ['an unsaved order', { id: 'new', version: 0, requisitions: [metabolomix()] }],
      ['two requisitions', { id: 100001, version: 1, requisitions: [metabolomix(), metabolomix()] }],
      [
        'a medical-necessity date that is no date',
        { id: 100001, version: 1, requisitions: [metabolomix()], dateMedicalNecessityAcknowledged: 'yes' },
      ],
      [
        'a NUL character in the instructions',
        { id: 100001, version: 1, requisitions: [metabolomix({ patientInstructions: 'a\u0000b' })] },
      ],
      [
        'a version beyond a database integer',
        { id: 100001, version: 2 ** 40, requisitions: [metabolomix()] },
      ],
      ['an order id beyond a database integer', { id: 2 ** 40, version: 1, requisitions: [metabolomix()] }],
    ])('400 for %s', async (_case, payload) => {
      expectEnvelope(await saveSingle('dr.avery', payload), 400, MESSAGES.invalidInput);
    });

    it('428 for no version (decision 0065; was 400 before the one version rule)', async () => {
      const order = await createOrder(ctx.app, (await signIn(ctx.app, 'dr.avery')).headers, 'P1001');
      expectEnvelope(
        await saveSingle('dr.avery', { id: order.id, requisitions: [metabolomix()] }),
        428,
        MESSAGES.orderVersionRequired,
      );
    });

    it('answers 401 without a bearer token (a cookie alone cannot change anything)', async () => {
      const { cookie } = await signIn(ctx.app, 'dr.avery');
      const payload = single({ id: 100001, version: 1 }, metabolomix());
      expectEnvelope(await ctx.app.inject({ method: 'PUT', url: '/gear/testSelection', payload }), 401);
      expectEnvelope(
        await ctx.app.inject({ method: 'PUT', url: '/gear/testSelection', payload, headers: { cookie } }),
        401,
      );
    });
  });
});

describe('PUT /gear/testSelection/ (bulk, ship to office)', () => {
  const line = (omsOrderableItemId: number, quantity: number, overrides: Body = {}): Body => ({
    id: null,
    omsOrderableItemId,
    omsOrderableItemName: `item ${omsOrderableItemId}`,
    dropShip: false,
    shipToOffice: true,
    quantity,
    components: [],
    addons: [],
    panel: null,
    patientInstructions: null,
    ...overrides,
  });
  const bulk = (order: { id: number; version: number }, lines: Body[]): Body => ({
    id: order.id,
    version: order.version,
    requisitions: lines,
  });

  it('spec 1 §2.6: saves a bulk order of two products with quantities; a line without a test takes the base panel', async () => {
    const order = await newOrder('dr.avery', 'P1001');
    const saved = ok(
      await saveBulk(
        'dr.avery',
        bulk(order, [line(540, 3), line(534, 2, { patientInstructions: 'Fasting.' })]),
      ),
    );
    expect(saved.version).toBe(order.version + 1);
    expect(
      saved.requisitions.map((r) => [r.omsOrderableItemId, r.quantity, r.shipToOffice, r.dropShip]),
    ).toEqual([
      [540, 3, true, false],
      [534, 2, true, false],
    ]);
    expect(saved.requisitions[0]).toMatchObject({
      panel: 5400,
      components: expect.arrayContaining([5401, 5412]),
    });
    expect(saved.requisitions[1]).toMatchObject({ panel: 5900, patientInstructions: 'Fasting.' });
    expect(saved.containsShipToOfficeRequisition).toBe(true);
    for (const requisition of saved.requisitions) {
      expect(panelRow(saved, requisition.id)?.completed).toBe(true);
    }
    expect(saved.workflow.steps.find((row) => row.id === STEP_IDS.shipping)?.notApplicable).toBe(false);

    const [gi, nutrEval] = saved.requisitions;
    const changed = ok(
      await saveBulk(
        'dr.avery',
        bulk(saved, [line(540, 5, { id: gi?.id }), line(534, 0, { id: nutrEval?.id }), line(622, 1)]),
      ),
    );
    expect(changed.requisitions.map((r) => [r.id, r.omsOrderableItemId, r.quantity])).toEqual([
      [gi?.id, 540, 5],
      [expect.any(Number), 622, 1],
    ]);
    expect(changed.workflow.steps.some((row) => row.gearReqId === nutrEval?.id)).toBe(false);
  });

  it('spec 1 §5: SARS add-ons are offered for ship to office', async () => {
    const order = await newOrder('dr.avery', 'P1001');
    const saved = ok(
      await saveBulk('dr.avery', bulk(order, [line(902, 1, { addons: [{ omsInputFieldID: 9022 }] })])),
    );
    expect(saved.requisitions[0]?.addons).toEqual([{ omsInputFieldID: 9022, cptQuantity: null }]);
  });

  it('spec 1 §5: an international office is capped at 25 packs across lines', async () => {
    const order = await newOrder('dr.evans', 'P1005');
    const body = expectEnvelope(
      await saveBulk('dr.evans', bulk(order, [line(540, 20), line(534, 6)])),
      400,
      phone.maxCollectionPacks,
    );
    expect(body.errors).toEqual([{ field: 'requisitions', defaultMessage: phone.maxCollectionPacks }]);
    expect(phone.maxCollectionPacks).toBe(
      'A maximum of 25 collection packs may be ordered online. If you need to order more packs, please call us at 800-522-4762.',
    );
    const saved = ok(await saveBulk('dr.evans', bulk(order, [line(540, 20), line(534, 5)])));
    expect(saved.requisitions.map((r) => r.billingMethod)).toEqual([
      BILLING_METHODS.physicianAccount,
      BILLING_METHODS.physicianAccount,
    ]);
  });

  it('spec 1 §5: a domestic office is not capped', async () => {
    ok(await saveBulk('dr.avery', bulk(await newOrder('dr.avery', 'P1001'), [line(540, 99), line(534, 99)])));
  });

  it.each<[string, (order: { id: number; version: number }) => Body, string, string]>([
    [
      'spec 1 §9: a quantity over 99',
      (o) => bulk(o, [line(540, 100)]),
      MESSAGES.invalidInput,
      MESSAGES.quantityOutOfRange,
    ],
    [
      'spec 1 §9: a negative quantity',
      (o) => bulk(o, [line(540, -1)]),
      MESSAGES.invalidInput,
      MESSAGES.quantityOutOfRange,
    ],
    [
      "spec 1 §5: every line at 0 gives 'Please select a test.'",
      (o) => bulk(o, [line(540, 0)]),
      MESSAGES.selectTest,
      MESSAGES.selectTest,
    ],
    [
      'spec 1 §5: the same product twice',
      (o) => bulk(o, [line(540, 1), line(540, 2)]),
      MESSAGES.productAlreadyAdded,
      MESSAGES.productAlreadyAdded,
    ],
    [
      'a product that does not exist',
      (o) => bulk(o, [line(99999, 1)]),
      MESSAGES.productNotFound,
      MESSAGES.productNotFound,
    ],
    [
      'a line id that is not on the order',
      (o) => bulk(o, [line(540, 1, { id: 999999 })]),
      MESSAGES.requisitionNotOnOrder,
      MESSAGES.requisitionNotOnOrder,
    ],
    [
      'spec 1 §5: exclusive add-ons on a line',
      (o) => bulk(o, [line(617, 1, { addons: [{ omsInputFieldID: 5877 }, { omsInputFieldID: 5887 }] })]),
      MESSAGES.addOnExclusion,
      MESSAGES.addOnExclusion,
    ],
    [
      'spec 1 §7: a line must be shipToOffice true',
      (o) => bulk(o, [line(540, 1, { shipToOffice: false })]),
      MESSAGES.invalidInput,
      expect.any(String),
    ],
    [
      'spec 1 §5: patient instructions over 512',
      (o) => bulk(o, [line(540, 1, { patientInstructions: 'x'.repeat(513) })]),
      MESSAGES.invalidInput,
      textTooLong('Patient instructions', 512),
    ],
  ])('400: %s', async (_spec, payload, message, defaultMessage) => {
    const order = await newOrder('dr.avery', 'P1001');
    const body = expectEnvelope(await saveBulk('dr.avery', payload(order)), 400, message);
    expect(body.errors?.map((error) => error.defaultMessage)).toContainEqual(defaultMessage);
  });

  it('spec 1 §6: Ship to Office is hidden from CAP-authorized practitioners', async () => {
    const order = await newOrder('dr.fox', 'P1006');
    expectEnvelope(
      await saveBulk('dr.fox', bulk(order, [line(540, 1)])),
      400,
      MESSAGES.orderTypeNotAvailable('Ship to Office'),
    );
  });

  it('spec 1 §7: the trailing slash matters: the single route refuses a bulk body of two lines', async () => {
    const order = await newOrder('dr.avery', 'P1001');
    expectEnvelope(await saveSingle('dr.avery', bulk(order, [line(540, 1), line(534, 1)])), 400);
  });

  it('answers 409 for a stale version and for an order received by the lab', async () => {
    const order = await newOrder('dr.avery', 'P1001');
    ok(await saveBulk('dr.avery', bulk(order, [line(540, 1)])));
    expectEnvelope(await saveBulk('dr.avery', bulk(order, [line(540, 2)])), 409, MESSAGES.staleOrder);
    const { headers } = await signIn(ctx.app, 'dr.avery');
    const received = (
      await ctx.app.inject({ method: 'GET', url: '/gear/order?requisitionNumber=C922499553', headers })
    ).json<GearOrder & { id: number }>();
    expectEnvelope(
      await saveBulk('dr.avery', bulk(received, [line(534, 1)])),
      409,
      MESSAGES.orderReceivedByLab,
    );
  });

  it("refuses another practitioner's order (403), an unknown order (404), and callers not signed in (401)", async () => {
    const order = await newOrder('dr.avery', 'P1001');
    expectEnvelope(await saveBulk('dr.evans', bulk(order, [line(540, 1)])), 403, MESSAGES.forbidden);
    expectEnvelope(
      await saveBulk('dr.avery', bulk({ id: 999999, version: 1 }, [line(540, 1)])),
      404,
      MESSAGES.orderNotFound,
    );
    expectEnvelope(
      await ctx.app.inject({
        method: 'PUT',
        url: '/gear/testSelection/',
        payload: bulk(order, [line(540, 1)]),
      }),
      401,
    );
  });
});
