import { BILLING_METHODS, type IdCardAttachmentType } from '@gear/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, requisitions } from '../../db/schema/index.ts';

/**
 * spec 2 §4 Medicare/Tricare Yes: 'sets billingMethod to 'Medicare or Tricare' on all requisitions' (those not
 * canceled). Call inside the transaction that claims the order's version.
 */
export async function billRequisitionsToMedicare(tx: Db, orderId: number) {
  await tx
    .update(requisitions)
    .set({ billingMethod: BILLING_METHODS.medicare })
    .where(and(eq(requisitions.orderId, orderId), eq(requisitions.canceled, false)));
}

export type AttachmentRow = typeof attachments.$inferSelect;

export async function findAttachment(db: Db, orderId: number, type: IdCardAttachmentType) {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.orderId, orderId), eq(attachments.type, type)))
    .limit(1);
  return row ?? null;
}

/**
 * Records the file stored for an order's card slot, replacing the slot's previous file; returns the previous file's
 * storage key (to delete once the transaction has committed), or null. The slot's row is locked while it is read.
 */
export async function replaceAttachment(
  tx: Db,
  values: Pick<AttachmentRow, 'orderId' | 'type' | 'storageKey' | 'contentType' | 'sizeBytes'>,
): Promise<string | null> {
  const [previous] = await tx
    .select({ storageKey: attachments.storageKey })
    .from(attachments)
    .where(and(eq(attachments.orderId, values.orderId), eq(attachments.type, values.type)))
    .for('update');
  await tx
    .insert(attachments)
    .values(values)
    .onConflictDoUpdate({
      target: [attachments.orderId, attachments.type],
      set: {
        storageKey: values.storageKey,
        contentType: values.contentType,
        sizeBytes: values.sizeBytes,
        uploadedAt: sql`now()`,
      },
    });
  return previous?.storageKey ?? null;
}

/** Deletes the rows of an order's card slots; returns the storage keys of their files. */
export async function deleteAttachments(
  tx: Db,
  orderId: number,
  types: readonly IdCardAttachmentType[],
): Promise<string[]> {
  if (types.length === 0) return [];
  const rows = await tx
    .delete(attachments)
    .where(and(eq(attachments.orderId, orderId), inArray(attachments.type, [...types])))
    .returning({ storageKey: attachments.storageKey });
  return rows.map((row) => row.storageKey);
}
