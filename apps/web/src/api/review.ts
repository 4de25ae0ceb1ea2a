import {
  type ConfirmAndPayResult,
  type CustomizeTestSelectionsBody,
  type GearOrder,
  RECOMMENDED_PRODUCTS_LIMIT,
  type RecommendedProduct,
  type SavedOrder,
  type SingleTestSelectionRequest,
  type SubmitPayment,
} from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import {
  ORDER_CHANGE_SCOPE,
  rememberSavedOrder,
  sendWithSaveKey,
  useOrderSave,
  versionToSend,
} from './order-save.ts';
import { createSaveKeys } from './save-keys.ts';

/** The order a change is made on: its id and the version the screen read (docs/decisions/0100). */
export interface OrderRead {
  id: number;
  version: number;
}

/**
 * The review's changes: each names the version of the order it was based on (If-Match; docs/decisions/0100), runs
 * after the change before it (ORDER_CHANGE_SCOPE) and remembers the saved order (api/order-save.ts). Each goes with an
 * Idempotency-Key for its input, kept when the same change is made again after a transient failure (docs/decisions/
 * 0200; If-Match is not part of what a key stands for); the submit sends its own key, which goes first.
 */
const useOrderChange = <TInput, TAnswer>(
  send: (api: ApiClient, input: TInput, ifMatchVersion: (order: OrderRead) => number) => Promise<TAnswer>,
  savedOf: (answer: TAnswer) => GearOrder,
) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const [keys] = useState(createSaveKeys);
  return useMutation({
    scope: ORDER_CHANGE_SCOPE,
    mutationFn: (input: TInput) => {
      const versionOf = (order: OrderRead) => versionToSend(queryClient, order);
      return sendWithSaveKey(keys, api, input, (keyed) => send(keyed, input, versionOf));
    },
    onSuccess: (answer: TAnswer) => rememberSavedOrder(queryClient, savedOf(answer)),
  });
};

const itself = (order: GearOrder) => order;

export interface SubmitOrderInput {
  order: OrderRead;
  /** One per submission the user makes: a repeat (a retry after a lost answer) replays the first answer. */
  idempotencyKey: string;
  patientAgreement: boolean;
  nsaAcknowledged: boolean;
  /** The captcha's payload (spec 3 §7 'recaptcha'), for a patient who pays. */
  recaptcha?: string | null;
  /** The payments (spec 3 §7): gateway tokens, never card numbers (decision 0120). */
  payments?: SubmitPayment[];
}

/** PUT /gear/order/{id}/confirm-and-pay (spec 3 §7; decisions 0080, 0120). */
export function useSubmitOrder() {
  return useOrderChange(
    (
      api,
      {
        order,
        idempotencyKey,
        patientAgreement,
        nsaAcknowledged,
        recaptcha = null,
        payments = [],
      }: SubmitOrderInput,
      versionOf,
    ) =>
      api.put<ConfirmAndPayResult>(
        `/gear/order/${order.id}/confirm-and-pay`,
        { patientAgreement, nsaAcknowledged, recaptcha, payments },
        { headers: { 'Idempotency-Key': idempotencyKey }, ifMatchVersion: versionOf(order) },
      ),
    (answer) => answer.gearOrder,
  );
}

/** POST /gear/order/{id}/update-medical-necessity: a JSON date, or null to withdraw (spec 3 §7). */
export function useUpdateMedicalNecessity() {
  return useOrderChange(
    (api, { order, acknowledged }: { order: OrderRead; acknowledged: boolean }, versionOf) =>
      // The day as a JSON date (the server records its own time): the same body when sent again after a transient
      // failure under the same key (docs/decisions/0200).
      api.post<GearOrder>(
        `/gear/order/${order.id}/update-medical-necessity`,
        acknowledged ? new Date().toISOString().slice(0, 10) : null,
        { ifMatchVersion: versionOf(order) },
      ),
    itself,
  );
}

/** POST /gear/orders/{id}/authorize; a 403 is the caller's to show (spec 3 §8), not a page change. */
export function useAuthorizeOrder() {
  return useOrderChange(
    (api, order: OrderRead, versionOf) =>
      api.post<GearOrder>(`/gear/orders/${order.id}/authorize`, undefined, {
        authErrors: 'throw',
        ifMatchVersion: versionOf(order),
      }),
    itself,
  );
}

/** PUT /gear/gear-requisition/{id}/quantity?quantity={n} (spec 3 §7). */
export function useSaveQuantity() {
  return useOrderChange(
    (
      api,
      { order, gearReqId, quantity }: { order: OrderRead; gearReqId: number; quantity: number },
      versionOf,
    ) =>
      api.put<GearOrder>(`/gear/gear-requisition/${gearReqId}/quantity`, undefined, {
        query: { quantity },
        ifMatchVersion: versionOf(order),
      }),
    itself,
  );
}

/** PUT /gear/customizeTestSelections/ (spec 3 §7; decision 0081): the order's version as read in If-Match. */
export function useCustomizeTestSelections() {
  return useOrderChange(
    (
      api,
      { order, ...body }: Partial<CustomizeTestSelectionsBody> & { id: number; order: OrderRead },
      versionOf,
    ) => api.put<GearOrder>('/gear/customizeTestSelections/', body, { ifMatchVersion: versionOf(order) }),
    itself,
  );
}

export interface CompleteStepInput {
  order: Pick<SavedOrder, 'id' | 'version'>;
  steps: { id: number; gearReqId: number | null; completed: true }[];
}

/**
 * PUT /gear/updateWorkflow/ (spec 3 §7; decision 0080): completes a read-only step the user viewed (the Practitioner
 * Summary, 15). The order's version goes in the body (docs/decisions/0100).
 */
export function useUpdateWorkflow() {
  return useOrderChange(
    (api, { order, steps }: CompleteStepInput, versionOf) =>
      api.put<GearOrder>('/gear/updateWorkflow/', {
        id: order.id,
        version: versionOf(order),
        workflow: { steps },
      }),
    itself,
  );
}

/**
 * GET /gear/recommended-products/order/{id}?limit=3 (spec 3 §2, §7; decision 0110): at most 3 products related to the
 * order, for practitioners; fetched again when the order changes.
 */
export function useRecommendedProducts(order: Pick<SavedOrder, 'id' | 'version'>, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.recommendedProducts(order.id, order.version),
    queryFn: ({ signal }) =>
      api.get<RecommendedProduct[]>(`/gear/recommended-products/order/${order.id}`, {
        query: { limit: RECOMMENDED_PRODUCTS_LIMIT },
        signal,
      }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** PUT /gear/testSelection: a recommended product added to the order as one more requisition (spec 3 §4). */
export const useAddRecommendedProduct = () =>
  useOrderSave((api, body: SingleTestSelectionRequest) => api.put<GearOrder>('/gear/testSelection', body));

/**
 * PUT /gear/order/{id}/change-practitioner/{gsdlNo} (spec 3 §4 Practitioner change, §7; decision 0111): the version the
 * review read in If-Match (decision 0100).
 */
export function useChangePractitioner() {
  return useOrderChange(
    (api, { order, gsdlNo }: { order: OrderRead; gsdlNo: string }, versionOf) =>
      api.put<GearOrder>(
        `/gear/order/${order.id}/change-practitioner/${encodeURIComponent(gsdlNo)}`,
        undefined,
        { ifMatchVersion: versionOf(order) },
      ),
    itself,
  );
}

/** PUT /gear/order/{id}/expedited-shipping-waiver: an admin acting for the practitioner waives the fee (decision 0187). */
export function useWaiveExpeditedShipping() {
  return useOrderChange(
    (api, { order, waived }: { order: OrderRead; waived: boolean }, versionOf) =>
      api.put<GearOrder>(
        `/gear/order/${order.id}/expedited-shipping-waiver`,
        { waived },
        { authErrors: 'throw', ifMatchVersion: versionOf(order) },
      ),
    itself,
  );
}
