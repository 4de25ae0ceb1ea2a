import { describe, expect, it } from 'vitest';
import { isUnsavedOrderId, practitionerStepSchema } from './practitioner.ts';

const body = (overrides: Record<string, unknown> = {}) => ({
  id: 'new',
  practAgreement: null,
  practitioner: { gsdlNo: 'P1001' },
  ...overrides,
});

describe('practitionerStepSchema', () => {
  it.each<[string, Record<string, unknown>]>([
    ["spec 1 §3: id 'new' is an unsaved order", body()],
    ['spec 1 §3: id 0 is an unsaved order', body({ id: 0 })],
    ['spec 1 §7: a saved order with its version', body({ id: 100001, version: 3, practAgreement: true })],
    ['spec 1 §5: an unticked agreement', body({ practAgreement: false })],
  ])('%s is accepted', (_spec, input) => {
    expect(practitionerStepSchema.safeParse(input).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['spec 1 §9: a GSDL number longer than 5 characters', body({ practitioner: { gsdlNo: 'P10011' } })],
    ['spec 1 §5: an empty GSDL number', body({ practitioner: { gsdlNo: '   ' } })],
    ['spec 1 §7: no practitioner', body({ practitioner: undefined })],
    ['spec 1 §3: practAgreement must be a boolean or null', body({ practAgreement: 'yes' })],
    ['spec 1 §3: practAgreement must be present', body({ practAgreement: undefined })],
    ['spec 1 §3: an id other than a number or new', body({ id: 'old' })],
    ['spec 1 §3: a negative id', body({ id: -1 })],
    ['spec 1 §3: a fractional version', body({ version: 1.5 })],
    ['an id beyond a database integer', body({ id: 2_147_483_648 })],
    ['a GSDL number that is not letters and digits', body({ practitioner: { gsdlNo: 'P\u00001' } })],
    ['a version beyond a database integer', body({ version: 2_147_483_648 })],
  ])('%s is refused', (_spec, input) => {
    expect(practitionerStepSchema.safeParse(input).success).toBe(false);
  });

  it('spec 1 §5: the GSDL number is trimmed and uppercased', () => {
    expect(
      practitionerStepSchema.parse(body({ practitioner: { gsdlNo: ' p1002 ' } })).practitioner.gsdlNo,
    ).toBe('P1002');
  });

  it('spec 1 §7: the rest of the order passes through; practitioner details sent by the browser are dropped', () => {
    const parsed = practitionerStepSchema.parse(
      body({
        onBehalfOf: 'P1001',
        requisitions: [],
        practitioner: { gsdlNo: 'P1001', firstName: 'Mallory' },
      }),
    );
    expect(parsed).toEqual({
      id: 'new',
      practAgreement: null,
      onBehalfOf: 'P1001',
      requisitions: [],
      practitioner: { gsdlNo: 'P1001' },
    });
  });
});

describe('isUnsavedOrderId', () => {
  it.each<[string, number | 'new', boolean]>([
    ["spec 1 §3: 'new' is unsaved", 'new', true],
    ['spec 1 §3: 0 is unsaved', 0, true],
    ['spec 1 §3: a real id is saved', 100001, false],
  ])('%s', (_spec, id, expected) => {
    expect(isUnsavedOrderId(id)).toBe(expected);
  });
});
