import { UPLOAD_MESSAGES } from '../messages.ts';

/** spec 2 §3 'Attachment types': the six ID-card slots. */
export const ID_CARD_ATTACHMENT_TYPES = [
  'ins-primary-front',
  'ins-primary-back',
  'ins-secondary-front',
  'ins-secondary-back',
  'gov-id-front',
  'gov-id-back',
] as const;
export type IdCardAttachmentType = (typeof ID_CARD_ATTACHMENT_TYPES)[number];

export const isIdCardAttachmentType = (value: string): value is IdCardAttachmentType =>
  (ID_CARD_ATTACHMENT_TYPES as readonly string[]).includes(value);

/** The slots to show: the secondary insurance's only while there is one. */
export const idCardSlots = (hasSecondaryInsurance: boolean): IdCardAttachmentType[] =>
  ID_CARD_ATTACHMENT_TYPES.filter((type) => hasSecondaryInsurance || !type.startsWith('ins-secondary-'));

/** spec 2 §9: 'Upload max 12 MB (12582912 bytes)'. */
export const MAX_UPLOAD_BYTES = 12_582_912;
/** spec 2 §7: the browser re-encodes the image to JPEG at quality 0.8 before sending it. */
export const ID_CARD_JPEG_QUALITY = 0.8;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** spec 2 §5 'JPEG, PNG or GIF only': the file extensions and MIME types that name each type. */
export const ALLOWED_IMAGE_TYPES: Readonly<
  Record<ImageType, { extensions: readonly string[]; mimeTypes: readonly string[] }>
> = {
  'image/jpeg': {
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    mimeTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  },
  'image/png': { extensions: ['png'], mimeTypes: ['image/png'] },
  'image/gif': { extensions: ['gif'], mimeTypes: ['image/gif'] },
};

const MAGIC_BYTES: readonly { type: ImageType; signatures: readonly (readonly number[])[] }[] = [
  { type: 'image/jpeg', signatures: [[0xff, 0xd8, 0xff]] },
  { type: 'image/png', signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  {
    type: 'image/gif',
    signatures: [
      [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
      [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    ],
  },
];

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * The image type the content declares by its first bytes (JPEG FF D8 FF, PNG's 8-byte signature,
 * GIF87a/GIF89a).
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const match = MAGIC_BYTES.find(({ signatures }) =>
    signatures.some((signature) => startsWith(bytes, signature)),
  );
  return match?.type ?? null;
}

const extensionOf = (fileName: string): string | null => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : null;
};

export const imageTypeOfExtension = (fileName: string): ImageType | null => {
  const extension = extensionOf(fileName);
  return IMAGE_TYPES.find((type) => ALLOWED_IMAGE_TYPES[type].extensions.includes(extension ?? '')) ?? null;
};

export const imageTypeOfMimeType = (mimeType: string): ImageType | null => {
  const essence = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  return IMAGE_TYPES.find((type) => ALLOWED_IMAGE_TYPES[type].mimeTypes.includes(essence)) ?? null;
};

/**
 * The size a person reads: megabytes rounded up to one decimal, so a file over the limit never reads '12.0'.
 */
export const formatMegabytes = (bytes: number): string =>
  (Math.ceil((bytes / 1_048_576) * 10) / 10).toFixed(1);

export interface UploadCandidate {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

export type UploadCheck = { ok: true; type: ImageType } | { ok: false; message: string };

/**
 * spec 2 §5, §8: an ID-card image is JPEG, PNG or GIF, not empty, at most 12582912 bytes, and its extension,
 * MIME type and leading bytes all name the same type. Refusals carry the spec's messages.
 */
export function checkUpload({ fileName, mimeType, bytes }: UploadCandidate): UploadCheck {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  if (bytes.length > MAX_UPLOAD_BYTES)
    return { ok: false, message: UPLOAD_MESSAGES.tooLarge(base, formatMegabytes(bytes.length)) };
  const declared = imageTypeOfExtension(fileName);
  const agreeing =
    declared !== null && imageTypeOfMimeType(mimeType) === declared && detectImageType(bytes) === declared;
  return agreeing ? { ok: true, type: declared } : { ok: false, message: UPLOAD_MESSAGES.notAnImage };
}
