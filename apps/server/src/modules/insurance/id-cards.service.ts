import {
  checkUpload,
  formatMegabytes,
  type IdCardAttachmentType,
  type IdCardResult,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type UserInfo,
} from '@gear/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { refuseLockedOrder } from '../../lib/order-write.ts';
import { transaction } from '../../lib/transaction.ts';
import { orderForCaller } from '../order/order.service.ts';
import {
  bumpOrderVersion,
  deleteAttachments,
  findAttachment,
  replaceAttachment,
} from './insurance.repository.ts';

export interface IdCardUpload {
  orderId: number;
  type: IdCardAttachmentType;
  /** The name the browser gave the file: its extension is checked, the name itself is never stored. */
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** The answer of DELETE /gear/deleteInsuranceAttachment (spec 2 §7 shows none; decision 0023). */
export interface IdCardDeleteResult {
  orderId: number;
  action: 'deleteUpload';
  type: IdCardAttachmentType;
  result: 'success';
}

const baseName = (fileName: string) => fileName.split(/[\\/]/).pop() || fileName;

/** spec 2 §8 'Sorry, max upload size is 12 MB, but ... is N MB' (413), for a file known only to be too large. */
export const tooLarge = (fileName: string, bytes: number) =>
  new HttpError(413, UPLOAD_MESSAGES.tooLarge(baseName(fileName), formatMegabytes(bytes)), [
    {
      field: 'file',
      defaultMessage: UPLOAD_MESSAGES.tooLarge(baseName(fileName), formatMegabytes(bytes)),
    },
  ]);

/** The order whose cards change: one the caller may see, not locked by the lab's receipt (spec 2 §4). */
async function orderToChange(db: Db, user: UserInfo, orderId: number) {
  const order = await orderForCaller(db, user, orderId);
  refuseLockedOrder(order, user);
  return order;
}

/**
 * POST /gear/uploadInsuranceAttachment (spec 2 §5, §7, §8): the caller may change the order; the file is JPEG, PNG or
 * GIF by its extension, MIME type and first bytes alike, not empty and at most 12582912 bytes (refusals carry the
 * spec's message; nothing is stored). The file goes to storage under a random key, the slot's row points at it, the
 * slot's previous file is deleted, and the order's version is bumped.
 */
export async function uploadIdCard(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  upload: IdCardUpload,
): Promise<IdCardResult> {
  await orderToChange(db, user, upload.orderId);
  if (upload.bytes.length > MAX_UPLOAD_BYTES) throw tooLarge(upload.fileName, upload.bytes.length);
  const checked = checkUpload(upload);
  if (!checked.ok) throw badRequest(checked.message, [{ field: 'file', defaultMessage: checked.message }]);

  const storageKey = await storage.put(upload.bytes);
  let previousKey: string | null;
  try {
    previousKey = await transaction(db, async (tx) => {
      const previous = await replaceAttachment(tx, {
        orderId: upload.orderId,
        type: upload.type,
        storageKey,
        contentType: checked.type,
        sizeBytes: upload.bytes.length,
      });
      await bumpOrderVersion(tx, upload.orderId);
      return previous;
    });
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
  if (previousKey !== null && previousKey !== storageKey) await storage.delete(previousKey);
  return { orderId: upload.orderId, action: 'saveUpload', type: upload.type, result: 'success' };
}

/** DELETE /gear/deleteInsuranceAttachment (spec 2 §7): removes a slot's card (404 when the slot is empty). */
export async function deleteIdCard(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  target: { orderId: number; type: IdCardAttachmentType },
): Promise<IdCardDeleteResult> {
  await orderToChange(db, user, target.orderId);
  const keys = await transaction(db, async (tx) => {
    const removed = await deleteAttachments(tx, target.orderId, [target.type]);
    if (removed.length > 0) await bumpOrderVersion(tx, target.orderId);
    return removed;
  });
  if (keys.length === 0) throw notFound(UPLOAD_MESSAGES.deleteFailed);
  await Promise.all(keys.map((key) => storage.delete(key)));
  return { orderId: target.orderId, action: 'deleteUpload', type: target.type, result: 'success' };
}

/**
 * An ID-card image, read back (ARCHITECTURE 'Access'): only by the order's practitioner, users acting for them, and
 * admins (orderForCaller); patients who proved the order come with the patients' issue.
 */
export async function readIdCard(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  target: { orderId: number; type: IdCardAttachmentType },
): Promise<{ contentType: string; bytes: Buffer }> {
  await orderForCaller(db, user, target.orderId);
  const row = await findAttachment(db, target.orderId, target.type);
  const bytes = row ? await storage.get(row.storageKey) : null;
  if (!row || !bytes) throw notFound('Not Found');
  return { contentType: row.contentType, bytes };
}
