import type { OrderableItem } from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/**
 * GET /gear/requisitions?gearReqIds={id}: the product of a requisition on an order (input fields, accession keys, its
 * diagnosis-code checklist), for the steps of that requisition.
 */
export function useRequisitionProduct(gearReqId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.requisitionDefinition(gearReqId ?? 0),
    queryFn: async ({ signal }) => {
      const [definition] = await api.get<{ id: number; orderableItem: OrderableItem }[]>(
        '/gear/requisitions',
        {
          query: { gearReqIds: gearReqId },
          signal,
        },
      );
      if (!definition) throw new Error('no requisition definition');
      return definition.orderableItem;
    },
    enabled: gearReqId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
