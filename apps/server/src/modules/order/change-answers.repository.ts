import type { GearOrder } from '@gear/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changeAnswers } from '../../db/schema/index.ts';

export interface KeyedChange {
  key: string;
  requestHash: string;
  call: number;
}

export interface ChangeAnswer {
  requestHash: string;
  order: GearOrder;
  newOrderId: number | null;
}

/** The answer kept for this change of the order under its key, if the change was saved. */
export async function findChangeAnswer(
  db: Db,
  orderId: number,
  change: KeyedChange,
): Promise<ChangeAnswer | null> {
  const [row] = await db
    .select({
      requestHash: changeAnswers.requestHash,
      order: changeAnswers.order,
      newOrderId: changeAnswers.newOrderId,
    })
    .from(changeAnswers)
    .where(
      and(
        eq(changeAnswers.orderId, orderId),
        eq(changeAnswers.idempotencyKey, change.key),
        eq(changeAnswers.call, change.call),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Keeps the change's answer under its key, inside the transaction that saves the change. */
export async function keepChangeAnswer(
  tx: Db,
  orderId: number,
  change: KeyedChange,
  answer: { order: GearOrder; newOrderId: number | null },
): Promise<void> {
  await tx.insert(changeAnswers).values({
    orderId,
    idempotencyKey: change.key,
    call: change.call,
    requestHash: change.requestHash,
    order: answer.order,
    newOrderId: answer.newOrderId,
  });
}

/** Removes the answers kept longer than a retry could want them (docs/decisions/0200: a day). */
export async function sweepChangeAnswers(db: Db, olderThanHours = 24): Promise<void> {
  await db
    .delete(changeAnswers)
    .where(lt(changeAnswers.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`));
}
