import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/index.ts';

export interface StoredAnswer {
  statusCode: number;
  answer: Record<string, unknown>;
  bodyHash: string;
}

/** SHA-256 of a body as parsed (defaults applied), its keys in a fixed order: the same submission hashes alike. */
export function bodyHashOf(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, canonical(v)]),
      );
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** The answer first given under this key for this order, if any. */
export async function findSubmission(db: Db, orderId: number, key: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      statusCode: submissions.statusCode,
      answer: submissions.answer,
      bodyHash: submissions.bodyHash,
    })
    .from(submissions)
    .where(and(eq(submissions.orderId, orderId), eq(submissions.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** Keeps the first answer under its key, inside the transaction that made it. */
export async function storeSubmission(
  db: Db,
  orderId: number,
  key: string,
  stored: StoredAnswer,
): Promise<void> {
  await db.insert(submissions).values({ orderId, idempotencyKey: key, ...stored });
}
