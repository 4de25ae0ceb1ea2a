import type { BillingMethodRequest, GearOrder } from '@gear/domain';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/billingMethod/ (spec 1 §7; docs/decisions/0012): the order with the requisition's billing option saved. */
export const useSaveBilling = () =>
  useOrderSave((api, body: BillingMethodRequest) => api.put<GearOrder>('/gear/billingMethod/', body));
