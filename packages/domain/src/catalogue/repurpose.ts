import type { OrderableItemSummary } from '../contract/catalogue.ts';
import type { UserType } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';

type PackItem = Pick<OrderableItemSummary, 'id' | 'specimenType'>;

const sameSpecimen = (a: PackItem, b: PackItem): boolean =>
  a.specimenType !== null &&
  b.specimenType !== null &&
  a.specimenType.trim().toLowerCase() === b.specimenType.trim().toLowerCase();

/**
 * spec 1 §4.4 'Repurpose: a pack may be used for another test' (decision 0047): why a collection pack made for
 * `packItem` may not be used for `target`, or null when it may (or when it is the pack's own test). Only a
 * practitioner chooses another test (a patient activates the pack for what it was ordered for), and the pack must
 * collect the same specimen as the test needs.
 */
export function packRepurposeRefusal(
  packItem: PackItem,
  target: PackItem,
  userType: UserType,
): string | null {
  if (packItem.id === target.id) return null;
  if (userType !== 'myGDX') return MESSAGES.repurposeByPractitionerOnly;
  return sameSpecimen(packItem, target) ? null : MESSAGES.repurposeSpecimenMismatch;
}

/** The products a pack may be used for instead of its own (the repurpose modal's list), in the order given. */
export const repurposeCandidates = <T extends PackItem>(packItem: PackItem, products: readonly T[]): T[] =>
  products.filter((product) => product.id !== packItem.id && sameSpecimen(packItem, product));
