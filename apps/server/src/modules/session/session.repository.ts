import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, signInFailures, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export const findUserByLoginName = async (db: Db, loginName: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.loginName})`, loginName.toLowerCase()))
      .limit(1)
  )[0] ?? null;

export const insertSession = (db: Db, id: string, userId: number) =>
  db.insert(sessions).values({ id, userId });

/** The session's user when the session exists and was seen after idleSince; touches it. */
export async function touchSession(db: Db, id: string, idleSince: Date) {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, id), sql`${sessions.lastSeenAt} > ${idleSince.toISOString()}`))
    .returning({ userId: sessions.userId });
  if (!row) return null;
  return (await db.select().from(users).where(eq(users.id, row.userId)).limit(1))[0] ?? null;
}

export const deleteSession = (db: Db, id: string) => db.delete(sessions).where(eq(sessions.id, id));

export const deleteIdleSessions = (db: Db, idleSince: Date) =>
  db.delete(sessions).where(lt(sessions.lastSeenAt, idleSince));

export const findFailures = async (db: Db, key: string) =>
  (await db.select().from(signInFailures).where(eq(signInFailures.key, key)).limit(1))[0] ?? null;

export const saveFailures = (db: Db, row: typeof signInFailures.$inferInsert) =>
  db
    .insert(signInFailures)
    .values(row)
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: { failures: row.failures, windowStartedAt: row.windowStartedAt, blockedUntil: row.blockedUntil },
    });

export const clearFailures = (db: Db, key: string) =>
  db.delete(signInFailures).where(eq(signInFailures.key, key));

export const findUserById = async (db: Db, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;
