import {
  isNewYorkOffice,
  MESSAGES,
  mayOrderFor,
  normaliseGsdlNo,
  type OfficeState,
  type OrderableItemLists,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import {
  findPractitionerAccess,
  findPreviousInstructions,
  findRecentlyOrderedItemIds,
  findSavedBundles,
} from './catalogue.repository.ts';
import { catalogueOf } from './catalogue-cache.ts';

/** spec 1 §2.6 'Recently Ordered': at most this many. */
export const RECENTLY_ORDERED_LIMIT = 10;

export type PractitionerForCatalogue = { gsdlNo: string } & OfficeState;

/**
 * A practitioner the caller may order for (spec 1 §6; admins for anyone): 404 'No details found for X.' for an
 * unknown number, 403 for another practitioner's.
 */
export async function practitionerForCatalogue(
  db: Db,
  user: UserInfo,
  gsdlInput: string,
): Promise<PractitionerForCatalogue> {
  const gsdlNo = normaliseGsdlNo(gsdlInput);
  const practitioner = gsdlNo ? await findPractitionerAccess(db, gsdlNo) : null;
  if (!practitioner) throw notFound(MESSAGES.practitionerNotFound(gsdlNo ?? gsdlInput.trim().toUpperCase()));
  if (!mayOrderFor(user, practitioner)) throw forbidden(MESSAGES.forbidden);
  return { gsdlNo: practitioner.gsdlNo, office: { address: { state: practitioner.state } } };
}

/** GET /gear/practitioner/{gsdl}/orderableItems (spec 1 §2.6, §3 'Orderable item lists'). */
export async function orderableItemsFor(
  db: Db,
  user: UserInfo,
  gsdlInput: string,
): Promise<OrderableItemLists> {
  const practitioner = await practitionerForCatalogue(db, user, gsdlInput);
  const [catalogue, recentIds, bundles] = await Promise.all([
    catalogueOf(db),
    findRecentlyOrderedItemIds(db, practitioner.gsdlNo),
    findSavedBundles(db, practitioner.gsdlNo),
  ]);
  const newYorkOffice = isNewYorkOffice(practitioner);
  return {
    recentlyOrderedItems: recentIds
      .flatMap((id) => catalogue.listedSummary(id, newYorkOffice) ?? [])
      .slice(0, RECENTLY_ORDERED_LIMIT),
    ...catalogue.lists(newYorkOffice),
    savedBundles: bundles.map((bundle) => ({ ...bundle, gearOrderId: null, practAgreement: null })),
  };
}

/** GET /gear/practitioner/{gsdl}/previousInstructions/{x}: 404 for a product the catalogue does not have. */
export async function previousInstructionsFor(
  db: Db,
  user: UserInfo,
  gsdlInput: string,
  orderableItemId: number,
): Promise<string[]> {
  const practitioner = await practitionerForCatalogue(db, user, gsdlInput);
  const catalogue = await catalogueOf(db);
  if (!catalogue.item(orderableItemId)) throw notFound(MESSAGES.productNotFound);
  return findPreviousInstructions(db, practitioner.gsdlNo, orderableItemId);
}
