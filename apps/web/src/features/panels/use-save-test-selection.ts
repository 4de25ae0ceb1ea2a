import type {
  BulkTestSelectionRequest,
  BundleOrderRequest,
  GearOrder,
  SingleTestSelectionRequest,
} from '@gear/domain';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/testSelection{query}: one requisition, sent with the panel step's query string (spec 1 §2.8). */
export const useSaveTestSelection = () =>
  useOrderSave((api, { body, search }: { body: SingleTestSelectionRequest; search: string }) =>
    api.put<GearOrder>('/gear/testSelection', body, { query: search }),
  );

/** PUT /gear/testSelection/: the ship-to-office (bulk) lines of the order. */
export const useSaveBulkSelection = () =>
  useOrderSave((api, body: BulkTestSelectionRequest) => api.put<GearOrder>('/gear/testSelection/', body));

/** PUT /gear/bundle/{gearBundleId}/order (spec 1 §7; decision 0048): the order with the custom profile's products. */
export const useOrderBundle = () =>
  useOrderSave((api, body: BundleOrderRequest) =>
    api.put<GearOrder>(`/gear/bundle/${body.gearBundleId}/order`, body),
  );
