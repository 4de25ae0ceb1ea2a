import { UPLOAD_MESSAGES } from '@gear/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { expectSameImage, jpegWithGps, pngDeclaring } from '../../test/images.ts';
import { MAX_IMAGE_PIXELS, reencodeImage } from './reencode-image.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  const http = error as HttpError;
  return { status: http.statusCode, message: http.message };
};

describe('ID cards are re-encoded (issue 14 Low, decision 0227)', () => {
  it('a phone photo loses its EXIF (GPS position, camera) and is stored upright', async () => {
    const photo = await jpegWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.orientation).toBe(6);
    expect(photo.includes('GPS-CANARY-MODEL')).toBe(true);

    const kept = await reencodeImage(photo, 'image/jpeg');
    const after = await sharp(kept).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 (rotate 90°) applied to the pixels: 320 × 200 as taken shows 200 × 320.
    expect([after.width, after.height]).toEqual([200, 320]);
    expect(kept.includes('GPS-CANARY-MODEL')).toBe(false);
    expect(kept.includes('CanaryPhone')).toBe(false);
  });

  it('keeps none of the bytes after the image in a polyglot (a JPEG that is also a ZIP with a script)', async () => {
    const photo = await jpegWithGps();
    const polyglot = Buffer.concat([photo, Buffer.from('PK\u0003\u0004<script>alert(1)</script>')]);
    const kept = await reencodeImage(polyglot, 'image/jpeg');
    expect(kept.includes('<script>')).toBe(false);
    expect(kept.includes('PK\u0003\u0004')).toBe(false);
  });

  it('PNG stays PNG and GIF stays GIF, the same picture', async () => {
    const png = await reencodeImage(PNG, 'image/png');
    await expectSameImage(png, PNG);
    const gif = await reencodeImage(GIF, 'image/gif');
    await expectSameImage(gif, GIF);
  });

  it.each([
    [
      'JPEG magic bytes then HTML',
      Buffer.from([0xff, 0xd8, 0xff, ...Buffer.from('<html>hi</html>')]),
      'image/jpeg',
    ],
    [
      'PNG signature then nothing',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      'image/png',
    ],
    ['GIF header then nothing', Buffer.from('GIF89a'), 'image/gif'],
    ['a PNG checked as a JPEG', PNG, 'image/jpeg'],
  ] as const)(
    "refuses what is not really the image it claims: %s (spec 2 §8's message)",
    async (_name, bytes, type) => {
      expect(await refusal(reencodeImage(bytes, type))).toEqual({
        status: 400,
        message: UPLOAD_MESSAGES.notAnImage,
      });
    },
  );

  it(`refuses a decompression bomb by its header, before decoding: a ${pngDeclaring(20_000, 20_000).length}-byte PNG declaring 400 megapixels`, async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1_000);
    const started = performance.now();
    expect(await refusal(reencodeImage(bomb, 'image/png'))).toEqual({
      status: 400,
      message: UPLOAD_MESSAGES.tooManyPixels,
    });
    // Refused from the header: far quicker than decoding 1.2 GB of pixels would be.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });
});
