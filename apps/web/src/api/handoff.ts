import type { HandoffRequest, HandoffResponse } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { ORDER_CHANGE_SCOPE, rememberSavedOrder, versionToSend } from './order-save.ts';

export interface HandoffCall {
  /** The order handed off: its id and the version the screen read (If-Match; docs/decisions/0100). */
  order: { id: number; version: number };
  patientInfo: HandoffRequest;
  /** A drop-ship order's shipping method, sent as the last segment of the path (docs/decisions/0091). */
  shippingMethod: string | null;
}

/** POST /gear/order/{id}/handoff[/{shippingMethod}]: emails the patient the link to the order; answers the order. */
export function useHandOff() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    scope: ORDER_CHANGE_SCOPE,
    mutationFn: ({ order, patientInfo, shippingMethod }: HandoffCall) =>
      api.post<HandoffResponse>(
        `/gear/order/${order.id}/handoff${shippingMethod ? `/${encodeURIComponent(shippingMethod)}` : ''}`,
        patientInfo,
        { ifMatchVersion: versionToSend(queryClient, order) },
      ),
    onSuccess: ({ gearOrder }) => rememberSavedOrder(queryClient, gearOrder),
  });
}
