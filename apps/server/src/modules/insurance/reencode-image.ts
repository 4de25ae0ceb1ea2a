import { type ImageType, UPLOAD_MESSAGES } from '@gear/domain';
import sharp from 'sharp';
import { badRequest } from '../../lib/http-error.ts';

// One image at a time per process, nothing cached: ID cards are few and the machine serves requests too.
sharp.cache(false);
sharp.concurrency(1);

/**
 * The most pixels an uploaded card may decode to (docs/decisions/0227): a 48-megapixel phone photo fits; a
 * decompression bomb (a small file that decodes to gigabytes) is refused before it is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** What libvips says when the header alone shows too many pixels. */
const PIXEL_LIMIT = /pixel limit/i;

/**
 * An uploaded ID card decoded and encoded again in the format it was checked to be (docs/decisions/0227): the stored
 * file holds pixels only, none of the bytes as sent, so EXIF (GPS position, camera, times), XMP, ICC comments and any
 * payload of a polyglot file are gone. A photo's EXIF orientation is applied to the pixels first, so it still shows
 * upright. A file that does not decode as that image is refused with the spec's message; one over the pixel limit
 * with ours.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false });
  try {
    const { format } = await image.metadata();
    if (format !== FORMATS[type]) throw notAnImage();
    const upright = image.rotate();
    if (type === 'image/jpeg') return await upright.jpeg({ quality: 90 }).toBuffer();
    if (type === 'image/png') return await upright.png().toBuffer();
    return await upright.gif().toBuffer();
  } catch (error) {
    if (error instanceof Error && PIXEL_LIMIT.test(error.message))
      throw badRequest(UPLOAD_MESSAGES.tooManyPixels, [
        { field: 'file', defaultMessage: UPLOAD_MESSAGES.tooManyPixels },
      ]);
    throw notAnImage();
  }
}

const FORMATS: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' };

const notAnImage = () =>
  badRequest(UPLOAD_MESSAGES.notAnImage, [{ field: 'file', defaultMessage: UPLOAD_MESSAGES.notAnImage }]);
