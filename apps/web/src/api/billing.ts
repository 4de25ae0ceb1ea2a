import type { BillingMethod, GearOrder } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** Body of PUT /gear/billingMethod/ (spec 1 §7: billingMethod, gearReqId; docs/decisions/0012). */
export interface BillingMethodBody {
  billingMethod: BillingMethod;
  gearReqId: number;
  version: number;
  /** Only when choosing Medicare or Tricare makes the order a Medicare order (the acknowledgement is then needed). */
  dateMedicalNecessityAcknowledged?: string;
  /** spec 1 §4.3 'Yes' to the price-increase confirmation (docs/decisions/0066). */
  priceIncreaseConfirmed?: boolean;
}

const useRememberOrder = () => {
  const queryClient = useQueryClient();
  return (saved: GearOrder) => {
    if (typeof saved.id === 'number') queryClient.setQueryData(queryKeys.order(saved.id), saved);
  };
};

/** PUT /gear/billingMethod/: the order with the requisition's billing option saved. */
export function useSaveBillingMethod() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: (body: BillingMethodBody) => api.put<GearOrder>('/gear/billingMethod/', body),
    onSuccess: remember,
  });
}

export interface PriceIncreaseConfirmation {
  orderId: number;
  gearReqId: number;
  /** The screen the increase was confirmed on (spec 1 §7 'source e.g. BillingOptions'). */
  source: string;
  /** The order's version as the save before it answered (sent as If-Match). */
  version: number;
}

/** PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source}: records the confirmation; answers the order. */
export function useConfirmPriceIncrease() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: ({ orderId, gearReqId, source, version }: PriceIncreaseConfirmation) =>
      api.put<GearOrder>(
        `/gear/order/${orderId}/confirm-price-increase/${gearReqId}/${encodeURIComponent(source)}`,
        undefined,
        { ifMatchVersion: version },
      ),
    onSuccess: remember,
  });
}
