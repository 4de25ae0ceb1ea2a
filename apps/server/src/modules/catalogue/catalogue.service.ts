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
  findPractitionerLists,
  findPreviousInstructions,
} from './catalogue.repository.ts';
import { catalogueOf } from './catalogue-cache.ts';

/** spec 1 §2.6 'Recently Ordered': at most this many. */
export const RECENTLY_ORDERED_LIMIT = 10;

export type PractitionerForCatalogue = { gsdlNo: string } & OfficeState;

interface PractitionerAccessFacts {
  gsdlNo: string;
  authorizingDoctorGsdlNo: string | null;
  state: string;
}

/**
 * A practitioner the caller may order for (spec 1 §6; admins for anyone): 404 'No details found for X.' for an
 * unknown number, 403 for another practitioner's.
 */
function allowedPractitioner<Facts extends PractitionerAccessFacts>(
  user: UserInfo,
  gsdlInput: string,
  facts: Facts | null,
): Facts {
  if (!facts)
    throw notFound(
      MESSAGES.practitionerNotFound(normaliseGsdlNo(gsdlInput) ?? gsdlInput.trim().toUpperCase()),
    );
  if (!mayOrderFor(user, facts)) throw forbidden(MESSAGES.forbidden);
  return facts;
}

const withOffice = (facts: PractitionerAccessFacts): PractitionerForCatalogue => ({
  gsdlNo: facts.gsdlNo,
  office: { address: { state: facts.state } },
});

/** A practitioner the caller may order for, with the office state the New York rule reads. */
export async function practitionerForCatalogue(
  db: Db,
  user: UserInfo,
  gsdlInput: string,
): Promise<PractitionerForCatalogue> {
  const gsdlNo = normaliseGsdlNo(gsdlInput);
  const facts = gsdlNo ? await findPractitionerAccess(db, gsdlNo) : null;
  return withOffice(allowedPractitioner(user, gsdlInput, facts));
}

/** GET /gear/practitioner/{gsdl}/orderableItems (spec 1 §2.6, §3 'Orderable item lists'). */
export async function orderableItemsFor(
  db: Db,
  user: UserInfo,
  gsdlInput: string,
): Promise<OrderableItemLists> {
  const gsdlNo = normaliseGsdlNo(gsdlInput);
  const [found, catalogue] = await Promise.all([
    gsdlNo ? findPractitionerLists(db, gsdlNo) : null,
    catalogueOf(db),
  ]);
  const facts = allowedPractitioner(user, gsdlInput, found);
  const newYorkOffice = isNewYorkOffice(withOffice(facts));
  return {
    recentlyOrderedItems: facts.recentlyOrderedItemIds
      .flatMap((id) => catalogue.listedSummary(id, newYorkOffice) ?? [])
      .slice(0, RECENTLY_ORDERED_LIMIT),
    ...catalogue.lists(newYorkOffice),
    savedBundles: facts.savedBundles.map((bundle) => ({
      ...bundle,
      gearOrderId: null,
      practAgreement: null,
    })),
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
