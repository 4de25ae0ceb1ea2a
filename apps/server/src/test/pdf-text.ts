import { PDFParse } from 'pdf-parse';

/** The text of a PDF as a reader extracts it (pdf-parse), and how many images its pages hold. */
export async function readPdf(bytes: Buffer): Promise<{ text: string; images: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { text } = await parser.getText();
    const { pages } = await parser.getImage();
    return { text, images: pages.reduce((sum, page) => sum + page.images.length, 0) };
  } finally {
    await parser.destroy();
  }
}
