import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';

/**
 * An uploaded card as the portal keeps it (docs/decisions/0227): encoded again, so not the bytes sent, but the same
 * picture: the same format and size, and every channel's mean within a few levels of the original's.
 */
export async function expectSameImage(stored: Uint8Array, original: Uint8Array): Promise<void> {
  const [kept, sent] = await Promise.all([sharp(stored).metadata(), sharp(original).metadata()]);
  expect({ format: kept.format, width: kept.width, height: kept.height }).toEqual({
    format: sent.format,
    width: sent.width,
    height: sent.height,
  });
  const [keptStats, sentStats] = await Promise.all([sharp(stored).stats(), sharp(original).stats()]);
  keptStats.channels.forEach((channel, index) => {
    expect(Math.abs(channel.mean - (sentStats.channels[index]?.mean ?? Number.NaN))).toBeLessThan(3);
  });
}

/** A phone-like JPEG photo carrying EXIF with a GPS position, the camera and a rotation (orientation 6). */
export async function jpegWithGps(): Promise<Buffer> {
  const { data, info } = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="120" height="60"><rect width="120" height="60" fill="#f5d442"/></svg>',
        ),
        left: 10,
        top: 10,
      },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'CanaryPhone', Model: 'GPS-CANARY-MODEL' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 44/1 5497/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 59/1 1079/100',
      },
    })
    .toBuffer();
}

const chunk = (type: string, body: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose header declares width × height pixels (one row of
 * zeros compressed, the rest missing): decoding it in full would take width × height × 3 bytes of memory.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
