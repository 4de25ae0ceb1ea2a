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
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import { rememberSavedOrder, useOrderSave } from './order-save.ts';

/** The one 'order saved' helper (api/order-save.ts), bound to this app's query cache. */
const useRememberOrder = () => {
  const queryClient = useQueryClient();
  return (saved: GearOrder) => rememberSavedOrder(queryClient, saved);
};

export interface SubmitOrderInput {
  orderId: number;
  /** One per submission the user makes: a repeat (a retry after a lost answer) replays the first answer. */
  idempotencyKey: string;
  patientAgreement: boolean;
  nsaAcknowledged: boolean;
  /** The captcha's payload (spec 3 §7 'recaptcha'), for a patient who pays. */
  recaptcha?: string | null;
  /** The payments (spec 3 §7): gateway tokens, never card numbers (decision 0120). */
  payments?: SubmitPayment[];
  version: number;
}

/** PUT /gear/order/{id}/confirm-and-pay (spec 3 §7; decisions 0080, 0120). */
export function useSubmitOrder() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: ({
      orderId,
      idempotencyKey,
      patientAgreement,
      nsaAcknowledged,
      recaptcha = null,
      payments = [],
      version,
    }: SubmitOrderInput) =>
      api.put<ConfirmAndPayResult>(
        `/gear/order/${orderId}/confirm-and-pay`,
        { patientAgreement, nsaAcknowledged, recaptcha, payments, version },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: (answer) => remember(answer.gearOrder),
  });
}

/** POST /gear/order/{id}/update-medical-necessity: a JSON date, or null to withdraw (spec 3 §7). */
export function useUpdateMedicalNecessity() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: ({ orderId, acknowledged }: { orderId: number; acknowledged: boolean }) =>
      api.post<GearOrder>(
        `/gear/order/${orderId}/update-medical-necessity`,
        acknowledged ? new Date().toISOString() : null,
      ),
    onSuccess: remember,
  });
}

/** POST /gear/orders/{id}/authorize; a 403 is the caller's to show (spec 3 §8), not a page change. */
export function useAuthorizeOrder() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.post<GearOrder>(`/gear/orders/${orderId}/authorize`, undefined, { authErrors: 'throw' }),
    onSuccess: remember,
  });
}

/** PUT /gear/gear-requisition/{id}/quantity?quantity={n} (spec 3 §7). */
export function useSaveQuantity() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: ({ gearReqId, quantity }: { gearReqId: number; quantity: number }) =>
      api.put<GearOrder>(`/gear/gear-requisition/${gearReqId}/quantity`, undefined, { query: { quantity } }),
    onSuccess: remember,
  });
}

/** PUT /gear/customizeTestSelections/ (spec 3 §7; decision 0081). */
export function useCustomizeTestSelections() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: (body: Partial<CustomizeTestSelectionsBody> & { id: number }) =>
      api.put<GearOrder>('/gear/customizeTestSelections/', body),
    onSuccess: remember,
  });
}

export interface CompleteStepInput {
  order: Pick<SavedOrder, 'id' | 'version'>;
  steps: { id: number; gearReqId: number | null; completed: true }[];
}

/**
 * PUT /gear/updateWorkflow/ (spec 3 §7; decision 0080): completes a read-only step the user viewed (the Practitioner
 * Summary, 15). The order's version goes in the body (decision 0065).
 */
export function useUpdateWorkflow() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: ({ order, steps }: CompleteStepInput) =>
      api.put<GearOrder>('/gear/updateWorkflow/', {
        id: order.id,
        version: order.version,
        workflow: { steps },
      }),
    onSuccess: remember,
  });
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
