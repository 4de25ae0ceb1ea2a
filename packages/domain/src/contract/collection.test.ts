import { describe, expect, it } from 'vitest';
import { dropShipInstructionsBodySchema, sampleCollectionBodySchema } from './collection.ts';

const body = {
  id: 700001,
  gearOrderId: 100001,
  version: 3,
  lastSampleCollected: true,
  dateLastSampleCollected: ' 2026-03-05 ',
  sampleCollectionData: [{ id: 4001, value: ' Brown ', accessionKey: 'STOOL_COLOR' }],
  patientInstructions: 'Fast overnight.',
  clinicalFindings: '  ',
  routeNumber: null,
};

describe('sampleCollectionBodySchema', () => {
  it('decision 0031: reads the requisition, trimming answers and reading blank notes as none', () => {
    expect(sampleCollectionBodySchema.parse(body)).toEqual({
      ...body,
      dateLastSampleCollected: '2026-03-05',
      sampleCollectionData: [{ id: 4001, value: 'Brown' }],
      clinicalFindings: null,
      routeNumber: null,
      profileSpecificFields: undefined,
    });
  });

  it('spec 2 §5: the limits are left to the validation, which words them (a 513-character note parses)', () => {
    expect(
      sampleCollectionBodySchema.safeParse({ ...body, patientInstructions: 'a'.repeat(513) }).success,
    ).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no order id', { gearOrderId: undefined }],
    ['no version', { version: undefined }],
    ['a NUL byte (PostgreSQL cannot store it)', { patientInstructions: 'a\u0000b' }],
    ['an id beyond a database integer', { id: 2_147_483_648 }],
    ['an answer that is not text', { sampleCollectionData: [{ id: 4001, value: 5 }] }],
    ['the Yes/No answer as text', { lastSampleCollected: 'yes' }],
    [
      'a huge body',
      { sampleCollectionData: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, value: 'x' })) },
    ],
  ])('refuses %s', (_case, overrides) => {
    expect(sampleCollectionBodySchema.safeParse({ ...body, ...overrides }).success).toBe(false);
  });
});

describe('dropShipInstructionsBodySchema', () => {
  it('spec 2 §7: gearOrderId, gearReqId, patientInstructions, clinicalFindings, routeNumber (and the version)', () => {
    expect(
      dropShipInstructionsBodySchema.parse({
        gearOrderId: 100001,
        gearReqId: 700001,
        version: 1,
        patientInstructions: 'Collect on a weekday.',
        routeNumber: 'R-12',
      }),
    ).toEqual({
      gearOrderId: 100001,
      gearReqId: 700001,
      version: 1,
      patientInstructions: 'Collect on a weekday.',
      clinicalFindings: null,
      routeNumber: 'R-12',
    });
  });
});
