// The patient's status emails (issue 17 'Told when it matters', beyond the spec; decision 0301).
import { MESSAGES } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../adapters/mail/mailer.ts';
import { DEMO_INTAKE_SENDERS } from '../../config.ts';
import { orders, practitioners, statusEmails } from '../../db/schema/index.ts';
import { callAs, expectEnvelope, useSignIns, useTestApp } from '../../test/helper.ts';
import { signInPatient } from '../../test/order-builders.ts';
import { useSmtpReceiver } from '../../test/smtp-receiver.ts';
import { signatureHeader } from '../intake/intake-signature.ts';
import { patientPaysOrder } from '../payment/test-payments.ts';
import { startStatusEmailQueue } from './status-email-queue.ts';
import { sendDueStatusEmails } from './status-emails.service.ts';

const PUBLIC_URL = 'https://portal.example.test';
const smtp = useSmtpReceiver();
const ctx = useTestApp(() => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL,
  MAIL_FROM: 'Gear portal <portal@example.test>',
}));
const as = useSignIns(ctx, { avery: 'dr.avery', chen: 'dr.chen', admin: 'admin.ops' });
const mailer = () => smtpMailer(smtp.url, 'Gear portal <portal@example.test>');
const settings = { publicUrl: PUBLIC_URL, supportPhone: '800-522-4762', log: () => {} };
const LAB = DEMO_INTAKE_SENDERS.lab as string;
const CARRIER = DEMO_INTAKE_SENDERS.carrier as string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');
let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}-${Date.now()}`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

function post(sender: string, secret: string, events: unknown[]) {
  const payload = JSON.stringify({ events });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/intake/events',
    headers: {
      'content-type': 'application/json',
      'gear-intake-sender': sender,
      'gear-signature': signatureHeader(secret, payload),
    },
    payload,
  });
}

/** An order of dr.avery's patient (email `email`) through the intake: shipped, received, discarded, results ready. */
async function throughTheLab(email: string) {
  const order = await patientPaysOrder(ctx, as.avery);
  await ctx.database.db
    .update(orders)
    .set({
      patientInfo: sql`jsonb_set(${orders.patientInfo}, '{email}', ${JSON.stringify(email)}::jsonb)`,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, order.id));
  const gearReqId = order.requisitions[0]?.id as number;
  const tracking = `7946${order.id}${Date.now() % 100_000}`;
  const accessionNo = `S${order.id}A`;
  const shipped = {
    id: nextId('ship'),
    type: 'shipment.created',
    occurredAt: at(1),
    orderId: order.id,
    trackingNumber: tracking,
  };
  expect((await post('carrier', CARRIER, [shipped])).statusCode).toBe(200);
  const received = {
    id: nextId('rcv'),
    type: 'lab.received',
    occurredAt: at(2),
    gearReqId,
    accessionNo,
    productName: 'GI Effects Comprehensive Stool Profile',
  };
  const discarded = { id: nextId('dis'), type: 'lab.discarded', occurredAt: at(3), accessionNo, issues: [] };
  const results = {
    id: nextId('res'),
    type: 'lab.results',
    occurredAt: at(4),
    accessionNo,
    requisitionStatusId: 3,
    resultPdfBase64: PDF,
  };
  const answer = await post('lab', LAB, [received, discarded, results]);
  expect(answer.statusCode, answer.body).toBe(200);
  return { order, tracking, accessionNo, shipped, results };
}

const rowsOf = (orderId: number) =>
  ctx.database.db.select().from(statusEmails).where(eq(statusEmails.orderId, orderId));
/** The messages to an address, their quoted-printable soft line breaks joined (the body as a reader sees it). */
const mailTo = (address: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => ({ ...mail, raw: mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') }));

describe('status emails written by the intake, sent by the job (decision 0301)', () => {
  it('the pack shipped, a new collection needed, results ready: three emails with the link and no health data', async () => {
    const { order, tracking, accessionNo } = await throughTheLab('ada.status@example.com');
    expect((await rowsOf(order.id)).map((row) => row.kind).sort()).toEqual([
      'newCollectionNeeded',
      'packShipped',
      'resultsReady',
    ]);
    const sender = mailer();
    const outcome = await sendDueStatusEmails(ctx.database.db, sender, settings);
    sender.close();
    expect(outcome.sent).toBeGreaterThanOrEqual(3);
    const mails = mailTo('ada.status@example.com');
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.raw).toContain(`${PUBLIC_URL}/connect/${order.id}`);
      for (const secret of ['GI Effects', 'Stool', accessionNo, tracking, 'Ada', 'Patient', '1980'])
        expect(mail.raw).not.toContain(secret);
    }
    expect(mails.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]).sort()).toEqual([
      'A new sample is needed for your order',
      'An update on your laboratory order is ready',
      'Your collection pack has shipped',
    ]);
    expect((await rowsOf(order.id)).every((row) => row.status === 'sent' && row.sentAt !== null)).toBe(true);
  });

  it('once per event: a replayed event, or the same fact sent again, sends nothing more', async () => {
    const { order, shipped, results } = await throughTheLab('ada.once@example.com');
    const sender = mailer();
    await sendDueStatusEmails(ctx.database.db, sender, settings);
    expect((await post('carrier', CARRIER, [shipped])).json()).toMatchObject({ applied: 0, duplicates: 1 });
    // The same results again under a new event id: the same fact, no second email.
    expect((await post('lab', LAB, [{ ...results, id: nextId('res2'), occurredAt: at(5) }])).statusCode).toBe(
      200,
    );
    await sendDueStatusEmails(ctx.database.db, sender, settings);
    sender.close();
    expect(await rowsOf(order.id)).toHaveLength(3);
    expect(mailTo('ada.once@example.com')).toHaveLength(3);
  });

  it('concurrent runs of the job send each email once', async () => {
    const { order } = await throughTheLab('ada.concurrent@example.com');
    const sender = mailer();
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => sendDueStatusEmails(ctx.database.db, sender, settings)),
    );
    sender.close();
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
    expect(mailTo('ada.concurrent@example.com')).toHaveLength(3);
    expect((await rowsOf(order.id)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('a run that starts while another is sending does not take its emails again', async () => {
    const { order } = await throughTheLab('ada.overlap@example.com');
    const sender = mailer();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const firstSendStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = {
      describe: sender.describe,
      close: () => {},
      send: async (message: Parameters<typeof sender.send>[0]) => {
        started();
        await held;
        await sender.send(message);
      },
    };
    const first = sendDueStatusEmails(ctx.database.db, slow, settings);
    await firstSendStarted;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await sendDueStatusEmails(ctx.database.db, sender, settings);
    release();
    await first;
    sender.close();
    expect(second.sent + second.failed).toBeLessThanOrEqual(2);
    expect(mailTo('ada.overlap@example.com')).toHaveLength(3);
    expect((await rowsOf(order.id)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('retried on failure: a refused delivery stays due, is retried later and sent once', async () => {
    const { order } = await throughTheLab('bounce.status@example.com');
    const sender = mailer();
    const first = await sendDueStatusEmails(ctx.database.db, sender, settings);
    expect(first.failed).toBeGreaterThanOrEqual(3);
    const failed = await rowsOf(order.id);
    expect(failed.every((row) => row.status === 'pending' && row.attempts === 1 && row.lastErrorCode)).toBe(
      true,
    );
    expect(failed.every((row) => row.nextAttemptAt.getTime() > Date.now())).toBe(true);
    // Not due yet: nothing is sent again before its time.
    expect((await sendDueStatusEmails(ctx.database.db, sender, settings)).failed).toBe(0);
    await ctx.database.db
      .update(orders)
      .set({
        patientInfo: sql`jsonb_set(${orders.patientInfo}, '{email}', '"ada.retry@example.com"'::jsonb)`,
      })
      .where(eq(orders.id, order.id));
    await ctx.database.db
      .update(statusEmails)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(statusEmails.orderId, order.id));
    await sendDueStatusEmails(ctx.database.db, sender, settings);
    sender.close();
    expect(mailTo('ada.retry@example.com')).toHaveLength(3);
    expect((await rowsOf(order.id)).every((row) => row.status === 'sent' && row.attempts === 2)).toBe(true);
  });

  it('the pg-boss job sends what the intake wrote', async () => {
    const { order } = await throughTheLab('ada.queue@example.com');
    const sender = mailer();
    const queue = await startStatusEmailQueue(ctx.database.db, sender, {
      ...settings,
      pollingIntervalSeconds: 0.5,
    });
    try {
      expect(await queue.runNow()).not.toBeNull();
      for (let attempt = 0; attempt < 200 && mailTo('ada.queue@example.com').length < 3; attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await queue.stop();
      sender.close();
    }
    expect(mailTo('ada.queue@example.com')).toHaveLength(3);
    expect((await rowsOf(order.id)).every((row) => row.status === 'sent')).toBe(true);
  }, 60_000);
});

describe('the practitioner’s choice (decision 0301)', () => {
  afterAll(async () => {
    await ctx.database.db
      .update(practitioners)
      .set({ patientStatusEmails: true })
      .where(eq(practitioners.gsdlNo, 'P1001'));
  });

  it('on by default; turned off, the intake writes no email for their patients', async () => {
    const url = '/gear/practitioner/P1001/patient-status-emails';
    const read = await callAs(ctx.app, as.avery, 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({ gsdlNo: 'P1001', patientStatusEmails: true });
    const saved = await callAs(ctx.app, as.avery, 'PUT', url, { patientStatusEmails: false });
    expect(saved.json()).toEqual({ gsdlNo: 'P1001', patientStatusEmails: false });
    const { order } = await throughTheLab('ada.off@example.com');
    expect(await rowsOf(order.id)).toHaveLength(0);
  });

  it('refusals: another practitioner and a patient 403, signed out 401, unknown 404, bad body 400', async () => {
    const url = '/gear/practitioner/P1001/patient-status-emails';
    expectEnvelope(
      await callAs(ctx.app, as.chen, 'PUT', url, { patientStatusEmails: true }),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(await callAs(ctx.app, as.chen, 'GET', url), 403);
    const order = await patientPaysOrder(ctx, as.avery);
    const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
    expectEnvelope(await callAs(ctx.app, patient, 'GET', url), 403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expectEnvelope(
      await callAs(ctx.app, as.avery, 'GET', '/gear/practitioner/NOPE9/patient-status-emails'),
      404,
    );
    expectEnvelope(await callAs(ctx.app, as.avery, 'PUT', url, { patientStatusEmails: 'yes' }), 400);
    expect((await callAs(ctx.app, as.admin, 'PUT', url, { patientStatusEmails: true })).statusCode).toBe(200);
  });
});
