import {
  type CatalogueRequisition,
  type GearOrder,
  looksLikeActivationNumber,
  MESSAGES,
  messages,
  parseRequisitionSearch,
  type RequisitionSearch,
  requisitionNotFoundMessage,
  requisitionSearchMatches,
  type UserType,
  unknownNumberOutcome,
} from '@gear/domain';
import { fetchCatalogueRequisition, findOrderByRequisition } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { type ApiError, isApiError } from '../../api/errors.ts';
import { ACTIVATION_MISSING_ERROR } from '../../api/patient-proof.ts';

/** The numbers a found pack is saved with: the lab's, else the number searched in its own slot. */
export function packNumbers(
  found: Pick<CatalogueRequisition, 'reqNumber' | 'activationCode'>,
  searched: string,
): { reqNumber: string | null; activationCode: string | null } {
  const activation = looksLikeActivationNumber(parseRequisitionSearch(searched));
  return {
    reqNumber: found.reqNumber ?? (activation ? null : searched),
    activationCode: found.activationCode ?? (activation ? searched : null),
  };
}

/** Numbers the lab cannot have: refused before any call (spec 1 §5 search rules, decision 0006). */
function refusalOf(search: RequisitionSearch): string | null {
  if (search.kind === 'empty') return MESSAGES.requisitionNumberRequired;
  if (search.kind === 'invalidActivationNumber' || search.kind === 'unrecognised')
    return requisitionNotFoundMessage(search);
  return null;
}

export type SearchOutcome =
  /** A message for the search box. addToNewOrder: a patient's 404 on a saved order, with a link to a new one. */
  | { kind: 'error'; message: string; addToNewOrder?: boolean }
  /** A 410 answer: the notice, else 'no longer available'. */
  | { kind: 'notice'; message: string }
  /** The requisition is on no order: the lab's requisition (pack), to fill in. */
  | { kind: 'found'; requisition: CatalogueRequisition; number: string }
  /** The requisition is on the current order. */
  | { kind: 'sameOrder'; order: GearOrder; requisitionId: number | null }
  /** The current order is new and an order holds the requisition: offer to load it. */
  | { kind: 'loadOrder'; order: GearOrder; requisitionId: number | null }
  /** Another order holds the requisition: switch to it, or search again. */
  | { kind: 'conflict'; order: GearOrder; requisitionId: number | null }
  /** An activation number the lab does not know (yet): unknown-id activation, or Activation Pending for patients. */
  | { kind: 'unknownActivation'; number: string }
  /** 401/403: the API client has already taken the user to sign-in or the 403 page. */
  | { kind: 'redirected' };

export interface SearchContext {
  api: ApiClient;
  phone: string;
  userType: UserType;
  order: Pick<GearOrder, 'id'>;
  gsdlNo: string | null;
  dateOfBirth?: string | null;
  gdxId?: string | null;
}

const isRedirect = (error: ApiError) => error.kind === 'unauthorized' || error.kind === 'forbidden';

/** The order's requisition that the number names (reqNumber, activation code, or its first 4 and last 3). */
const requisitionIdIn = (order: GearOrder, number: string): number | null =>
  order.requisitions.find((r) => requisitionSearchMatches(number, r))?.id ?? null;

/**
 * spec 1 §4.4 search flow: validate the number, look up the order holding it; 404 means it is on no order, so the
 * lab's requisition is fetched; 410 shows the notice; a different order is a conflict, or for a new order an
 * offer to load it; an unknown activation number goes to unknown-id activation (practitioners) or pending (patients).
 */
export async function searchRequisition(input: string, context: SearchContext): Promise<SearchOutcome> {
  const text = messages(context.phone);
  const search = parseRequisitionSearch(input);
  const refused = refusalOf(search);
  if (refused) return { kind: 'error', message: refused };
  const number = search.kind === 'empty' ? '' : search.value;

  let holding: GearOrder | null = null;
  try {
    holding = await findOrderByRequisition(context.api, {
      requisitionNumber: number,
      dateOfBirth: context.dateOfBirth,
      gdxId: context.gdxId,
    });
  } catch (error) {
    if (!isApiError(error)) return { kind: 'error', message: text.orderLookupFailure };
    if (isRedirect(error)) return { kind: 'redirected' };
    if (error.status === 410)
      return { kind: 'notice', message: error.text ?? MESSAGES.productNoLongerAvailable };
    if (error.kind === 'network' || error.kind === 'unavailable')
      return { kind: 'error', message: error.message };
    // A patient's activation number on no order (decision 0040): pending, with no catalogue lookup.
    if (error.body?.error === ACTIVATION_MISSING_ERROR) return { kind: 'unknownActivation', number };
    if (error.status !== 404) return { kind: 'error', message: text.orderLookupFailure };
  }

  if (holding) {
    const requisitionId = requisitionIdIn(holding, number);
    if (holding.id === context.order.id) return { kind: 'sameOrder', order: holding, requisitionId };
    if (context.order.id === 'new') return { kind: 'loadOrder', order: holding, requisitionId };
    return { kind: 'conflict', order: holding, requisitionId };
  }

  try {
    const requisition = await fetchCatalogueRequisition(context.api, number, context.gsdlNo);
    return { kind: 'found', requisition, number };
  } catch (error) {
    if (!isApiError(error)) return { kind: 'error', message: text.unexpectedError };
    if (isRedirect(error)) return { kind: 'redirected' };
    if (error.status === 410)
      return { kind: 'notice', message: error.text ?? MESSAGES.productNoLongerAvailable };
    if (error.status === 404 || error.status === 400) {
      if (error.status === 404 && unknownNumberOutcome(search, context.userType) !== 'notFound')
        return { kind: 'unknownActivation', number };
      const message = error.serverMessage ?? requisitionNotFoundMessage(search);
      const addToNewOrder = context.userType === 'prc' && context.order.id !== 'new' && error.status === 404;
      return { kind: 'error', message, addToNewOrder };
    }
    return { kind: 'error', message: error.message };
  }
}
