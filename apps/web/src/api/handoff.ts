import type { HandoffBody, HandoffResponse } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

export interface HandoffCall {
  orderId: number;
  patientInfo: HandoffBody;
  /** A drop-ship order's shipping method, sent as the last segment of the path (docs/decisions/0091). */
  shippingMethod: string | null;
}

/** POST /gear/order/{id}/handoff[/{shippingMethod}]: emails the patient the link to the order; answers the order. */
export function useHandOff() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, patientInfo, shippingMethod }: HandoffCall) =>
      api.post<HandoffResponse>(
        `/gear/order/${orderId}/handoff${shippingMethod ? `/${encodeURIComponent(shippingMethod)}` : ''}`,
        patientInfo,
      ),
    onSuccess: ({ gearOrder }) => {
      if (typeof gearOrder.id === 'number')
        queryClient.setQueryData(queryKeys.order(gearOrder.id), gearOrder);
    },
  });
}
