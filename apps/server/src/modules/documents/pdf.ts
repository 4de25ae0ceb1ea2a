import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export interface PdfPage {
  size: 'LETTER' | 'A3';
  margins: { top: number; bottom: number; left: number; right: number };
}

/** Letter paper with one-inch side margins. */
const LETTER_PAGE: PdfPage = { size: 'LETTER', margins: { top: 54, bottom: 54, left: 72, right: 72 } };

/**
 * The creation date of a document that belongs to no dated record (the consent form, the printed test selections):
 * fixed, so the same content is the same bytes (docs/decisions/0202).
 */
export const UNDATED_DOCUMENT = '2026-01-01T00:00:00.000Z';

/**
 * A portrait document in the standard fonts (no font files to ship), as bytes; letter paper unless told.
 * Deterministic (docs/decisions/0202): the same content and `createdAt` make the same bytes in any process on any
 * host, because the PDF's creation date (and the file id pdfkit derives from it) is the record's own date, not the
 * clock's; the standard fonts are not embedded, so no random subset tag either.
 */
export function renderPdf(
  title: string,
  draw: (doc: Pdf) => void,
  page: PdfPage = LETTER_PAGE,
  createdAt: string | null = UNDATED_DOCUMENT,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: page.size,
    layout: 'portrait',
    margins: page.margins,
    info: { Title: title, Author: 'Gear portal', CreationDate: new Date(createdAt ?? UNDATED_DOCUMENT) },
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
