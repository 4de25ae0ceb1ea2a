import { ID_CARD_JPEG_QUALITY } from '@gear/domain';

/**
 * spec 2 §7 'JPEG re-encoded at quality 0.8': the image drawn on a canvas (transparent parts white) and encoded as
 * JPEG, which also drops the camera's metadata (location, device). Rejects when the browser cannot decode the file.
 */
export async function reencodeAsJpeg(file: Blob, quality = ID_CARD_JPEG_QUALITY): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas to draw the image on.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
        'image/jpeg',
        quality,
      ),
    );
  } finally {
    bitmap.close();
  }
}
