import type { GearOrder, ShippingInfoRequest } from '@gear/domain';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/keys.ts';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/order/{id}/shippingInfo/ (spec 2 §7): answers the order; the charges are read again for the new address. */
export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useOrderSave(async (api, body: ShippingInfoRequest) => {
    const saved = await api.put<GearOrder>(`/gear/order/${body.gearOrderId}/shippingInfo/`, body);
    void queryClient.invalidateQueries({ queryKey: queryKeys.shippingCharges(body.gearOrderId) });
    return saved;
  });
}
