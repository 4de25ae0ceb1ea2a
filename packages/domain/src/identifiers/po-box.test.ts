import { describe, expect, it } from 'vitest';
import { addressHasPoBox, looksLikePoBox } from './po-box.ts';

describe('looksLikePoBox', () => {
  it.each([
    'PO Box 123',
    'P.O. Box 123',
    'p.o. box 123',
    'P. O. Box 45',
    'P O Box 45',
    'PO. Box 7',
    'POBox 9',
    'P0 Box 9',
    'POB 12',
    'P.O.B. 12',
    'Post Office Box 55',
    'post office box 55',
    'Post Box 3',
    'Postal Box 3',
    'Box 123',
    'Box #12',
    'Box No. 4',
    'RR 2 Box 15',
    '12 Main St, PO Box 8',
  ])('spec 2 §4: %s is a PO box', (line) => {
    expect(looksLikePoBox(line)).toBe(true);
  });

  it.each([
    'Boxwood Rd',
    '12 Boxwood Rd',
    '123 Box Elder Ln',
    '100 Post Office Rd',
    '7 Old Post Office Lane',
    '1 Pobson Way',
    '15 Polo Blvd',
    '1 Bob St',
    'Apt 4B',
    '22 Poboy St',
    '9 Lockbox Ave',
    '',
  ])('spec 2 §4: %s is not a PO box', (line) => {
    expect(looksLikePoBox(line)).toBe(false);
  });

  it('spec 2 §4: missing line', () => {
    expect(looksLikePoBox(null)).toBe(false);
  });
});

describe('addressHasPoBox', () => {
  it.each<[string, string | null, string | null, boolean]>([
    ['spec 2 §4: in address line 1', 'PO Box 12', null, true],
    ['spec 2 §4: in address line 2', '1 Main St', 'P.O. Box 12', true],
    ['spec 2 §4: in neither line', '1 Main St', 'Suite 4', false],
  ])('%s', (_spec, address1, address2, expected) => {
    expect(addressHasPoBox({ address1, address2 })).toBe(expected);
  });
});
