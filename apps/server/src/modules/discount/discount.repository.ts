import type { Discount, DiscountType } from '@gear/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing, keptUntilChanged } from '../../db/kept.ts';
import { discounts, signInFailures } from '../../db/schema/index.ts';
import { recordAuditAfterAnswer } from '../audit/audit.service.ts';

/** A discount code as the table holds it, with what the domain needs to check it. */
export type DiscountRow = Discount & { gsdlNo: string | null };

/**
 * Discount codes change only by the seed or an import, like the price lists: the table is read with one statement and
 * kept until then on the embedded database; on PostgreSQL a process sees a change within 5 minutes (decision 0130).
 */
const codesOf = keptUntilChanged<
  void,
  Promise<ReadonlyMap<string, DiscountRow & { validUntil: Date | null; active: boolean }>>
>({
  from: ['prices'],
  read: async (db: Db) => {
    const rows = await db
      .select({
        discountCode: discounts.code,
        discountType: discounts.discountType,
        discountAmount: discounts.discountAmount,
        maxDiscount: discounts.maxDiscountCents,
        practicumTesting: discounts.practicumTesting,
        gsdlNo: discounts.gsdlNo,
        active: discounts.active,
        validUntil: discounts.validUntil,
      })
      .from(discounts);
    return new Map(
      rows.map((row) => [row.discountCode, { ...row, discountType: row.discountType as DiscountType }]),
    );
  },
  elsewhere: { maxAgeMs: 5 * 60_000 },
});

/** Drops the kept codes of a database (tests that change codes behind the seed's back). */
export const forgetDiscountCodes = (db: Db) => codesOf.forget(db);

/**
 * The code's discount when it exists, is active and has not expired (validUntil in the past); null otherwise.
 * Codes are stored upper case (normalizeDiscountCode).
 */
export async function findUsableDiscount(
  db: Db,
  code: string,
  now = new Date(),
): Promise<DiscountRow | null> {
  const row = (await codesOf(db)).get(code);
  if (!row?.active || (row.validUntil !== null && row.validUntil <= now)) return null;
  const { active: _active, validUntil: _validUntil, ...discount } = row;
  return discount;
}

/** A budget of failed codes: at most `limit` failures per key within `windowSeconds` (docs/decisions/0130). */
export interface GuessBudget {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The failures counted are kept in the sign-in failure table (one counter per key, shared by every API process);
 * discount keys start with 'discount-' so they never meet the sign-in keys. Spends say they change 'sessions' (the
 * data set of that table), which the kept counters below are built from.
 */
const budgetWrite = <T>(write: () => PromiseLike<T>) => changing(['sessions'], write);

/** Audit events change nothing any kept value is built from. */

const windowOpen = (windowSeconds: number) =>
  sql`${signInFailures.windowStartedAt} > now() - make_interval(secs => ${windowSeconds})`;

/**
 * The counter of a budget's key: read with one statement and, on the embedded database, kept until a spend writes
 * (spends declare 'sessions'); on PostgreSQL, where other processes spend, read every time.
 */
const counterOf = keptUntilChanged<string, Promise<{ failures: number; windowStartedAt: Date } | null>>({
  from: ['sessions'],
  read: async (db: Db, key: string) =>
    (
      await db
        .select({ failures: signInFailures.failures, windowStartedAt: signInFailures.windowStartedAt })
        .from(signInFailures)
        .where(eq(signInFailures.key, key))
        .limit(1)
    )[0] ?? null,
  elsewhere: 'read',
  maxKeys: 5000,
});

/** Whether one of the budgets is spent: its window is open and its failures reached the limit. */
export async function spentBudgets(
  db: Db,
  budgets: readonly GuessBudget[],
  now = Date.now(),
): Promise<boolean> {
  const counters = await Promise.all(budgets.map((budget) => counterOf(db, budget.key)));
  return budgets.some((budget, index) => {
    const counter = counters[index];
    if (!counter) return false;
    const open = now - counter.windowStartedAt.getTime() < budget.windowSeconds * 1000;
    return open && counter.failures >= budget.limit;
  });
}

/**
 * Spends one failure of a budget in one statement: a new window starts when the last one closed; otherwise the count
 * goes up only while it is below the limit. Answers false (nothing written) when the budget was already spent, so
 * that of any number of concurrent failures exactly `limit` are counted per window.
 */
export async function spendBudget(db: Db, budget: GuessBudget): Promise<boolean> {
  const expired = sql`not (${windowOpen(budget.windowSeconds)})`;
  const rows = await budgetWrite(() =>
    db
      .insert(signInFailures)
      .values({ key: budget.key, failures: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${signInFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${signInFailures.windowStartedAt} end`,
        },
        setWhere: sql`${expired} or ${signInFailures.failures} < ${budget.limit}`,
      })
      .returning({ failures: signInFailures.failures }),
  );
  return rows.length === 1;
}

/**
 * An audit event of a discount code tried on an order (the code and the outcome; no patient data), written after the
 * answer in the request's batch (docs/decisions/0163): trying a code changes nothing on the order.
 */
export const auditDiscount = (
  db: Db,
  orderId: number,
  actor: string,
  action: 'discountApplied' | 'discountRefused' | 'discountThrottled',
  detail: Record<string, unknown>,
) =>
  recordAuditAfterAnswer(db, {
    orderId,
    actor,
    action,
    detail,
    outcome: action === 'discountApplied' ? 'success' : 'refused',
  });
