import { type GearOrder, packingSlipFormId, type UserInfo } from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

type SlipOrder = Pick<GearOrder, 'id' | 'orderFormId' | 'version'> & { id: number };

/**
 * The packing slip of an order as a PDF (spec 3 §7; decision 0092): practitioners, staff and admins read
 * GET /gear/order/{id}/packingslip/{orderFormId}; a patient GET /gear/packing-slip/order/{id}?dateOfBirth. Fetched
 * only while enabled (the modal open, the /view page shown); kept per order version.
 */
export function usePackingSlip(
  order: SlipOrder | null,
  user: Pick<UserInfo, 'type'>,
  enabled: boolean,
  dateOfBirth: string | null = null,
) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.packingSlip(order?.id ?? -1, order?.version ?? -1),
    queryFn: ({ signal }) => {
      if (!order) throw new Error('no order');
      return user.type === 'prc'
        ? api.get<Blob>(`/gear/packing-slip/order/${order.id}`, {
            query: { dateOfBirth },
            responseType: 'blob',
            signal,
          })
        : api.get<Blob>(
            `/gear/order/${order.id}/packingslip/${encodeURIComponent(packingSlipFormId(order))}`,
            {
              responseType: 'blob',
              signal,
            },
          );
    },
    enabled: enabled && order !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
