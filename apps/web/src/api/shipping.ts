import type { ShippingCharge } from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/order/{id}/available-shipping-charges: [{shippingMethod, price (cents)}]. */
export function useShippingCharges(orderId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.shippingCharges(orderId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ShippingCharge[]>(`/gear/order/${orderId}/available-shipping-charges`, { signal }),
    enabled: orderId !== null,
    retry: false,
  });
}
