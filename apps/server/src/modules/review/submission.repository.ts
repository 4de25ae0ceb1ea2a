import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/index.ts';
import { bodyHashOf } from '../../lib/body-hash.ts';

export { bodyHashOf };

export interface StoredAnswer {
  statusCode: number;
  answer: Record<string, unknown>;
  bodyHash: string;
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
