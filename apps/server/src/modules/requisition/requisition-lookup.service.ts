import type { SavedOrder } from '@gear/domain';
import {
  type CatalogueRequisition,
  type GearOrder,
  isProvenOrder,
  MESSAGES,
  mayOrderInOfficeState,
  mayViewOrder,
  needsPractitionerGdxId,
  type OrderableItem,
  type OrderProofFacts,
  PATIENT_MESSAGES,
  parseRequisitionSearch,
  provesOrder,
  requisitionNotFoundMessage,
  type UserInfo,
  unknownNumberOutcome,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, gone, notFound, unauthorized } from '../../lib/http-error.ts';
import { practitionerForCatalogue } from '../catalogue/catalogue.service.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { orderForCaller, savedOrder } from '../order/order.service.ts';
import {
  findOrderIdsHolding,
  findPacks,
  findRequisitionsWithOwner,
  type NumberSearch,
  type PackRow,
} from './requisition.repository.ts';

/**
 * spec 1 §5 search rules: an empty search answers 400 'Please enter a requisition number.'; text that cannot be a
 * number (or an activation number failing the check digit) answers 400 with the spec's not-found text (§8 '404 or
 * 400').
 */
function numberSearchOf(input: string, field: string): NumberSearch {
  const search = parseRequisitionSearch(input);
  if (search.kind === 'empty') {
    const message = MESSAGES.requisitionNumberRequired;
    throw badRequest(message, [{ field, defaultMessage: message }]);
  }
  if (search.kind === 'unrecognised' || search.kind === 'invalidActivationNumber') {
    const message = requisitionNotFoundMessage(search);
    throw badRequest(message, [{ field, defaultMessage: message }]);
  }
  return search;
}

/** The one pack a search names; 404 with the spec's text when none (or, for a short code, several) match. */
async function packOfSearch(db: Db, search: NumberSearch): Promise<PackRow> {
  const packs = await findPacks(db, search);
  const [pack] = packs;
  if (!pack || packs.length > 1) throw notFound(requisitionNotFoundMessage(search));
  return pack;
}

/** spec 1 §8 'Order lookup 410': the pack's notice, else 'This product is no longer available…'. */
export const removedPackNotice = (pack: Pick<PackRow, 'removedNotice'>): string =>
  pack.removedNotice ?? MESSAGES.productNoLongerAvailable;

type PackFacts = Pick<
  CatalogueRequisition,
  'id' | 'reqNumber' | 'activationCode' | 'paperless' | 'preselection'
>;

const toCatalogueRequisition = (pack: PackFacts, orderableItem: OrderableItem): CatalogueRequisition => ({
  id: pack.id,
  reqNumber: pack.reqNumber,
  activationCode: pack.activationCode,
  paperless: pack.paperless,
  preselection: pack.preselection,
  orderableItem,
});

/**
 * GET /gear/requisition?reqNum&gsdlNo: the collection pack a number names (spec 1 §4.4 search flow, after the order
 * lookup answered 404). A removed pack answers 410 with its notice. A 7-digit number over 4,000,000 needs the
 * practitioner's number (gsdlNo) and must be that practitioner's pack (docs/decisions/0005).
 */
export async function catalogueRequisitionForSearch(
  db: Db,
  user: UserInfo,
  query: { reqNum: string; gsdlNo?: string | undefined },
): Promise<CatalogueRequisition> {
  const search = numberSearchOf(query.reqNum, 'reqNum');
  const practitioner = query.gsdlNo ? await practitionerForCatalogue(db, user, query.gsdlNo) : null;
  const pack = await packOfSearch(db, search);
  if (pack.removed) throw gone(removedPackNotice(pack));
  if (needsPractitionerGdxId(search)) {
    const message = MESSAGES.practitionerGdxIdRequired;
    if (!practitioner) throw badRequest(message, [{ field: 'gsdlNo', defaultMessage: message }]);
    if (pack.gsdlNo && pack.gsdlNo !== practitioner.gsdlNo)
      throw notFound(requisitionNotFoundMessage(search));
  }
  const item = (await catalogueOf(db)).activeItem(pack.orderableItemId);
  if (!item) throw gone(MESSAGES.productNoLongerAvailable);
  return toCatalogueRequisition(pack, item);
}

/** GET /gear/requisition/getReqByOrderableItem: a product ordered without a pack (id null). */
export async function catalogueRequisitionForItem(
  db: Db,
  user: UserInfo,
  query: { orderableItemId: number; gsdlNo: string },
): Promise<CatalogueRequisition> {
  const practitioner = await practitionerForCatalogue(db, user, query.gsdlNo);
  const item = (await catalogueOf(db)).activeItem(query.orderableItemId);
  if (!item) throw notFound(MESSAGES.productNotFound);
  if (!mayOrderInOfficeState(item, practitioner)) throw badRequest(MESSAGES.notOrderableInNewYork);
  return toCatalogueRequisition(
    { id: null, reqNumber: null, activationCode: null, paperless: item.paperless, preselection: null },
    item,
  );
}

/** Requisitions on orders the caller may see: 404 when one does not exist, 403 when one is not the caller's. */
async function visibleRequisitions(db: Db, user: UserInfo, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  const rows = await findRequisitionsWithOwner(db, wanted);
  if (rows.length !== wanted.length) throw notFound(MESSAGES.requisitionUnknown);
  const owner = (row: (typeof rows)[number]) =>
    row.gsdlNo ? { gsdlNo: row.gsdlNo, authorizingDoctorGsdlNo: row.authorizingDoctorGsdlNo } : null;
  if (!rows.every((row) => mayViewOrder(user, owner(row), row.orderId))) throw forbidden(MESSAGES.forbidden);
  const catalogue = await catalogueOf(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => {
    const row = byId.get(id);
    const item = row ? catalogue.item(row.orderableItemId) : undefined;
    if (!row || !item) throw notFound(MESSAGES.requisitionUnknown);
    return { row, item };
  });
}

/** GET /gear/requisitionById: { omsRequisition } of a requisition on an order the caller may see. */
export async function omsRequisitionById(db: Db, user: UserInfo, gearReqId: number) {
  const [found] = await visibleRequisitions(db, user, [gearReqId]);
  if (!found) throw notFound(MESSAGES.requisitionUnknown);
  const { row, item } = found;
  return { omsRequisition: toCatalogueRequisition({ ...row, id: row.catalogueRequisitionId }, item) };
}

/** GET /gear/requisitions?gearReqIds: the definition (product with its input fields) of each requisition. */
export async function requisitionDefinitions(db: Db, user: UserInfo, gearReqIds: readonly number[]) {
  const found = await visibleRequisitions(db, user, gearReqIds);
  return found.map(({ row, item }) => ({ id: row.id, orderableItem: item }));
}

export type OrderLookup =
  | { kind: 'order'; order: GearOrder }
  | { kind: 'removed'; notice: string }
  /** A patient's activation number on no order: 'Collection Pack Activation Pending' (spec 1 §4.4, §8). */
  | { kind: 'pending'; message: string }
  /** A patient proved an order with its number and date of birth: grant it (docs/decisions/0040). */
  | { kind: 'proven'; order: SavedOrder };

/** The removed-pack notice when the one pack a search names is removed (spec 1 §8 'Order lookup 410'). */
async function removedNoticeOf(db: Db, search: NumberSearch): Promise<string | null> {
  const packs = await findPacks(db, search);
  const [pack] = packs;
  return pack?.removed && packs.length === 1 ? removedPackNotice(pack) : null;
}

/** The one order holding the requisition a search names; null when none (or, for a short code, several). */
async function orderIdHolding(db: Db, search: NumberSearch): Promise<number | null> {
  const orderIds = await findOrderIdsHolding(db, search);
  const [orderId] = orderIds;
  if (orderId === undefined || (search.kind === 'shortActivationNumber' && orderIds.length > 1)) return null;
  return orderId;
}

/**
 * GET /gear/order?requisitionNumber&dateOfBirth&gdxId for a practitioner (spec 1 §4.4 search flow): the order
 * holding the requisition a number names, if the caller may see it (403 with no data otherwise); 404 when no order
 * holds it (the browser then fetches the catalogue requisition); a removed pack gives its notice (410). The date of
 * birth and GDX ID are for patients (orderProvenByPatient).
 */
export async function orderHoldingRequisition(
  db: Db,
  user: UserInfo,
  query: { requisitionNumber: string },
): Promise<OrderLookup> {
  const search = numberSearchOf(query.requisitionNumber, 'requisitionNumber');
  const notice = await removedNoticeOf(db, search);
  if (notice) return { kind: 'removed', notice };
  const orderId = await orderIdHolding(db, search);
  if (orderId === null) throw notFound(requisitionNotFoundMessage(search));
  return { kind: 'order', order: await orderForCaller(db, user, orderId) };
}

/**
 * How proofs are slowed and refused (the sign-in throttle pattern, keyed by order and address). Every attempt is
 * counted before the proof is checked, so concurrent guesses stay within the budget (docs/decisions/0141).
 */
export interface ProofThrottle {
  /** Counts the attempt; refuses (429) or slows it while too many attempts on this order or address failed. */
  attempt(subject: string): Promise<void>;
  /** The proof held: the order's count is cleared and the address's attempt given back. */
  succeeded(subject: string): Promise<void>;
}

/**
 * GET /gear/order?requisitionNumber&dateOfBirth[&gdxId] for a patient (prc, or nobody signed in yet; decision
 * 0040): the order holding the number, when the date of birth is the patient's on that order (and, for a number
 * over 4,000,000, the GDX ID its practitioner's). A wrong date of birth answers exactly as an unknown requisition
 * number does (404 with the spec's not-found text) and counts as a failure for the order and the address. An
 * order the patient already proved needs no date of birth. An activation number on no order is pending.
 */
export async function orderProvenByPatient(
  db: Db,
  user: UserInfo | null,
  query: { requisitionNumber: string; dateOfBirth?: string | undefined; gdxId?: string | undefined },
  throttle: ProofThrottle,
): Promise<OrderLookup> {
  const search = numberSearchOf(query.requisitionNumber, 'requisitionNumber');
  const dateOfBirth = query.dateOfBirth ?? null;
  if (!user && !dateOfBirth) throw unauthorized(MESSAGES.signInRequired);
  const notice = await removedNoticeOf(db, search);
  if (notice) return { kind: 'removed', notice };
  const orderId = await orderIdHolding(db, search);
  if (orderId === null) {
    if (unknownNumberOutcome(search, 'prc') === 'activationPending')
      return { kind: 'pending', message: MESSAGES.activationPending };
    throw notFound(requisitionNotFoundMessage(search));
  }
  const order = (await savedOrder(db, orderId)) as SavedOrder;
  if (user && isProvenOrder(user, orderId) && !dateOfBirth) return { kind: 'order', order };
  if (!dateOfBirth) {
    const message = PATIENT_MESSAGES.dateOfBirthRequired;
    throw badRequest(message, [{ field: 'dateOfBirth', defaultMessage: message }]);
  }
  await checkProof(order, { search, dateOfBirth, gdxId: query.gdxId ?? null }, throttle, () =>
    notFound(requisitionNotFoundMessage(search)),
  );
  return { kind: 'proven', order };
}

/**
 * Checks a patient's proof of an order (provesOrder), counted per order whichever of its numbers or its id was
 * tried: a refused or slowed attempt (429), then the refusal given, or a success that clears the order's count.
 */
export async function checkProof(
  order: GearOrder,
  given: Pick<OrderProofFacts, 'search' | 'dateOfBirth' | 'gdxId'>,
  throttle: ProofThrottle,
  refusal: () => Error,
): Promise<void> {
  const subject = `order:${order.id}`;
  await throttle.attempt(subject);
  const proven = provesOrder({
    ...given,
    orderDateOfBirth: order.patientInfo?.dateOfBirth ?? null,
    orderPractitionerGsdlNo: order.practitioner?.gsdlNo ?? null,
  });
  if (!proven) throw refusal();
  await throttle.succeeded(subject);
}

/**
 * GET /gear/order/{id}[?dateOfBirth] (spec 3 §7: patient calls carry ?dateOfBirth; decision 0040): a practitioner
 * or a patient who already proved the order reads it as usual (orderForCaller). Anyone else proves it with the
 * patient's date of birth on the order: a wrong date answers exactly as an unknown id (404) and counts as a failure
 * for the order and the address; without a date of birth nobody signed in is asked to sign in (401).
 */
export async function orderReadByCallerOrProof(
  db: Db,
  user: UserInfo | null,
  orderId: number,
  dateOfBirth: string | undefined,
  throttle: ProofThrottle,
): Promise<{ order: GearOrder; proven: boolean }> {
  if (user && (user.type !== 'prc' || isProvenOrder(user, orderId) || !dateOfBirth))
    return { order: await orderForCaller(db, user, orderId), proven: false };
  if (!dateOfBirth) throw unauthorized(MESSAGES.signInRequired);
  const order = await savedOrder(db, orderId);
  await checkProof(order, { search: null, dateOfBirth, gdxId: null }, throttle, () =>
    notFound(MESSAGES.orderNotFound),
  );
  return { order, proven: true };
}
