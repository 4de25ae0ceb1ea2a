import type {
  CatalogueRequisition,
  GearOrder,
  OmsRequisition,
  OrderableItemLists,
  PriceMap,
} from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

const practitionerPath = (gsdlNo: string) => `/gear/practitioner/${encodeURIComponent(gsdlNo)}`;

/** GET /gear/practitioner/{gsdl}/orderableItems: the catalogue lists of spec 1 §3. */
export const fetchOrderableItems = (api: ApiClient, gsdlNo: string, signal?: AbortSignal) =>
  api.get<OrderableItemLists>(`${practitionerPath(gsdlNo)}/orderableItems`, { signal });

export function useOrderableItems(gsdlNo: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.orderableItems(gsdlNo ?? ''),
    queryFn: ({ signal }) => fetchOrderableItems(api, gsdlNo as string, signal),
    enabled: Boolean(gsdlNo),
    staleTime: 5 * 60_000,
  });
}

/** GET /gear/requisition/getReqByOrderableItem: a catalogue requisition (id null) for a product of the catalogue. */
export const fetchRequisitionForItem = (
  api: ApiClient,
  orderableItemId: number,
  gsdlNo: string | null,
  signal?: AbortSignal,
) =>
  api.get<CatalogueRequisition>('/gear/requisition/getReqByOrderableItem', {
    query: { orderableItemId, gsdlNo },
    signal,
  });

/** The full product (profiles, add-ons, input fields) behind a catalogue row; cached per practitioner and item. */
export function useRequisitionForItem(orderableItemId: number | null, gsdlNo: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.requisitionForItem(gsdlNo ?? '', orderableItemId ?? 0),
    queryFn: ({ signal }) => fetchRequisitionForItem(api, orderableItemId as number, gsdlNo, signal),
    enabled: orderableItemId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** GET /gear/requisitionById?gearReqId: the pack and product of a requisition on an order the caller may see. */
export const fetchRequisitionById = (api: ApiClient, gearReqId: number, signal?: AbortSignal) =>
  api
    .get<OmsRequisition>('/gear/requisitionById', { query: { gearReqId }, signal })
    .then((answer) => answer.omsRequisition);

/** GET /gear/requisition?reqNum&gsdlNo: the lab's requisition (pack) with that number. */
export const fetchCatalogueRequisition = (api: ApiClient, reqNum: string, gsdlNo: string | null) =>
  api.get<CatalogueRequisition>('/gear/requisition', { query: { reqNum, gsdlNo } });

export interface OrderLookup {
  requisitionNumber: string;
  dateOfBirth?: string | null;
  gdxId?: string | null;
}

/**
 * GET /gear/order?requisitionNumber[&dateOfBirth&gdxId]: the order holding a requisition (404: on no order). A
 * patient's date of birth may prove the order (decision 0040): the next token then carries it.
 */
export async function findOrderByRequisition(api: ApiClient, lookup: OrderLookup) {
  const order = await api.get<GearOrder>('/gear/order', {
    query: {
      requisitionNumber: lookup.requisitionNumber,
      dateOfBirth: lookup.dateOfBirth || undefined,
      gdxId: lookup.gdxId || undefined,
    },
  });
  if (lookup.dateOfBirth) api.tokens.clear();
  return order;
}

/** GET /gear/practitioner/{gsdl}/previousInstructions/{orderableItemId}: earlier patient instructions. */
export function usePreviousInstructions(gsdlNo: string | null, orderableItemId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.previousInstructions(gsdlNo ?? '', orderableItemId ?? 0),
    queryFn: ({ signal }) =>
      api.get<string[]>(`${practitionerPath(gsdlNo as string)}/previousInstructions/${orderableItemId}`, {
        signal,
      }),
    enabled: Boolean(gsdlNo) && orderableItemId !== null,
    retry: false,
  });
}

/**
 * GET /gear/api/inputFieldPriceMap/{orderableItemId}?gsdlNo (spec 1 §7): prices in cents by display type (PTPAY,
 * IIP), then by input field id; the key 'item' holds the product's own price.
 */
export function usePriceMap(gsdlNo: string | null, orderableItemId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.priceMap(gsdlNo ?? '', orderableItemId),
    queryFn: ({ signal }) =>
      api.get<PriceMap>(`/gear/api/inputFieldPriceMap/${orderableItemId}`, { query: { gsdlNo }, signal }),
    enabled: enabled && Boolean(gsdlNo),
    retry: false,
  });
}

/** PUT /gear/log/{x}: records a UI action (spec 1 §7 'display panel pricing'); failures are not the user's concern. */
export const logUiAction = (
  api: ApiClient,
  level: string,
  formattedMessage: string,
  args: (string | number | null)[] = [],
): Promise<void> =>
  api
    .put<null>(`/gear/log/${encodeURIComponent(level)}`, {
      formattedMessage,
      arg0: args[0] ?? null,
      arg1: args[1] ?? null,
      arg2: args[2] ?? null,
      arg3: args[3] ?? null,
    })
    .then(
      () => undefined,
      () => undefined,
    );
