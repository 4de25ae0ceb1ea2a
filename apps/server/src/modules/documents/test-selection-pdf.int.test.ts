import type { PrintDocument } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { callAs, expectEnvelope, useSignIns, useTestApp } from '../../test/helper.ts';
import { signInPatient } from '../../test/order-builders.ts';
import { readPdf } from '../../test/pdf-text.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery' });

const selection: PrintDocument = {
  title: 'GI Effects Comprehensive Profile',
  subtitle: 'Requisition 1234-5678',
  paper: 'letter',
  sections: [
    { heading: 'Tests', lines: ['Calprotectin', 'Pancreatic Elastase 1'] },
    { heading: 'Add-ons', lines: ['Zonulin'] },
  ],
};

/** The page size a PDF declares (pdfkit writes one MediaBox per page). */
const mediaBox = (bytes: Buffer) => /\/MediaBox \[([^\]]+)\]/.exec(bytes.toString('latin1'))?.[1]?.trim();

describe('POST /gear/print/test-selection (spec 1 §2.6, spec 3 §2: test-selection.pdf, decision 0231)', () => {
  it('writes the title, subtitle, headings and lines as test-selection.pdf, never stored', async () => {
    const response = await callAs(ctx.app, as.avery, 'POST', '/gear/print/test-selection', selection);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="test-selection.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const { text } = await readPdf(response.rawPayload);
    for (const expected of [
      'GI Effects Comprehensive Profile',
      'Requisition 1234-5678',
      'Tests',
      '- Calprotectin',
      '- Pancreatic Elastase 1',
      'Add-ons',
      '- Zonulin',
    ]) {
      expect(text).toContain(expected);
    }
    expect(mediaBox(response.rawPayload)).toBe('0 0 612 792');
  });

  it('prints the requisition details on A3 paper', async () => {
    const response = await callAs(ctx.app, as.avery, 'POST', '/gear/print/test-selection', {
      ...selection,
      paper: 'a3',
    });
    expect(response.statusCode).toBe(200);
    expect(mediaBox(response.rawPayload)).toBe('0 0 841.89 1190.55');
  });

  it('runs onto further pages when the list is long', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `Component ${i + 1}`);
    const response = await callAs(ctx.app, as.avery, 'POST', '/gear/print/test-selection', {
      ...selection,
      sections: [{ heading: 'Tests', lines }],
    });
    expect(response.statusCode).toBe(200);
    const { text } = await readPdf(response.rawPayload);
    expect(text).toContain('- Component 200');
    expect(response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(1);
  });

  it('is open to a patient in their session (the review prints it too)', async () => {
    const patient = await signInPatient(ctx.app, ctx.database.db, []);
    const response = await callAs(ctx.app, patient, 'POST', '/gear/print/test-selection', selection);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a caller who is not signed in (401)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/gear/print/test-selection',
      payload: selection,
    });
    expectEnvelope(response, 401);
  });

  it.each([
    ['a NUL character', { ...selection, title: 'GI\u0000Effects' }],
    ['a lone surrogate', { ...selection, sections: [{ heading: 'Tests', lines: ['Zonulin \uD800'] }] }],
    ['a huge line', { ...selection, sections: [{ heading: 'Tests', lines: ['x'.repeat(2001)] }] }],
    [
      'too many sections',
      { ...selection, sections: Array.from({ length: 51 }, () => selection.sections[0]) },
    ],
    ['another paper', { ...selection, paper: 'a4' }],
    ['no title', { paper: 'letter', sections: [] }],
  ])('answers 400 with a clear message for %s', async (_name, body) => {
    const response = await callAs(ctx.app, as.avery, 'POST', '/gear/print/test-selection', body);
    expectEnvelope(response, 400);
  });
});
