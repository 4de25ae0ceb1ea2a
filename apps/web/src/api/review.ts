import type {
  ConfirmAndPayResult,
  CustomizeTestSelectionsBody,
  GearOrder,
  SubmitPayment,
} from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { rememberSavedOrder } from './order-save.ts';

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
