import type { GearOrder, PatientStepRequest } from '@gear/domain';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/order/{id}/patient/ (spec 2 §7): the order with patientInfo, the shipping method, the age answer. */
export const useSavePatient = () =>
  useOrderSave((api, body: PatientStepRequest) =>
    api.put<GearOrder>(`/gear/order/${body.id}/patient/`, body),
  );
