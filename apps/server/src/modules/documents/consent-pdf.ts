import { CONSENT_FOR_TESTING, type DocumentText } from '@gear/domain';
import { renderPdf } from './pdf.ts';

/**
 * spec 3 §2 'a consent PDF' (decision 0188): the consent for laboratory testing a patient agrees to, as a blank form
 * to read or print (no order, no health data), with lines for a signature and a date.
 */
export function consentPdf(text: DocumentText = CONSENT_FOR_TESTING): Promise<Buffer> {
  return renderPdf(text.title, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text(text.title);
    doc.font('Helvetica').fontSize(9).text(`Effective ${text.effective}`);
    doc.moveDown();
    for (const section of text.sections) {
      doc.font('Helvetica-Bold').fontSize(12).text(section.heading);
      doc.moveDown(0.3);
      doc.font('Helvetica').fontSize(11);
      for (const paragraph of section.paragraphs) doc.text(paragraph).moveDown(0.5);
      doc.moveDown(0.4);
    }
    doc.moveDown();
    doc.font('Helvetica').fontSize(11);
    doc.text('Patient or responsible party signature: ______________________________');
    doc.moveDown();
    doc.text('Printed name: ______________________________     Date: ______________');
  });
}
