import { PRINT_FILE_NAME, type PrintDocument } from '@gear/domain';
import type { ApiClient } from '../api/client.ts';

/**
 * spec 1 §2.6, §9 and spec 3 §2: the print file of test selections. The server writes the PDF
 * (POST /gear/print/test-selection, decision 0231), so no page carries a PDF library; the browser saves it as
 * test-selection.pdf.
 */
export async function printTestSelection(api: ApiClient, document: PrintDocument): Promise<void> {
  const pdf = await api.post<Blob>('/gear/print/test-selection', document, { responseType: 'blob' });
  const href = URL.createObjectURL(pdf);
  try {
    const link = window.document.createElement('a');
    link.href = href;
    link.download = PRINT_FILE_NAME;
    link.rel = 'noopener';
    window.document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has started from the click; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
