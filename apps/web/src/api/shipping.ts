import type { GearOrder, ShippingCharge, ShippingInformation } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/order/{id}/available-shipping-charges: [{shippingMethod, price (cents)}]. */
export function useShippingCharges(orderId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['orders', orderId ?? 0, 'shipping-charges'] as const,
    queryFn: ({ signal }) =>
      api.get<ShippingCharge[]>(`/gear/order/${orderId}/available-shipping-charges`, { signal }),
    enabled: orderId !== null,
    retry: false,
  });
}

export type ShippingInfoSave = ShippingInformation & { gearOrderId: number; version: number };

/** PUT /gear/order/{id}/shippingInfo/: answers the order. */
export function useSaveShippingInfo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingInfoSave) =>
      api.put<GearOrder>(`/gear/order/${body.gearOrderId}/shippingInfo/`, body),
    onSuccess: (saved) => {
      if (typeof saved.id === 'number') {
        queryClient.setQueryData(queryKeys.order(saved.id), saved);
        void queryClient.invalidateQueries({ queryKey: ['orders', saved.id, 'shipping-charges'] });
      }
    },
  });
}
