import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import type { Handler } from './fetch-mock.ts';

/** What the server's POST /gear/print/test-selection answers in tests: a PDF file. */
export const printedPdf: Handler = () =>
  new Response(new Blob(['%PDF-1.3 test'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
  });

/**
 * The files the page saved (an object URL clicked as a download link), by file name. jsdom neither makes object URLs
 * nor downloads; this records what a browser would have saved.
 */
export function recordDownloads(): string[] {
  const saved: string[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let click: MockInstance | undefined;
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = () => 'blob:http://localhost/test';
    URL.revokeObjectURL = () => {};
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.href.startsWith('blob:') && this.download) saved.push(this.download);
    });
  });
  afterEach(() => {
    click?.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  return saved;
}
