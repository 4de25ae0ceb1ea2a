import type { DropShipInstructionsRequest, GearOrder, SampleCollectionRequest } from '@gear/domain';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/sampleCollection (decision 0031): answers the order (spec 2 §7: 'If no id returns, the failure message shows'). */
export const useSaveSampleCollection = () =>
  useOrderSave((api, body: SampleCollectionRequest) =>
    api.put<GearOrder | null>('/gear/sampleCollection', body),
  );

/** PUT /gear/dropShipInstructions (spec 2 §7): answers the order. */
export const useSaveDropShipInstructions = () =>
  useOrderSave((api, body: DropShipInstructionsRequest) =>
    api.put<GearOrder | null>('/gear/dropShipInstructions', body),
  );
