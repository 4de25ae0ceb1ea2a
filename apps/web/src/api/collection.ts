import type { DropShipInstructionsBody, GearOrder, OrderableItem, SpecificField } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** ['requisitions', gearReqId, 'definition'] (keys general → specific). */
const definitionKey = (gearReqId: number) => ['requisitions', gearReqId, 'definition'] as const;

/** GET /gear/requisitions?gearReqIds={id}: the product (input fields, accession keys) of a requisition on an order. */
export function useRequisitionProduct(gearReqId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: definitionKey(gearReqId ?? 0),
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

/** The body of PUT /gear/sampleCollection (decision 0031). */
export interface SampleCollectionSave {
  id: number;
  gearOrderId: number;
  version: number;
  lastSampleCollected: boolean | null;
  dateLastSampleCollected: string | null;
  sampleCollectionData: Pick<SpecificField, 'id' | 'value'>[];
  profileSpecificFields?: Pick<SpecificField, 'id' | 'value'>[];
  patientInstructions: string | null;
  clinicalFindings: string | null;
  routeNumber: string | null;
}

const useRememberOrder = () => {
  const queryClient = useQueryClient();
  return (saved: GearOrder) => {
    if (typeof saved?.id === 'number') queryClient.setQueryData(queryKeys.order(saved.id), saved);
  };
};

/** PUT /gear/sampleCollection: answers the order (spec 2 §7: 'If no id returns, the failure message shows'). */
export function useSaveSampleCollection() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: (body: SampleCollectionSave) => api.put<GearOrder | null>('/gear/sampleCollection', body),
    onSuccess: (saved) => {
      if (saved) remember(saved);
    },
  });
}

/** PUT /gear/dropShipInstructions (spec 2 §7): answers the order. */
export function useSaveDropShipInstructions() {
  const api = useApi();
  const remember = useRememberOrder();
  return useMutation({
    mutationFn: (body: DropShipInstructionsBody) =>
      api.put<GearOrder | null>('/gear/dropShipInstructions', body),
    onSuccess: (saved) => {
      if (saved) remember(saved);
    },
  });
}
