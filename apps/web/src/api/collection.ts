import type { DropShipInstructionsBody, GearOrder, SpecificField } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

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
