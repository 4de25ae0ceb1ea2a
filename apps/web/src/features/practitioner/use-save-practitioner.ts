import type { GearOrder, PractitionerStepRequest } from '@gear/domain';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/practitioner/ (spec 1 §7): the whole order with practAgreement and practitioner; answers the saved order. */
export const useSavePractitioner = () =>
  useOrderSave((api, body: PractitionerStepRequest) => api.put<GearOrder>('/gear/practitioner/', body));
