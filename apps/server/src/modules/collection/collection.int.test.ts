import {
  addCalendarDays,
  COLLECTION_MESSAGES,
  DROP_SHIP_INSTRUCTION_MESSAGES,
  labToday,
  MESSAGES,
  STEP_IDS,
  STEP_STATUS,
} from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { callAs, expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';
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
type Body = Record<string, unknown>;

const today = labToday();
const LACTULOSE = 4050;
const tubes = (count: number) => Array.from({ length: count }, (_, index) => 4051 + index);

/** The body of PUT /gear/sampleCollection for the order's first requisition. */
const collection = (order: SavedOrder, overrides: Body = {}, index = 0): Body => ({
  id: order.requisitions[index]?.id,
  gearOrderId: order.id,
  version: order.version,
  lastSampleCollected: true,
  dateLastSampleCollected: today,
  sampleCollectionData: [],
  patientInstructions: null,
  clinicalFindings: null,
  routeNumber: null,
  ...overrides,
});

const stool = [
  { id: 4001, value: 'Brown' },
  { id: 4002, value: 'Formed/Normal' },
  { id: 4003, value: '3-day' },
];

const put = (login: 'dr.avery' | 'staff.kim' | 'dr.fox' | 'admin.ops', url: string, payload: Body) =>
  callAs(ctx.app, login, 'PUT', url, payload);
const saveCollection = (payload: Body, login: Parameters<typeof put>[0] = 'dr.avery') =>
  put(login, '/gear/sampleCollection', payload);

describe('PUT /gear/sampleCollection', () => {
  it('spec 2 §5, §7: 540 with the date and every stool field; Yes completes step 5 and bumps the version', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const saved = ok(
      await saveCollection(
        collection(order, {
          dateLastSampleCollected: addCalendarDays(today, -2),
          sampleCollectionData: stool,
          patientInstructions: 'Collect three days in a row.',
          clinicalFindings: 'Bloating after meals.',
          routeNumber: 'R-17',
        }),
      ),
    );
    expect(saved.version).toBe(order.version + 1);
    const [requisition] = saved.requisitions;
    expect(requisition).toMatchObject({
      dateLastSampleCollected: addCalendarDays(today, -2),
      sampleCollectionData: stool,
      patientInstructions: 'Collect three days in a row.',
      clinicalFindings: 'Bloating after meals.',
      routeNumber: 'R-17',
    });
    expect(stepRow(saved, STEP_IDS.collection, requisition?.id)?.status).toEqual(STEP_STATUS.completed);
  });

  it('spec 2 §5: MM/DD/YYYY is stored as YYYY-MM-DD', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const [year, month, day] = today.split('-');
    const saved = ok(
      await saveCollection(
        collection(order, {
          dateLastSampleCollected: `${month}/${day}/${year}`,
          sampleCollectionData: stool,
        }),
      ),
    );
    expect(saved.requisitions[0]?.dateLastSampleCollected).toBe(today);
  });

  it('spec 2 §5: 215 (3-hour): the lactulose time and tubes 1 to 9', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.sibo3Hour]);
    const times = [LACTULOSE, ...tubes(9)].map((id, index) => ({
      id,
      value: `07:${String(index * 5).padStart(2, '0')}`,
    }));
    const saved = ok(await saveCollection(collection(order, { sampleCollectionData: times })));
    expect(saved.requisitions[0]?.sampleCollectionData).toHaveLength(10);

    const missing = expectEnvelope(
      await saveCollection(collection(saved, { sampleCollectionData: times.filter((t) => t.id !== 4059) })),
      400,
      COLLECTION_MESSAGES.fieldRequired,
    );
    expect(missing.errors).toEqual([
      { field: 'sampleCollectionData.4059', defaultMessage: COLLECTION_MESSAGES.fieldRequired },
    ]);
  });

  it('spec 2 §5: panel 4710 ignores tubes 8 and 9', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.sibo2Hour]);
    const times = [LACTULOSE, ...tubes(7)].map((id) => ({ id, value: '08:00' }));
    ok(await saveCollection(collection(order, { sampleCollectionData: times })));
  });

  it('spec 2 §4: No needs no date or fields, leaves step 5 In Progress and drops answers to questions not asked', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const saved = ok(
      await saveCollection(
        collection(order, {
          lastSampleCollected: false,
          dateLastSampleCollected: today,
          sampleCollectionData: stool,
        }),
      ),
    );
    expect(saved.requisitions[0]).toMatchObject({ dateLastSampleCollected: null, sampleCollectionData: [] });
    expect(stepRow(saved, STEP_IDS.collection, saved.requisitions[0]?.id)?.status).toEqual(
      STEP_STATUS.inProgress,
    );
  });

  it.each<[string, Body, string, { field: string; defaultMessage: string }[]]>([
    [
      'spec 2 §5: the Yes/No question must be answered',
      { lastSampleCollected: null },
      COLLECTION_MESSAGES.lastSampleAnswerRequired,
      [{ field: 'lastSampleCollected', defaultMessage: COLLECTION_MESSAGES.lastSampleAnswerRequired }],
    ],
    [
      'spec 2 §5: Yes needs the date',
      { dateLastSampleCollected: null, sampleCollectionData: stool },
      COLLECTION_MESSAGES.lastSampleDateRequired,
      [{ field: 'dateLastSampleCollected', defaultMessage: COLLECTION_MESSAGES.lastSampleDateRequired }],
    ],
    [
      'spec 2 §5: every listed collection field',
      { sampleCollectionData: stool.slice(0, 1) },
      COLLECTION_MESSAGES.fieldRequired,
      [
        { field: 'sampleCollectionData.4002', defaultMessage: COLLECTION_MESSAGES.fieldRequired },
        { field: 'sampleCollectionData.4003', defaultMessage: COLLECTION_MESSAGES.fieldRequired },
      ],
    ],
    [
      'spec 2 §5: patient instructions and clinical findings 512, route number 15',
      {
        sampleCollectionData: stool,
        patientInstructions: 'a'.repeat(513),
        clinicalFindings: 'b'.repeat(513),
        routeNumber: 'R'.repeat(16),
      },
      'Patient instructions can be at most 512 characters.',
      [
        {
          field: 'patientInstructions',
          defaultMessage: 'Patient instructions can be at most 512 characters.',
        },
        { field: 'clinicalFindings', defaultMessage: 'Clinical findings can be at most 512 characters.' },
        { field: 'routeNumber', defaultMessage: 'Route number can be at most 15 characters.' },
      ],
    ],
    [
      'an answer that is not an option of the field',
      { sampleCollectionData: [...stool.slice(1), { id: 4001, value: 'Purple' }] },
      MESSAGES.notAnOption,
      [{ field: 'sampleCollectionData.4001', defaultMessage: MESSAGES.notAnOption }],
    ],
    [
      'an answer to a field the product does not have',
      { sampleCollectionData: [...stool, { id: 4051, value: '07:00' }] },
      MESSAGES.invalidInput,
      [{ field: 'sampleCollectionData.4051', defaultMessage: MESSAGES.invalidInput }],
    ],
  ])('%s', async (_spec, overrides, message, errors) => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const body = expectEnvelope(await saveCollection(collection(order, overrides)), 400, message);
    expect(body.errors).toEqual(errors);
  });

  it('spec 2 §5: the window is 14 days back to 3 days ahead of the lab’s today', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    ok(
      await saveCollection(
        collection(order, {
          dateLastSampleCollected: addCalendarDays(today, -14),
          sampleCollectionData: stool,
        }),
      ),
    );
    const late = addCalendarDays(today, 4);
    const body = expectEnvelope(
      await saveCollection(
        collection(
          { ...order, version: order.version + 1 },
          { dateLastSampleCollected: late, sampleCollectionData: stool },
        ),
      ),
      400,
    );
    expect(body.errors?.[0]?.field).toBe('dateLastSampleCollected');
    expect(body.errors?.[0]?.defaultMessage).toMatch(/^Please enter a collection date from /);
  });

  it('spec 2 §6: a patient’s notes are not saved (practitioners edit them)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const first = ok(
      await saveCollection(
        collection(order, { sampleCollectionData: stool, patientInstructions: 'From the office.' }),
      ),
    );
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/gear/sampleCollection',
      headers: patient.headers,
      payload: collection(first, {
        sampleCollectionData: stool,
        patientInstructions: 'Changed by the patient.',
      }),
    });
    expect(ok(response).requisitions[0]?.patientInstructions).toBe('From the office.');
  });

  it('answers 401 without credentials', async () => {
    expectEnvelope(
      await ctx.app.inject({ method: 'PUT', url: '/gear/sampleCollection', payload: {} }),
      401,
      MESSAGES.signInRequired,
    );
  });

  it("answers 403 for another practitioner's order, with no data", async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const body = expectEnvelope(
      await saveCollection(collection(order, { sampleCollectionData: stool }), 'dr.fox'),
      403,
      MESSAGES.forbidden,
    );
    expect(JSON.stringify(body)).not.toContain('GI Effects');
  });

  it('answers 404 for an unknown order and 400 for a requisition not on the order', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    expectEnvelope(
      await saveCollection(collection({ ...order, id: 2_000_000_000 }, { sampleCollectionData: stool })),
      404,
      MESSAGES.orderNotFound,
    );
    const body = expectEnvelope(
      await saveCollection({ ...collection(order, { sampleCollectionData: stool }), id: 999_999 }),
      400,
      MESSAGES.requisitionNotOnOrder,
    );
    expect(body.errors?.[0]?.field).toBe('id');
  });

  it('answers 409 for a stale version and for an order received by the lab (admins still save)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    ok(await saveCollection(collection(order, { sampleCollectionData: stool })));
    expectEnvelope(
      await saveCollection(collection(order, { sampleCollectionData: stool })),
      409,
      MESSAGES.staleOrder,
    );
    const received = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    await receiveByLab(ctx.database.db, received.requisitions[0]?.id ?? 0, `A-COLL-${received.id}`);
    expectEnvelope(
      await saveCollection(collection(received, { sampleCollectionData: stool })),
      409,
      MESSAGES.orderReceivedByLab,
    );
    const bumped = { ...received, version: received.version + 1 };
    ok(await saveCollection(collection(bumped, { sampleCollectionData: stool }), 'admin.ops'));
  });

  it.each<[string, Body]>([
    ['no body fields', {}],
    ['a NUL byte', { patientInstructions: 'a\u0000b' }],
    ['a version that is not a number', { version: 'one' }],
    ['an id beyond a database integer', { id: 2_147_483_648 }],
  ])('answers 400 for bad input: %s', async (_case, overrides) => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const payload = Object.keys(overrides).length === 0 ? {} : collection(order, overrides);
    expectEnvelope(await saveCollection(payload), 400, MESSAGES.invalidInput);
  });
});

describe('PUT /gear/dropShipInstructions', () => {
  const instructions = (order: SavedOrder, overrides: Body = {}): Body => ({
    gearOrderId: order.id,
    gearReqId: order.requisitions[0]?.id,
    version: order.version,
    patientInstructions: 'Collect on a weekday morning.',
    clinicalFindings: 'Chronic bloating.',
    routeNumber: 'R-22',
    ...overrides,
  });

  it('spec 2 §2, §7: saves the notes of a drop-ship requisition without a number; step 5 is In Progress', async () => {
    const order = await dropShipOrder(ctx.app, 'staff.kim', 'P1001', [PRODUCTS.giEffects]);
    const saved = ok(await put('staff.kim', '/gear/dropShipInstructions', instructions(order)));
    expect(saved.version).toBe(order.version + 1);
    expect(saved.requisitions[0]).toMatchObject({
      patientInstructions: 'Collect on a weekday morning.',
      clinicalFindings: 'Chronic bloating.',
      routeNumber: 'R-22',
    });
    expect(stepRow(saved, STEP_IDS.collection, saved.requisitions[0]?.id)?.status).toEqual(
      STEP_STATUS.inProgress,
    );
  });

  it('spec 2 §7: POST is accepted too', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const { headers } = await signIn(ctx.app, 'dr.avery');
    ok(
      await ctx.app.inject({
        method: 'POST',
        url: '/gear/dropShipInstructions',
        headers,
        payload: instructions(order),
      }),
    );
  });

  it('spec 2 §5: the limits, with their messages', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const body = expectEnvelope(
      await put(
        'dr.avery',
        '/gear/dropShipInstructions',
        instructions(order, { routeNumber: 'R'.repeat(16) }),
      ),
      400,
      'Route number can be at most 15 characters.',
    );
    expect(body.errors).toEqual([
      { field: 'routeNumber', defaultMessage: 'Route number can be at most 15 characters.' },
    ]);
  });

  it('spec 2 §2: only for a drop-ship requisition (a ship-to-office one gets the collection form)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    expectEnvelope(
      await put('dr.avery', '/gear/dropShipInstructions', instructions(order)),
      400,
      DROP_SHIP_INSTRUCTION_MESSAGES.notDropShip,
    );
  });

  it('spec 2 §2: myGDX only (403 for a patient), 403 for another practitioner, 401 without credentials', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(
      await ctx.app.inject({
        method: 'PUT',
        url: '/gear/dropShipInstructions',
        headers: patient.headers,
        payload: instructions(order),
      }),
      403,
    );
    expectEnvelope(
      await put('dr.fox', '/gear/dropShipInstructions', instructions(order)),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(
      await ctx.app.inject({
        method: 'PUT',
        url: '/gear/dropShipInstructions',
        payload: instructions(order),
      }),
      401,
    );
  });

  it('answers 404 for an unknown order, 409 for a stale version and for an order received by the lab', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    expectEnvelope(
      await put(
        'dr.avery',
        '/gear/dropShipInstructions',
        instructions(order, { gearOrderId: 2_000_000_000 }),
      ),
      404,
    );
    expectEnvelope(
      await put(
        'dr.avery',
        '/gear/dropShipInstructions',
        instructions(order, { version: order.version - 1 }),
      ),
      409,
      MESSAGES.staleOrder,
    );
    await receiveByLab(ctx.database.db, order.requisitions[0]?.id ?? 0, `A-DROP-${order.id}`);
    expectEnvelope(
      await put('dr.avery', '/gear/dropShipInstructions', instructions(order)),
      409,
      MESSAGES.orderReceivedByLab,
    );
  });

  it('answers 400 for bad input', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    expectEnvelope(
      await put('dr.avery', '/gear/dropShipInstructions', instructions(order, { gearReqId: 'x' })),
      400,
      MESSAGES.invalidInput,
    );
  });
});
