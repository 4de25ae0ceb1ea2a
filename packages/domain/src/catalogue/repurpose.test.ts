import { describe, expect, it } from 'vitest';
import type { UserType } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { packRepurposeRefusal, repurposeCandidates } from './repurpose.ts';

const METABOLOMIX = { id: 617, specimenType: 'Urine' };
const ORGANIX = { id: 622, specimenType: 'Urine' };
const GI = { id: 540, specimenType: 'Stool' };
const UNKNOWN = { id: 999, specimenType: null };

describe('packRepurposeRefusal (spec 1 §4.4 repurpose, decision 0047)', () => {
  it.each<
    [
      string,
      typeof METABOLOMIX | typeof UNKNOWN,
      typeof METABOLOMIX | typeof UNKNOWN,
      UserType,
      string | null,
    ]
  >([
    ["spec 1 §4.4: the pack's own test is no repurpose", METABOLOMIX, METABOLOMIX, 'prc', null],
    ['spec 1 §4.4: a urine pack for another urine test', METABOLOMIX, ORGANIX, 'myGDX', null],
    [
      'decision 0047: a urine pack cannot collect stool',
      METABOLOMIX,
      GI,
      'myGDX',
      MESSAGES.repurposeSpecimenMismatch,
    ],
    [
      'decision 0047: an unknown specimen is not the same',
      METABOLOMIX,
      UNKNOWN,
      'myGDX',
      MESSAGES.repurposeSpecimenMismatch,
    ],
    [
      'decision 0047: a patient does not choose another test',
      METABOLOMIX,
      ORGANIX,
      'prc',
      MESSAGES.repurposeByPractitionerOnly,
    ],
  ])('%s', (_name, pack, target, userType, expected) => {
    expect(packRepurposeRefusal(pack, target, userType)).toBe(expected);
  });

  it("spec 1 §2.6: the modal lists the other products of the pack's specimen", () => {
    expect(repurposeCandidates(METABOLOMIX, [GI, METABOLOMIX, ORGANIX, UNKNOWN]).map((p) => p.id)).toEqual([
      622,
    ]);
  });
});
