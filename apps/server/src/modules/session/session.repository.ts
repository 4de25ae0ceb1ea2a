import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { patientSessions, sessions, signInFailures, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** Sessions and sign-in failures change no data any kept value is built from (decision 0070). */
const sessionWrite = <T>(write: () => PromiseLike<T>) => changing(['sessions'], write);

export const findUserByLoginName = async (db: Db, loginName: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.loginName})`, loginName.toLowerCase()))
      .limit(1)
  )[0] ?? null;

export const insertSession = (db: Db, id: string, userId: number) =>
  sessionWrite(() => db.insert(sessions).values({ id, userId }));

/** When a session has ended (docs/decisions/0217): idle since `idleSince`, or started before `startedSince`. */
export interface SessionLimits {
  idleSince: Date;
  startedSince: Date;
}

const liveSession = (table: typeof sessions | typeof patientSessions, limits: SessionLimits) =>
  and(
    sql`${table.lastSeenAt} > ${limits.idleSince.toISOString()}::timestamptz`,
    sql`${table.createdAt} > ${limits.startedSince.toISOString()}::timestamptz`,
  );

/** The session's user when the session exists and has not ended; touches it. */
export async function touchSession(db: Db, id: string, limits: SessionLimits) {
  const [row] = await sessionWrite(() =>
    db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, id), liveSession(sessions, limits)))
      .returning({ userId: sessions.userId }),
  );
  if (!row) return null;
  return (await db.select().from(users).where(eq(users.id, row.userId)).limit(1))[0] ?? null;
}

export const deleteSession = (db: Db, id: string) =>
  sessionWrite(() => db.delete(sessions).where(eq(sessions.id, id)));

export const deleteEndedSessions = (db: Db, limits: SessionLimits) =>
  sessionWrite(() =>
    db
      .delete(sessions)
      .where(or(lt(sessions.lastSeenAt, limits.idleSince), lt(sessions.createdAt, limits.startedSince))),
  );

/** Whether a session (a user's, or a patient's) exists and has not ended: what a bearer token's `sid` must name. */
export async function isSessionLive(db: Db, id: string, patient: boolean, limits: SessionLimits) {
  const table = patient ? patientSessions : sessions;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), liveSession(table, limits)))
    .limit(1);
  return rows.length === 1;
}

/**
 * Counts one attempt against a throttle key in one statement (docs/decisions/0141): the row is locked by the upsert,
 * so 200 concurrent attempts get the counts 1 to 200, never the same one twice. Answers the count including this
 * attempt and whether the key was already blocked.
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  limits: { windowMs: number; blockAfter: number; blockMs: number },
  now: Date,
): Promise<{ attempts: number; blocked: boolean }> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - limits.windowMs).toISOString();
  const blockUntil = new Date(now.getTime() + limits.blockMs).toISOString();
  const inWindow = sql`${signInFailures.windowStartedAt} > ${windowStart}::timestamptz`;
  const next = sql`case when ${inWindow} then ${signInFailures.failures} + 1 else 1 end`;
  const [row] = await sessionWrite(() =>
    db
      .insert(signInFailures)
      .values({ key, failures: 1, windowStartedAt: now, blockedUntil: null })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: next,
          windowStartedAt: sql`case when ${inWindow} then ${signInFailures.windowStartedAt} else ${at}::timestamptz end`,
          blockedUntil: sql`case when ${signInFailures.blockedUntil} > ${at}::timestamptz then ${signInFailures.blockedUntil}
            when ${next} > ${limits.blockAfter} then ${blockUntil}::timestamptz else null end`,
        },
      })
      .returning({ failures: signInFailures.failures, blockedUntil: signInFailures.blockedUntil }),
  );
  const blockedUntil = row?.blockedUntil ?? null;
  return {
    attempts: row?.failures ?? 1,
    blocked: (row?.failures ?? 1) > limits.blockAfter || (blockedUntil !== null && blockedUntil > now),
  };
}

/** Gives back one attempt counted by reserveAttempt (a success that must not count against the key). */
export const releaseAttempt = (db: Db, key: string) =>
  sessionWrite(() =>
    db
      .update(signInFailures)
      .set({ failures: sql`greatest(${signInFailures.failures} - 1, 0)` })
      .where(eq(signInFailures.key, key)),
  );

export const clearFailures = (db: Db, key: string) =>
  sessionWrite(() => db.delete(signInFailures).where(eq(signInFailures.key, key)));

export const findUserById = async (db: Db, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;

// --- Patient sessions (docs/decisions/0040) -------------------------------------------------------------------------

export const insertPatientSession = (db: Db, id: string, orderIds: readonly number[]) =>
  sessionWrite(() => db.insert(patientSessions).values({ id, orderIds: [...orderIds] }));

/** The orders of a patient session that has not ended; touches it. Null when absent or ended. */
export async function touchPatientSession(db: Db, id: string, limits: SessionLimits) {
  const [row] = await sessionWrite(() =>
    db
      .update(patientSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(patientSessions.id, id), liveSession(patientSessions, limits)))
      .returning({ orderIds: patientSessions.orderIds }),
  );
  return row ?? null;
}

/** Adds an order to a patient session (once); answers the session's orders, null when the session is gone. */
export async function addPatientSessionOrder(db: Db, id: string, orderId: number) {
  const [row] = await sessionWrite(() =>
    db
      .update(patientSessions)
      .set({
        orderIds: sql`case when ${orderId} = any(${patientSessions.orderIds}) then ${patientSessions.orderIds}
        else array_append(${patientSessions.orderIds}, ${orderId}::integer) end`,
        lastSeenAt: sql`now()`,
      })
      .where(eq(patientSessions.id, id))
      .returning({ orderIds: patientSessions.orderIds }),
  );
  return row ?? null;
}

export const deletePatientSession = (db: Db, id: string) =>
  sessionWrite(() => db.delete(patientSessions).where(eq(patientSessions.id, id)));

export const deleteEndedPatientSessions = (db: Db, limits: SessionLimits) =>
  sessionWrite(() =>
    db
      .delete(patientSessions)
      .where(
        or(
          lt(patientSessions.lastSeenAt, limits.idleSince),
          lt(patientSessions.createdAt, limits.startedSince),
        ),
      ),
  );
