import { describe, expect, it } from 'vitest';
import { idCardAttachmentQuerySchema } from '../contract/insurance.ts';
import { UPLOAD_MESSAGES } from '../messages.ts';
import {
  checkUpload,
  detectImageType,
  formatMegabytes,
  ID_CARD_ATTACHMENT_TYPES,
  idCardSlots,
  MAX_UPLOAD_BYTES,
} from './id-card-uploads.ts';

const bytesOf = (...values: number[]): Uint8Array => Uint8Array.from(values);
const ascii = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));

const JPEG = bytesOf(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'));
const PNG = bytesOf(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00);
const GIF89 = bytesOf(...ascii('GIF89a'), 0x01, 0x00);
const GIF87 = bytesOf(...ascii('GIF87a'), 0x01, 0x00);
const HTML = bytesOf(...ascii('<!DOCTYPE html><script>alert(1)</script>'));

/** A file of `size` bytes that starts like a JPEG. */
const jpegOfSize = (size: number): Uint8Array => {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG.subarray(0, Math.min(size, JPEG.length)));
  return bytes;
};

describe('detectImageType', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['spec 2 §5: JPEG starts FF D8 FF', JPEG, 'image/jpeg'],
    ['spec 2 §5: PNG has its 8-byte signature', PNG, 'image/png'],
    ['spec 2 §5: GIF89a', GIF89, 'image/gif'],
    ['spec 2 §5: GIF87a', GIF87, 'image/gif'],
    ['spec 2 §5: HTML is no image', HTML, null],
    ['spec 2 §5: an empty file is no image', new Uint8Array(0), null],
    ['spec 2 §5: a truncated PNG signature', PNG.subarray(0, 7), null],
    ['spec 2 §5: GIF88a is no GIF', bytesOf(...ascii('GIF88a')), null],
  ])('%s', (_spec, bytes, expected) => {
    expect(detectImageType(bytes)).toBe(expected);
  });
});

describe('checkUpload', () => {
  const notAnImage = { ok: false, message: 'Please upload a JPEG, PNG, or GIF image.' };
  it.each<[string, string, string, Uint8Array, object]>([
    ['spec 2 §5: a JPEG', 'card-front.jpg', 'image/jpeg', JPEG, { ok: true, type: 'image/jpeg' }],
    ['spec 2 §5: .jpeg and upper case', 'CARD.JPEG', 'image/jpeg', JPEG, { ok: true, type: 'image/jpeg' }],
    ['spec 2 §5: a PNG', 'card.png', 'image/png', PNG, { ok: true, type: 'image/png' }],
    ['spec 2 §5: a GIF', 'card.gif', 'image/gif', GIF89, { ok: true, type: 'image/gif' }],
    [
      'spec 2 §5: a MIME type with parameters',
      'card.png',
      'image/png; charset=binary',
      PNG,
      { ok: true, type: 'image/png' },
    ],
    ['spec 2 §5: a GIF renamed .jpg', 'card.jpg', 'image/jpeg', GIF89, notAnImage],
    ['spec 2 §5: an HTML file labelled image/jpeg', 'card.jpg', 'image/jpeg', HTML, notAnImage],
    ['spec 2 §5: a PNG sent as image/jpeg', 'card.png', 'image/jpeg', PNG, notAnImage],
    ['spec 2 §5: a JPEG named .png', 'card.png', 'image/png', JPEG, notAnImage],
    ['spec 2 §5: no extension', 'card', 'image/jpeg', JPEG, notAnImage],
    ['spec 2 §5: a name ending in a dot', 'card.', 'image/jpeg', JPEG, notAnImage],
    ['spec 2 §5: a hidden file name is no extension', '.jpg', 'image/jpeg', JPEG, notAnImage],
    [
      'spec 2 §5: another image type (WebP)',
      'card.webp',
      'image/webp',
      bytesOf(...ascii('RIFF')),
      notAnImage,
    ],
    ['spec 2 §5: a PDF', 'card.pdf', 'application/pdf', bytesOf(...ascii('%PDF-1.7')), notAnImage],
    ['spec 2 §5: an empty file', 'card.jpg', 'image/jpeg', new Uint8Array(0), notAnImage],
  ])('%s', (_spec, fileName, mimeType, bytes, expected) => {
    expect(checkUpload({ fileName, mimeType, bytes })).toEqual(expected);
  });

  it('spec 2 §9: exactly 12582912 bytes is accepted', () => {
    expect(
      checkUpload({ fileName: 'big.jpg', mimeType: 'image/jpeg', bytes: jpegOfSize(MAX_UPLOAD_BYTES) }).ok,
    ).toBe(true);
  });

  it('spec 2 §8: 12582913 bytes is refused with the size message', () => {
    const bytes = jpegOfSize(MAX_UPLOAD_BYTES + 1);
    expect(checkUpload({ fileName: 'C:\\scans\\big.jpg', mimeType: 'image/jpeg', bytes })).toEqual({
      ok: false,
      message: 'Sorry, max upload size is 12 MB, but big.jpg is 12.1 MB',
    });
  });

  it.each<[string, number, string]>([
    ['spec 2 §8: N MB rounded up to one decimal', 13 * 1_048_576, '13.0'],
    ['spec 2 §8: just over 12 MB never reads 12.0', MAX_UPLOAD_BYTES + 1, '12.1'],
    ['spec 2 §8: 20.25 MB', 20.25 * 1_048_576, '20.3'],
  ])('%s', (_spec, bytes, expected) => {
    expect(formatMegabytes(bytes)).toBe(expected);
  });
});

describe('ID card slots', () => {
  it('spec 2 §3: six attachment types', () => {
    expect(ID_CARD_ATTACHMENT_TYPES).toEqual([
      'ins-primary-front',
      'ins-primary-back',
      'ins-secondary-front',
      'ins-secondary-back',
      'gov-id-front',
      'gov-id-back',
    ]);
  });

  it.each<[string, boolean, string[]]>([
    ['spec 2 §2: all six with a secondary insurance', true, [...ID_CARD_ATTACHMENT_TYPES]],
    [
      'spec 2 §2: without one, no secondary card slots',
      false,
      ['ins-primary-front', 'ins-primary-back', 'gov-id-front', 'gov-id-back'],
    ],
  ])('%s', (_spec, secondary, expected) => {
    expect(idCardSlots(secondary)).toEqual(expected);
  });

  it.each<[string, Record<string, string>, boolean]>([
    ['spec 2 §7: orderId and cardImgType', { orderId: '100001', cardImgType: 'gov-id-back' }, true],
    ['spec 2 §7: an unknown card type', { orderId: '100001', cardImgType: 'passport' }, false],
    ['spec 2 §7: an order id that is not a number', { orderId: 'abc', cardImgType: 'gov-id-back' }, false],
  ])('%s', (_spec, query, ok) => {
    expect(idCardAttachmentQuerySchema.safeParse(query).success).toBe(ok);
  });
});

describe('upload messages', () => {
  it('spec 2 §8: saving and deleting failures, verbatim', () => {
    expect([UPLOAD_MESSAGES.saveFailed, UPLOAD_MESSAGES.deleteFailed]).toEqual([
      'We had a problem saving your upload. Please proceed to the next step.',
      'An error occurred deleting this ID card.',
    ]);
  });
});
