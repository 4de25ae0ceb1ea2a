import { CONSENT_FOR_TESTING, CONSENT_PDF_FILE_NAME, CONSENT_PDF_PATH } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { readPdf } from '../../test/pdf-text.ts';

const ctx = useTestApp();

/** Whitespace as a PDF's text layer breaks lines: compared word by word. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

describe(`GET ${CONSENT_PDF_PATH} (spec 3 §2 'a consent PDF'; decision 0188)`, () => {
  it('answers the consent for laboratory testing as a letter PDF made on the server, every paragraph in it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: CONSENT_PDF_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${CONSENT_PDF_FILE_NAME}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await readPdf(bytes);
    const read = words(text);
    expect(read).toContain(CONSENT_FOR_TESTING.title);
    for (const section of CONSENT_FOR_TESTING.sections) {
      expect(read).toContain(section.heading);
      for (const paragraph of section.paragraphs) expect(read).toContain(words(paragraph));
    }
    expect(read).toContain('Patient or responsible party signature');
  });

  it('is in the API document with its operationId, beside the expedited-fee waiver (decisions 0187, 0188)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { operationId?: string }>> }>().paths;
    expect(paths[CONSENT_PDF_PATH]?.get?.operationId).toBe('consentPdf');
    expect(paths['/gear/order/{id}/expedited-shipping-waiver']?.put?.operationId).toBe(
      'waiveExpeditedShipping',
    );
  });
});
