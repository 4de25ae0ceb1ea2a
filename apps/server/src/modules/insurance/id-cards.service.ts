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
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES } from '../order/order-change.ts';
import { findAttachment } from './insurance.repository.ts';
import { reencodeImage } from './reencode-image.ts';

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

/**
 * POST /gear/uploadInsuranceAttachment (spec 2 §5, §7, §8), a change of the order through the change core (decision
 * 0065; the version in If-Match): the file is JPEG, PNG or GIF by its extension, MIME type and first bytes alike, not
 * empty and at most 12582912 bytes (refusals carry the spec's message; nothing is stored), and it decodes: what is
 * stored is the image encoded again, without its metadata (decision 0227). The file goes to storage
 * under a random key, the slot's row points at it, the slot's previous file is deleted, and the order's version is
 * bumped. A refused claim deletes the file stored.
 */
export async function uploadIdCard(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  upload: IdCardUpload,
  basedOn: number | undefined,
): Promise<IdCardResult> {
  let storageKey: string | null = null;
  try {
    const saved = await changeOrder(db, {
      user,
      subject: { orderId: upload.orderId },
      basedOn,
      kind: ORDER_CHANGES.idCard,
      plan: async () => {
        if (upload.bytes.length > MAX_UPLOAD_BYTES) throw tooLarge(upload.fileName, upload.bytes.length);
        const checked = checkUpload(upload);
        if (!checked.ok)
          throw badRequest(checked.message, [{ field: 'file', defaultMessage: checked.message }]);
        // Decoded and encoded again: none of the bytes as sent are kept (metadata, polyglots; decision 0227).
        const image = await reencodeImage(upload.bytes, checked.type);
        storageKey = await storage.put(image);
        const write = {
          kind: 'replaceAttachment',
          type: upload.type,
          storageKey,
          contentType: checked.type,
          sizeBytes: image.length,
        } as const;
        return { writes: [write] };
      },
    });
    await Promise.all(saved.removedStorageKeys.map((key) => storage.delete(key)));
  } catch (error) {
    if (storageKey !== null) await storage.delete(storageKey);
    throw error;
  }
  return { orderId: upload.orderId, action: 'saveUpload', type: upload.type, result: 'success' };
}

/**
 * DELETE /gear/deleteInsuranceAttachment (spec 2 §7) through the change core (the version in If-Match): removes a
 * slot's card (404 when the slot is empty).
 */
export async function deleteIdCard(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  target: { orderId: number; type: IdCardAttachmentType },
  basedOn: number | undefined,
): Promise<IdCardDeleteResult> {
  const saved = await changeOrder(db, {
    user,
    subject: { orderId: target.orderId },
    basedOn,
    kind: ORDER_CHANGES.idCard,
    plan: ({ order }) => {
      if (!order.attachments?.[target.type]) throw notFound(UPLOAD_MESSAGES.deleteFailed);
      return { writes: [{ kind: 'deleteAttachments', types: [target.type] }] };
    },
  });
  await Promise.all(saved.removedStorageKeys.map((key) => storage.delete(key)));
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
