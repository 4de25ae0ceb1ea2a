import { type IntakeEvent, STATUS_EMAIL_TEXTS, type StatusEmailKind, statusEmailOf } from '@gear/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MailDeliveryError, type Mailer, type MailMessage } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/client.ts';
import { orders, practitioners, statusEmails } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { connectLinkOf } from '../handoff/handoff-email.ts';

/** Attempts before an email is given up (failed), and the wait before each retry (1, 2, 4, 8 minutes). */
export const STATUS_EMAIL_ATTEMPTS = 5;
const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);
/** An email left 'sending' this long (its process stopped mid-send) is taken again. */
const SENDING_TIMEOUT_MS = 10 * 60_000;

/**
 * Inside the intake's transaction, with the event it applies (decision 0301): the email the event calls for, kept as
 * a row to send, when the order's practitioner lets their patients be emailed. Unique by order, kind and subject: a
 * replayed event, or the same fact sent again, adds nothing.
 */
export async function enqueueStatusEmail(tx: Db, orderId: number, event: IntakeEvent): Promise<boolean> {
  const email = statusEmailOf(event);
  if (!email) return false;
  const [order] = await tx
    .select({ emails: practitioners.patientStatusEmails })
    .from(orders)
    .leftJoin(practitioners, eq(practitioners.gsdlNo, orders.practitionerGsdlNo))
    .where(eq(orders.id, orderId));
  // An order of no practitioner (a registration) follows the default of decision 0301.
  if (order?.emails === false) return false;
  const inserted = await tx
    .insert(statusEmails)
    .values({ orderId, kind: email.kind, subject: email.subject })
    .onConflictDoNothing()
    .returning({ id: statusEmails.id });
  return inserted.length > 0;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A status email (decision 0301): what happened in general words and the link to the order (/connect/{id}, which
 * asks for the date of birth). No name, no test or product, no result, no tracking or accession number.
 */
export function statusEmail(input: {
  to: string;
  kind: StatusEmailKind;
  orderId: number;
  publicUrl: string;
  supportPhone: string;
}): MailMessage {
  const texts = STATUS_EMAIL_TEXTS[input.kind];
  const link = connectLinkOf(input.publicUrl, input.orderId);
  const text = [
    'Hello,',
    '',
    texts.body,
    '',
    'Open your order:',
    link,
    '',
    'You will be asked for your date of birth before the order opens.',
    '',
    `Questions? Call us at ${input.supportPhone}.`,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body>',
    '<p>Hello,</p>',
    `<p>${escapeHtml(texts.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open your order</a></p>`,
    '<p>You will be asked for your date of birth before the order opens.</p>',
    `<p>Questions? Call us at ${escapeHtml(input.supportPhone)}.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: texts.subject, text, html };
}

export interface StatusEmailSettings {
  publicUrl: string;
  supportPhone: string;
  log: (fields: Record<string, unknown>, message: string) => void;
}

/** An email row's progress (the rows feed no kept value: db/kept.ts knows the table, decision 0306). */
const setStatus = (db: Db, id: number, values: Partial<typeof statusEmails.$inferInsert>) =>
  db.update(statusEmails).set(values).where(eq(statusEmails.id, id));

/**
 * The status-email job (decision 0301): takes the emails due (pending, their next attempt come; or left sending by a
 * stopped process), each claimed by one statement so that concurrent runs never send one twice, sends it through the
 * portal's mailer to the order's patient email as it is now, and marks it sent; a refusal is retried later (1, 2, 4, 8
 * minutes), and given up after 5 attempts. An order without a patient email is given up at once. Logged by kind and
 * code only. Answers how many were sent.
 */
export async function sendDueStatusEmails(
  db: Db,
  mailer: Mailer,
  settings: StatusEmailSettings,
  limit = 50,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const now = new Date();
  // Pending and due, or claimed by a run that has not finished within the timeout.
  const isDue = sql`((${statusEmails.status} = 'pending' and ${statusEmails.nextAttemptAt} <= ${now}) or (${statusEmails.status} = 'sending' and ${statusEmails.nextAttemptAt} <= ${new Date(now.getTime() - SENDING_TIMEOUT_MS)}))`;
  const due = await db
    .select({ id: statusEmails.id })
    .from(statusEmails)
    .where(isDue)
    .orderBy(asc(statusEmails.id))
    .limit(limit);
  for (const { id } of due) {
    // The claim: one statement, so of concurrent runs one takes it.
    const [claimed] = await db
      .update(statusEmails)
      .set({ status: 'sending', attempts: sql`${statusEmails.attempts} + 1`, nextAttemptAt: new Date() })
      .where(and(eq(statusEmails.id, id), isDue))
      .returning();
    if (!claimed) continue;
    const [order] = await db
      .select({ patientInfo: orders.patientInfo })
      .from(orders)
      .where(eq(orders.id, claimed.orderId));
    const to = order?.patientInfo?.email?.trim() ?? '';
    if (to === '') {
      await setStatus(db, id, { status: 'failed', lastErrorCode: 'NO_ADDRESS' });
      failed += 1;
      continue;
    }
    try {
      await mailer.send(
        statusEmail({
          to,
          kind: claimed.kind as StatusEmailKind,
          orderId: claimed.orderId,
          publicUrl: settings.publicUrl,
          supportPhone: settings.supportPhone,
        }),
      );
    } catch (error) {
      const code = error instanceof MailDeliveryError ? error.code : 'EOUTBOX';
      const last = claimed.attempts >= STATUS_EMAIL_ATTEMPTS;
      await setStatus(db, id, {
        status: last ? 'failed' : 'pending',
        lastErrorCode: code,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(claimed.attempts)),
      });
      settings.log(
        { mailError: code, orderId: claimed.orderId, kind: claimed.kind },
        'status email not delivered',
      );
      await recordAudit(db, {
        action: 'statusEmailFailed',
        outcome: 'failed',
        orderId: claimed.orderId,
        actor: 'portal',
        userId: null,
        detail: { kind: claimed.kind, code, attempt: claimed.attempts, givenUp: last },
      });
      failed += 1;
      continue;
    }
    await setStatus(db, id, { status: 'sent', sentAt: new Date(), lastErrorCode: null });
    await recordAudit(db, {
      action: 'statusEmailSent',
      orderId: claimed.orderId,
      actor: 'portal',
      userId: null,
      detail: { kind: claimed.kind },
    });
    sent += 1;
  }
  return { sent, failed };
}
