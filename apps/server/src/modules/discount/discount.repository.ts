import type { Discount, DiscountType } from '@gear/domain';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { auditEvents, discounts, signInFailures } from '../../db/schema/index.ts';

/** A discount code as the table holds it, with what the domain needs to check it. */
export type DiscountRow = Discount & { gsdlNo: string | null };

/**
 * The code's discount when it exists, is active and has not expired (validUntil in the past); null otherwise.
 * Codes are stored upper case (normalizeDiscountCode); the lookup is by primary key.
 */
export async function findUsableDiscount(db: Db, code: string): Promise<DiscountRow | null> {
  const [row] = await db
    .select({
      discountCode: discounts.code,
      discountType: discounts.discountType,
      discountAmount: discounts.discountAmount,
      maxDiscount: discounts.maxDiscountCents,
      practicumTesting: discounts.practicumTesting,
      gsdlNo: discounts.gsdlNo,
    })
    .from(discounts)
    .where(
      and(
        eq(discounts.code, code),
        eq(discounts.active, true),
        sql`(${discounts.validUntil} is null or ${discounts.validUntil} > now())`,
      ),
    )
    .limit(1);
  return row ? { ...row, discountType: row.discountType as DiscountType } : null;
}

/** A budget of failed codes: at most `limit` failures per key within `windowSeconds` (docs/decisions/0130). */
export interface GuessBudget {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The failures counted are kept in the sign-in failure table (one counter per key, shared by every API process);
 * discount keys start with 'discount-' so they never meet the sign-in keys. These writes change nothing any kept
 * value is built from.
 */
const budgetWrite = <T>(write: () => PromiseLike<T>) => changing([], write);

const windowOpen = (windowSeconds: number) =>
  sql`${signInFailures.windowStartedAt} > now() - make_interval(secs => ${windowSeconds})`;

/** Whether one of the budgets is spent: its window is open and its failures reached the limit (one read). */
export async function spentBudgets(db: Db, budgets: readonly GuessBudget[]): Promise<boolean> {
  const spent = budgets.map((budget) =>
    and(
      eq(signInFailures.key, budget.key),
      gte(signInFailures.failures, budget.limit),
      windowOpen(budget.windowSeconds),
    ),
  );
  const rows = await db
    .select({ key: signInFailures.key })
    .from(signInFailures)
    .where(or(...spent))
    .limit(1);
  return rows.length > 0;
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

/** An audit event of a discount code tried on an order (the code and the outcome; no patient data). */
export const auditDiscount = (
  db: Db,
  orderId: number,
  actor: string,
  action: 'discountApplied' | 'discountRefused' | 'discountThrottled',
  detail: Record<string, unknown>,
) => budgetWrite(() => db.insert(auditEvents).values({ orderId, actor, action, detail }));
