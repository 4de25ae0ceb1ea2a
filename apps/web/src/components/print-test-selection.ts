/** spec 1 §2.6, §9 and spec 3 §2 (the review's test selections modal): the print file of test selections. */
export const PRINT_FILE_NAME = 'test-selection.pdf';

export interface PrintSection {
  heading: string;
  lines: string[];
}

export interface PrintDocument {
  title: string;
  subtitle?: string;
  sections: PrintSection[];
  /**
   * spec 1 §2.6: 'A3 portrait, points, 50 left margin in one variant, letter paper in another'. The info modal prints
   * on letter paper, the requisition details on A3.
   */
  paper: 'a3' | 'letter';
}

const MARGIN = 50;
const LINE = 16;

/**
 * Writes the document with jsPDF, which is loaded only now (STACK.md: dynamically imported, so that no page pays
 * for it until someone prints) and saves it as test-selection.pdf.
 */
export async function printTestSelection(document: PrintDocument): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'pt', format: document.paper });
  const width = pdf.internal.pageSize.getWidth() - MARGIN * 2;
  const bottom = pdf.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;
  const write = (text: string, size: number, style: 'normal' | 'bold' = 'normal', indent = 0) => {
    pdf.setFont('helvetica', style);
    pdf.setFontSize(size);
    const lines: string[] = pdf.splitTextToSize(text, width - indent);
    for (const line of lines) {
      if (y > bottom) {
        pdf.addPage();
        y = MARGIN;
      }
      pdf.text(line, MARGIN + indent, y);
      y += size + 4;
    }
  };
  write(document.title, 16, 'bold');
  if (document.subtitle) write(document.subtitle, 11);
  for (const section of document.sections) {
    y += LINE / 2;
    write(section.heading, 12, 'bold');
    for (const line of section.lines) write(`- ${line}`, 10, 'normal', 12);
  }
  pdf.save(PRINT_FILE_NAME);
}
