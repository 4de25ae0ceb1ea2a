import { describe, expect, it } from 'vitest';
import { MESSAGES, textTooLong } from '../messages.ts';
import { bulkTestSelectionSchema, singleTestSelectionSchema } from './test-selection.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const bulkLine = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  omsOrderableItemId: 540,
  omsOrderableItemName: 'GI Effects',
  dropShip: false,
  shipToOffice: true,
  quantity: 2,
  components: [],
  addons: [],
  panel: null,
  patientInstructions: null,
  ...overrides,
});

describe('bulkTestSelectionSchema (PUT /gear/testSelection/)', () => {
  const parse = (line: Record<string, unknown>, order: Record<string, unknown> = {}) =>
    bulkTestSelectionSchema.safeParse({ id: 100001, version: 3, requisitions: [bulkLine(line)], ...order });

  it('spec 1 §7: a bulk line as the browser sends it, other order fields kept', () => {
    const result = parse({ id: 0 }, { practAgreement: true });
    expect(result.success).toBe(true);
    expect(result.data?.requisitions[0]?.id).toBeNull();
    expect(result.data?.practAgreement).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['spec 1 §9: quantity 99 is the most', { quantity: 99 }, []],
    ['spec 1 §9: quantity 0 is allowed (the line drops off)', { quantity: 0 }, []],
    [
      'spec 1 §9: quantity 100 is refused',
      { quantity: 100 },
      [`requisitions.0.quantity: ${MESSAGES.quantityOutOfRange}`],
    ],
    [
      'spec 1 §9: a negative quantity is refused',
      { quantity: -1 },
      [`requisitions.0.quantity: ${MESSAGES.quantityOutOfRange}`],
    ],
    [
      'spec 1 §9: a fractional quantity is refused',
      { quantity: 1.5 },
      [`requisitions.0.quantity: ${MESSAGES.quantityOutOfRange}`],
    ],
    [
      'spec 1 §5: patient instructions max 512',
      { patientInstructions: 'x'.repeat(513) },
      [`requisitions.0.patientInstructions: ${textTooLong('Patient instructions', 512)}`],
    ],
  ])('%s', (_spec, line, expected) => {
    expect(issues(parse(line))).toEqual(expected);
  });

  it('spec 1 §7: a bulk line is dropShip false, shipToOffice true', () => {
    expect(parse({ dropShip: true }).success).toBe(false);
    expect(parse({ shipToOffice: false }).success).toBe(false);
  });

  it('the order must be saved (an id, not new) with its version', () => {
    expect(parse({}, { id: 'new' }).success).toBe(false);
    expect(parse({}, { version: undefined }).success).toBe(false);
  });

  it('ids and versions beyond a database integer are refused before any query', () => {
    expect(parse({}, { id: 2_147_483_648 }).success).toBe(false);
    expect(parse({}, { version: 2_147_483_648 }).success).toBe(false);
    expect(parse({ omsOrderableItemId: 2 ** 40 }).success).toBe(false);
  });
});

describe('singleTestSelectionSchema (PUT /gear/testSelection)', () => {
  const requisition = (overrides: Record<string, unknown> = {}) => ({
    id: 700001,
    omsOrderableItemId: 554,
    panel: 5540,
    components: [5541],
    addons: [],
    profileSpecificFields: [{ id: 4102, value: '@PRE' }],
    patientInstructions: 'Collect in the morning.',
    dropShip: true,
    ...overrides,
  });
  const parse = (overrides: Record<string, unknown> = {}, order: Record<string, unknown> = {}) =>
    singleTestSelectionSchema.safeParse({
      id: 100001,
      version: 1,
      requisitions: [requisition(overrides)],
      ...order,
    });

  it("spec 1 §5: an empty resubmittal id (field 66) saves as 'Not Provided'", () => {
    const result = parse({ profileSpecificFields: [{ id: 66, value: '' }] });
    expect(result.data?.requisitions[0]?.profileSpecificFields).toEqual([{ id: 66, value: 'Not Provided' }]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'spec 1 §5: resubmittal id max 32',
      { profileSpecificFields: [{ id: 66, value: 'R'.repeat(33) }] },
      [`requisitions.0.profileSpecificFields.0.value: ${textTooLong('Resubmittal ID', 32)}`],
    ],
    [
      'spec 1 §5: patient instructions max 512',
      { patientInstructions: 'x'.repeat(513) },
      [`requisitions.0.patientInstructions: ${textTooLong('Patient instructions', 512)}`],
    ],
    ['spec 1 §5: patient instructions of 512 characters', { patientInstructions: 'x'.repeat(512) }, []],
    [
      'a pack number must be digits',
      { reqNumber: '5001A' },
      [`requisitions.0.reqNumber: ${MESSAGES.requisitionNotFound}`],
    ],
    [
      'spec 1 §5: an activation code must pass the Luhn check',
      { activationCode: 'C824591516' },
      [`requisitions.0.activationCode: ${MESSAGES.activationNumberNotFound}`],
    ],
    ['spec 1 §5: panel "0" reads as no panel', { panel: '0', components: [5541] }, []],
  ])('%s', (_spec, overrides, expected) => {
    expect(issues(parse(overrides))).toEqual(expected);
  });

  it('text PostgreSQL cannot store (a NUL character) is refused', () => {
    expect(parse({ patientInstructions: 'a\u0000b' }).success).toBe(false);
    expect(parse({ profileSpecificFields: [{ id: 66, value: '\u0000' }] }).success).toBe(false);
  });

  it('exactly one requisition', () => {
    expect(singleTestSelectionSchema.safeParse({ id: 100001, version: 1, requisitions: [] }).success).toBe(
      false,
    );
  });

  it('a lowercase activation code is uppercased; empty pack numbers are none', () => {
    const result = parse({ activationCode: 'c824591515', reqNumber: '' });
    expect(result.data?.requisitions[0]).toMatchObject({ activationCode: 'C824591515', reqNumber: null });
  });

  it('spec 1 §5: the medical-necessity date is a timestamp or a date', () => {
    expect(parse({}, { dateMedicalNecessityAcknowledged: '2026-01-05T10:00:00Z' }).success).toBe(true);
    expect(parse({}, { dateMedicalNecessityAcknowledged: '2026-01-05' }).success).toBe(true);
    expect(parse({}, { dateMedicalNecessityAcknowledged: 'yes' }).success).toBe(false);
  });
});
