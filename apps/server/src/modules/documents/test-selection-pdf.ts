import type { PrintDocument } from '@gear/domain';
import { renderPdf } from './pdf.ts';

const MARGIN = 50;
const margins = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };

/**
 * spec 1 §2.6, §9 and spec 3 §2: the test-selection PDF, as the browser's jsPDF wrote it before (decision 0231):
 * portrait, in points, 50 pt margins, on A3 or letter paper; the title, the subtitle, then each section's heading and
 * its lines as a list.
 */
export function testSelectionPdf(document: PrintDocument): Promise<Buffer> {
  const size = document.paper === 'a3' ? 'A3' : 'LETTER';
  return renderPdf(
    document.title,
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text(document.title);
      if (document.subtitle) doc.font('Helvetica').fontSize(11).text(document.subtitle);
      for (const section of document.sections) {
        doc.moveDown(0.5);
        doc.font('Helvetica-Bold').fontSize(12).text(section.heading);
        doc.font('Helvetica').fontSize(10);
        for (const line of section.lines) doc.text(`- ${line}`, { indent: 12 });
      }
    },
    { size, margins },
  );
}
