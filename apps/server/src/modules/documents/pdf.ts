import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export interface PdfPage {
  size: 'LETTER' | 'A3';
  margins: { top: number; bottom: number; left: number; right: number };
}

/** Letter paper with one-inch side margins. */
const LETTER_PAGE: PdfPage = { size: 'LETTER', margins: { top: 54, bottom: 54, left: 72, right: 72 } };

/** A portrait document in the standard fonts (no font files to ship), as bytes; letter paper unless told. */
export function renderPdf(
  title: string,
  draw: (doc: Pdf) => void,
  page: PdfPage = LETTER_PAGE,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: page.size,
    layout: 'portrait',
    margins: page.margins,
    info: { Title: title, Author: 'Gear portal' },
    lang: 'en-US',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A label and its value on one line, the label bold. */
export function field(doc: Pdf, label: string, value: string) {
  doc.font('Helvetica-Bold').fontSize(11).text(`${label}: `, { continued: true });
  doc.font('Helvetica').text(value);
}
