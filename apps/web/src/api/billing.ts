import type { GearOrder } from '@gear/domain';
import { useOrderSave } from './order-save.ts';

export interface PriceIncreaseConfirmation {
  orderId: number;
  gearReqId: number;
  /** The screen the increase was confirmed on (spec 1 §7 'source e.g. BillingOptions'). */
  source: string;
  /** The order's version as the save before it answered (sent as If-Match). */
  version: number;
}

/**
 * PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source}: records the confirmation; answers the order. Shared by
 * the billing step and panel selection (both confirm an increase).
 */
export const useConfirmPriceIncrease = () =>
  useOrderSave((api, { orderId, gearReqId, source, version }: PriceIncreaseConfirmation) =>
    api.put<GearOrder>(
      `/gear/order/${orderId}/confirm-price-increase/${gearReqId}/${encodeURIComponent(source)}`,
      undefined,
      { ifMatchVersion: version },
    ),
  );
