import type { GearOrder, InsuranceStepRequest } from '@gear/domain';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/order/{id}/insurance/ (spec 2 §7): the whole order with the Medicare/Tricare answer; answers the order. */
export const useSaveInsurance = () =>
  useOrderSave((api, body: InsuranceStepRequest) =>
    api.put<GearOrder>(`/gear/order/${body.id}/insurance/`, body),
  );
