import type {
  ConfirmAndPayResult,
  CustomizeTestSelectionsBody,
  GearOrder,
  SubmitPayment,
} from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { ORDER_CHANGE_SCOPE, rememberSavedOrder, versionToSend } from './order-save.ts';

/** The order a change is made on: its id and the version the screen read (docs/decisions/0100). */
export interface OrderRead {
  id: number;
  version: number;
}

/**
 * The review's changes: each names the version of the order it was based on (If-Match; docs/decisions/0100), runs
 * after the change before it (ORDER_CHANGE_SCOPE) and remembers the saved order (api/order-save.ts).
 */
const useOrderChange = <TInput, TAnswer>(
  send: (input: TInput, ifMatchVersion: (order: OrderRead) => number) => Promise<TAnswer>,
  savedOf: (answer: TAnswer) => GearOrder,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    scope: ORDER_CHANGE_SCOPE,
    mutationFn: (input: TInput) => send(input, (order) => versionToSend(queryClient, order)),
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
  const api = useApi();
  return useOrderChange(
    (
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
  const api = useApi();
  return useOrderChange(
    ({ order, acknowledged }: { order: OrderRead; acknowledged: boolean }, versionOf) =>
      api.post<GearOrder>(
        `/gear/order/${order.id}/update-medical-necessity`,
        acknowledged ? new Date().toISOString() : null,
        { ifMatchVersion: versionOf(order) },
      ),
    itself,
  );
}

/** POST /gear/orders/{id}/authorize; a 403 is the caller's to show (spec 3 §8), not a page change. */
export function useAuthorizeOrder() {
  const api = useApi();
  return useOrderChange(
    (order: OrderRead, versionOf) =>
      api.post<GearOrder>(`/gear/orders/${order.id}/authorize`, undefined, {
        authErrors: 'throw',
        ifMatchVersion: versionOf(order),
      }),
    itself,
  );
}

/** PUT /gear/gear-requisition/{id}/quantity?quantity={n} (spec 3 §7). */
export function useSaveQuantity() {
  const api = useApi();
  return useOrderChange(
    ({ order, gearReqId, quantity }: { order: OrderRead; gearReqId: number; quantity: number }, versionOf) =>
      api.put<GearOrder>(`/gear/gear-requisition/${gearReqId}/quantity`, undefined, {
        query: { quantity },
        ifMatchVersion: versionOf(order),
      }),
    itself,
  );
}

/** PUT /gear/customizeTestSelections/ (spec 3 §7; decision 0081): the order's version as read in If-Match. */
export function useCustomizeTestSelections() {
  const api = useApi();
  return useOrderChange(
    (
      { order, ...body }: Partial<CustomizeTestSelectionsBody> & { id: number; order: OrderRead },
      versionOf,
    ) => api.put<GearOrder>('/gear/customizeTestSelections/', body, { ifMatchVersion: versionOf(order) }),
    itself,
  );
}
