import { HANDOFF_MESSAGES, STEP_IDS } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import {
  type Caller,
  callAs,
  expectEnvelope,
  ifMatchNow,
  ok,
  useSignIns,
  useTestApp,
} from '../../test/helper.ts';
import {
  dropShipOrder,
  PRODUCTS,
  receiveByLab,
  type SavedOrder,
  shipToOfficeOrder,
  signInPatient,
  stepRow,
} from '../../test/order-builders.ts';
import { useSmtpReceiver } from '../../test/smtp-receiver.ts';
import { HANDOFF_SUBJECT } from './handoff-email.ts';

const PUBLIC_URL = 'https://portal.example.test';
const smtp = useSmtpReceiver();
const ctx = useTestApp(() => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL,
  MAIL_FROM: 'Gear portal <portal@example.test>',
}));
const as = useSignIns(ctx, { avery: 'dr.avery', kim: 'staff.kim', admin: 'admin.ops', chen: 'dr.chen' });

const patient = { dateOfBirth: '04/12/1985', nameLast: 'Testpatient', email: 'jane.handoff@example.com' };
const handoffUrl = (order: { id: number }, shippingMethod?: string) =>
  `/gear/order/${order.id}/handoff${shippingMethod ? `/${encodeURIComponent(shippingMethod)}` : ''}`;
/** A handoff as the browser sends it: the order's version as read in If-Match (docs/decisions/0100). */
const handOff = async (who: Caller, order: { id: number }, body: object, shippingMethod?: string) =>
  callAs(
    ctx.app,
    who,
    'POST',
    handoffUrl(order, shippingMethod),
    body,
    await ifMatchNow(ctx.database.db, { orderId: order.id }),
  );
const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('POST /gear/order/{id}/handoff (spec 3 §5 Handoff, §7, §8)', () => {
  it('sends the patient an email over SMTP with the link /connect/{id} and no date of birth, and saves what was typed', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const answer = ok<{ gearOrder: SavedOrder; email: string }>(await handOff(as.avery, order, patient));

    expect(answer.email).toBe('jane.handoff@example.com');
    expect(answer.gearOrder.patientInfo).toMatchObject({
      dateOfBirth: '1985-04-12',
      nameLast: 'Testpatient',
      email: 'jane.handoff@example.com',
    });
    expect(stepRow(answer.gearOrder, STEP_IDS.handoff)).toMatchObject({ completed: true, userType: 'myGDX' });

    const [mail, ...more] = mailTo('jane.handoff@example.com');
    expect(more).toEqual([]);
    expect(mail?.from).toBe('portal@example.test');
    expect(mail?.raw).toContain(`Subject: ${HANDOFF_SUBJECT}`);
    expect(mail?.raw).toContain(`${PUBLIC_URL}/connect/${order.id}`);
    for (const secret of ['1985', '04/12', 'Testpatient', 'GI Effects', 'Avery'])
      expect(mail?.raw).not.toContain(secret);
  });

  it('staff acting for the practitioner and admins may hand off; the answer carries no-store', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    for (const [who, email] of [
      [as.kim, 'kim.sent@example.com'],
      [as.admin, 'admin.sent@example.com'],
    ] as const) {
      const response = await handOff(who, order, { ...patient, email });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(mailTo(email)).toHaveLength(1);
    }
  });

  it('a drop-ship order takes the shipping method as the last segment and keeps it', async () => {
    const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
    const refused = await handOff(as.avery, order, patient);
    expect(expectEnvelope(refused, 422, 'Please select a shipping method.').errors).toEqual([
      { field: 'shippingMethod', defaultMessage: 'Please select a shipping method.' },
    ]);

    const answer = ok<{ gearOrder: SavedOrder }>(
      await handOff(
        as.avery,
        order,
        { ...patient, email: 'dropship@example.com' },
        'Overnight (Sat. Delivery)',
      ),
    );
    expect(answer.gearOrder.shippingMethod).toBe('Overnight (Sat. Delivery)');
    expect(mailTo('dropship@example.com')).toHaveLength(1);
    // spec 3 §9: the pack on its way to the patient arrives in 2 to 5 business days (not said of office packs).
    expect(mailTo('dropship@example.com')[0]?.raw).toContain(
      'Collection packs arrive in 2 to 5 business days.',
    );
    expect(mailTo('jane.handoff@example.com')[0]?.raw ?? '').not.toContain('Collection packs arrive');
  });

  it("refuses a form breaking spec 3 §5's rules with 422 and the spec's messages, sending nothing", async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const before = smtp.received.length;
    const missing = await handOff(as.avery, order, {});
    expect(expectEnvelope(missing, 422, 'Please provide a date of birth.').errors).toEqual([
      { field: 'dateOfBirth', defaultMessage: 'Please provide a date of birth.' },
      { field: 'nameLast', defaultMessage: 'Please provide a last name.' },
      { field: 'email', defaultMessage: 'Please provide an email address.' },
    ]);
    const badDate = await handOff(as.avery, order, {
      ...patient,
      dateOfBirth: '12.04.1985',
    });
    expectEnvelope(
      badDate,
      422,
      '12.04.1985 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.',
    );
    const longEmail = await handOff(as.avery, order, {
      ...patient,
      email: `${'a'.repeat(89)}@example.com`,
    });
    expectEnvelope(longEmail, 422, 'Email can be at most 100 characters.');
    expect(smtp.received.length).toBe(before);
  });

  it('refuses text that cannot be stored (NUL, broken Unicode) with 400', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    for (const nameLast of ['Test\u0000patient', 'Test\uD800patient'])
      expectEnvelope(await handOff(as.avery, order, { ...patient, nameLast }), 400);
  });

  it("answers 502 with spec 3 §8's message when the mail server refuses the address", async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const response = await handOff(as.avery, order, {
      ...patient,
      email: 'bounce@example.com',
    });
    expectEnvelope(response, 502, HANDOFF_MESSAGES.emailFailed);
    expect(HANDOFF_MESSAGES.emailFailed).toBe(
      'The email failed to send. Please verify the email address is correct.',
    );
  });

  it('answers 401 without a sign-in, 403 to another practitioner and to a patient, 404 for an unknown order', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const anonymous = await ctx.app.inject({ method: 'POST', url: handoffUrl(order), payload: patient });
    expectEnvelope(anonymous, 401);
    expectEnvelope(await handOff(as.chen, order, patient), 403);
    const thePatient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(await handOff(thePatient, order, patient), 403);
    expectEnvelope(await handOff(as.avery, { id: 999_999 }, patient), 404);
    expect(mailTo(patient.email).length).toBeLessThanOrEqual(1);
  });

  it('answers 409 for an order the lab has received (non-admins)', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const [requisition] = order.requisitions;
    if (!requisition) throw new Error('no requisition');
    await receiveByLab(ctx.database.db, requisition.id, 'HANDOFF-1');
    expectEnvelope(await handOff(as.avery, order, patient), 409);
  });

  it('200 concurrent identical handoffs naming the version read: one is saved and emailed, the others 409', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    const email = 'concurrent@example.com';
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: handoffUrl(order),
          headers: { ...as.avery.headers, 'if-match': `"${order.version}"` },
          payload: { ...patient, email },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
    const saved = codes.filter((code) => code === 200).length;
    expect(saved).toBe(1);
    expect(mailTo(email)).toHaveLength(saved);
    const after = ok<SavedOrder>(await callAs(ctx.app, as.avery, 'GET', `/gear/order/${order.id}`));
    expect(after.version).toBe(order.version + saved);
  }, 120_000);
});
