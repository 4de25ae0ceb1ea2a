import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { decode as decodePng } from 'fast-png';
import { type EmbeddedImage, PDFParse } from 'pdf-parse';

/** One luminance byte per pixel of an image pdf-parse extracted (it hands them over PNG-encoded). */
function luminanceOf(image: EmbeddedImage): Uint8ClampedArray {
  const png = decodePng(image.data);
  const { width, height, channels } = png;
  const samples = png.data;
  const max = png.depth === 16 ? 65535 : 255;
  const luminance = new Uint8ClampedArray(width * height);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const at = pixel * channels;
    const [r = 0, g = r, b = r] =
      channels >= 3 ? [samples[at], samples[at + 1], samples[at + 2]] : [samples[at]];
    luminance[pixel] = ((r * 299 + g * 587 + b * 114) / 1000) * (255 / max);
  }
  return luminance;
}

/** What a barcode scanner reads from an image (ZXing), Code 128 only; throws when it finds none. */
export function scanCode128(image: EmbeddedImage): string {
  const source = new RGBLuminanceSource(luminanceOf(image), image.width, image.height);
  const reader = new MultiFormatReader();
  reader.setHints(new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]));
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

/** The text of a PDF as a reader extracts it (pdf-parse), and the images its pages hold. */
export async function readPdf(bytes: Buffer): Promise<{ text: string; images: EmbeddedImage[] }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { text } = await parser.getText();
    const { pages } = await parser.getImage();
    return { text, images: pages.flatMap((page) => page.images) };
  } finally {
    await parser.destroy();
  }
}
