import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { auditRequest, whoOf } from './audit-context.ts';

export type AuditOutcome = 'success' | 'refused' | 'failed';

/** What happened, to which record (docs/decisions/0214). Ids and codes only: never a patient's data. */
export interface AuditEventInput {
  action: string;
  outcome?: AuditOutcome;
  orderId?: number | null;
  status?: number | null;
  detail?: Record<string, unknown>;
  /** Overrides the actor the request gives (a user identified by the call itself, such as a sign-in). */
  actor?: string;
  userId?: number | null;
}

/**
 * The one place audit events are written (docs/decisions/0214): who, from where and under which request come from the
 * request being served; `db` may be a transaction, so an event commits with the change it records. Writes no data
 * a kept value is built from (decisions 0070, 0306: db/kept.ts knows the table).
 */
export async function recordAudit(
  db: Db,
  event: AuditEventInput,
  request: FastifyRequest | undefined = auditRequest.getStore(),
): Promise<void> {
  await db.insert(auditEvents).values(auditRowOf(event, request));
}

/** Events a request recorded for after its answer (recordAuditAfterAnswer), by request. */
const afterAnswer = new WeakMap<FastifyRequest, AuditEventInput[]>();

/**
 * Records an event of a request that changes nothing (a discount code tried, docs/decisions/0163): written after the
 * answer with the request's own event, in the same batch (auditBatcher), so the answer never waits for an insert and
 * concurrent calls do not queue behind one insert each. Outside a request (a job, a script) it is written at once.
 */
export async function recordAuditAfterAnswer(
  db: Db,
  event: AuditEventInput,
  request: FastifyRequest | undefined = auditRequest.getStore(),
): Promise<void> {
  if (!request) return recordAudit(db, event, request);
  const events = afterAnswer.get(request);
  if (events) events.push(event);
  else afterAnswer.set(request, [event]);
}

/** The events a request recorded for after its answer, handed over once (the audit trail's onResponse hook). */
export function takeEventsAfterAnswer(request: FastifyRequest): AuditEventInput[] {
  const events = afterAnswer.get(request) ?? [];
  afterAnswer.delete(request);
  return events;
}

type AuditRow = typeof auditEvents.$inferInsert;

function auditRowOf(event: AuditEventInput, request: FastifyRequest | undefined): AuditRow {
  const who = whoOf(request);
  return {
    orderId: event.orderId ?? null,
    actor: event.actor ?? who.actor,
    action: event.action,
    detail: event.detail ?? {},
    userId: event.userId !== undefined ? event.userId : who.userId,
    role: who.role,
    onBehalfOf: who.onBehalfOf,
    outcome: event.outcome ?? 'success',
    status: event.status ?? null,
    requestId: who.requestId,
    address: who.address,
    userAgent: who.userAgent,
    at: new Date(),
  };
}

/** A batch is written when it holds this many rows, or this many events (coalesced ones counted), or after the wait. */
const BATCH_ROWS_MAX = 100;
const BATCH_EVENTS_MAX = 1000;
const BATCH_WAIT_MS = 50;

/**
 * Successful reads of one record by one caller from one address within one batch are one event (docs/decisions/0220):
 * the same who, what and outcome, with the count, the last time and every request id in its detail.
 */
const coalescingKey = (row: AuditRow) =>
  row.outcome === 'success' && row.action.startsWith('read ')
    ? JSON.stringify([
        row.actor,
        row.userId,
        row.role,
        row.onBehalfOf,
        row.action,
        row.orderId,
        row.status,
        row.address,
        row.userAgent,
      ])
    : null;

/** Counts `row`, a repeat of the read `first`, on `first`'s detail. */
function countRepeat(first: AuditRow, row: AuditRow): void {
  const detail = first.detail as { count?: number; requestIds?: string[]; lastAt?: string };
  detail.count = (detail.count ?? 1) + 1;
  detail.requestIds ??= first.requestId ? [first.requestId] : [];
  if (row.requestId) detail.requestIds.push(row.requestId);
  detail.lastAt = (row.at ?? new Date()).toISOString();
}

/**
 * One insert of many events with one parameter (the events as JSON): the statement costs the same to build whatever
 * the number of events, where a multi-row insert builds and sends 13 parameters per event.
 */
function eventsInsert(rows: AuditRow[]): SQL {
  const json = JSON.stringify(
    rows.map((row) => ({
      order_id: row.orderId ?? null,
      actor: row.actor,
      action: row.action,
      detail: row.detail ?? {},
      user_id: row.userId ?? null,
      role: row.role,
      on_behalf_of: row.onBehalfOf ?? null,
      outcome: row.outcome,
      status: row.status ?? null,
      request_id: row.requestId ?? null,
      address: row.address ?? null,
      user_agent: row.userAgent ?? null,
      at: row.at ?? new Date(),
    })),
  );
  return sql`
    insert into audit_events (order_id, actor, action, detail, user_id, role, on_behalf_of, outcome, status,
                              request_id, address, user_agent, at)
    select order_id, actor, action, detail, user_id, role, on_behalf_of, outcome, status,
           request_id, address, user_agent, at
    from jsonb_to_recordset(${json}::jsonb) as e(order_id integer, actor text, action text, detail jsonb,
      user_id integer, role text, on_behalf_of text, outcome text, status integer, request_id text, address text,
      user_agent text, at timestamptz)`;
}

const insertEvents = (db: Db, rows: AuditRow[]) => db.execute(eventsInsert(rows));

/**
 * An event as one part of a larger statement, written only when `when` holds (a change's claim of its version, in the
 * same statement: the event commits with the change it records, at no statement of its own). One event, so its
 * columns are parameters of a plain SELECT: the embedded database spends about 0.1 ms less than on reading the same
 * row out of JSON with jsonb_to_recordset (docs/decisions/0331), and the row written is the same.
 */
export const auditWrite = (
  event: AuditEventInput,
  when: SQL,
  request: FastifyRequest | undefined = auditRequest.getStore(),
): SQL => {
  const row = auditRowOf(event, request);
  return sql`
    insert into audit_events (order_id, actor, action, detail, user_id, role, on_behalf_of, outcome, status,
                              request_id, address, user_agent, at)
    select ${row.orderId ?? null}::integer, ${row.actor}::text, ${row.action}::text,
           ${JSON.stringify(row.detail ?? {})}::jsonb, ${row.userId ?? null}::integer, ${row.role}::text,
           ${row.onBehalfOf ?? null}::text, ${row.outcome}::text, ${row.status ?? null}::integer,
           ${row.requestId ?? null}::text, ${row.address ?? null}::text, ${row.userAgent ?? null}::text,
           ${(row.at ?? new Date()).toISOString()}::timestamptz
    where ${when}`;
};

/**
 * The request events of one process, written after their answers in one insert per batch (at most BATCH_WAIT_MS after
 * the first), repeated successful reads coalesced as they come: under load, 200 answers cost a couple of statements
 * and a few rows, not 200 (docs/decisions/0220, 0338). `flush` writes what is waiting (on close); a failed write
 * is logged by kind and code.
 */
export function auditBatcher(db: Db, onError: (error: unknown) => void) {
  let rows: AuditRow[] = [];
  let reads = new Map<string, AuditRow>();
  let events = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = rows;
    rows = [];
    reads = new Map();
    events = 0;
    if (batch.length === 0) return writing;
    writing = writing
      .then(() => insertEvents(db, batch))
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      );
    return writing;
  };

  return {
    add(event: AuditEventInput, request: FastifyRequest) {
      const row = auditRowOf(event, request);
      const key = coalescingKey(row);
      const first = key === null ? undefined : reads.get(key);
      if (first) countRepeat(first, row);
      else {
        const kept = key === null ? row : { ...row, detail: { ...row.detail } };
        if (key !== null) reads.set(key, kept);
        rows.push(kept);
      }
      events += 1;
      if (rows.length >= BATCH_ROWS_MAX || events >= BATCH_EVENTS_MAX) void flush();
      else timer ??= setTimeout(() => void flush(), BATCH_WAIT_MS);
    },
    flush,
  };
}
