import { describe, expect, it } from 'vitest';
import { notACalendarDate } from '../messages.ts';
import { orderLookupQuerySchema, panelQuerySchema, requisitionLookupQuerySchema } from './lookups.ts';

describe('orderLookupQuerySchema (GET /gear/order)', () => {
  it.each<[string, Record<string, string>, Record<string, unknown>]>([
    [
      'spec 3 §5: a date of birth as MM/DD/YYYY is kept as YYYY-MM-DD',
      { requisitionNumber: '50012345', dateOfBirth: '04/12/1985' },
      { dateOfBirth: '1985-04-12' },
    ],
    [
      'spec 3 §5: the GDX ID is uppercased',
      { requisitionNumber: '4500000', gdxId: 'p1001' },
      { gdxId: 'P1001' },
    ],
    [
      'empty parameters read as absent',
      { requisitionNumber: '50012345', dateOfBirth: '', gdxId: '' },
      { dateOfBirth: undefined, gdxId: undefined },
    ],
  ])('%s', (_spec, query, expected) => {
    expect(orderLookupQuerySchema.parse(query)).toMatchObject(expected);
  });

  it("spec 3 §5: '{value} is not a valid date format…'", () => {
    const result = orderLookupQuerySchema.safeParse({ requisitionNumber: '1', dateOfBirth: '12.04.1985' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([notACalendarDate('12.04.1985')]);
    expect(notACalendarDate('12.04.1985')).toBe(
      '12.04.1985 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.',
    );
  });

  it('spec 1 §9: a GDX ID (GSDL number) has at most 5 characters', () => {
    expect(orderLookupQuerySchema.safeParse({ requisitionNumber: '1', gdxId: 'P10011' }).success).toBe(false);
  });
});

describe('requisitionLookupQuerySchema (GET /gear/requisition)', () => {
  it('a missing reqNum is empty (the rule answers it)', () => {
    expect(requisitionLookupQuerySchema.parse({})).toEqual({ reqNum: '', gsdlNo: undefined });
  });
});

describe('panelQuerySchema (the query string sent with PUT /gear/testSelection)', () => {
  it('spec 1 §2.8: orderableItemId, requisitionNumber, dateOfBirth and gdxId', () => {
    expect(
      panelQuerySchema.parse({
        orderableItemId: '540',
        requisitionNumber: 'C824591515',
        dateOfBirth: '1985-04-12',
        gdxId: 'p1001',
      }),
    ).toEqual({
      orderableItemId: 540,
      requisitionNumber: 'C824591515',
      dateOfBirth: '1985-04-12',
      gdxId: 'P1001',
    });
  });
  it('an orderableItemId that is not an id is refused', () => {
    expect(panelQuerySchema.safeParse({ orderableItemId: 'abc' }).success).toBe(false);
  });
});
