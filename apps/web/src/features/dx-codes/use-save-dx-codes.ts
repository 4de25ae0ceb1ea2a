import type { DiagnosisCodesRequest, GearOrder } from '@gear/domain';
import { useOrderSave } from '../../api/order-save.ts';

/** PUT /gear/diagnosisCodes/ (spec 1 §7): the order with the requisition's codes saved. */
export const useSaveDxCodes = () =>
  useOrderSave((api, body: DiagnosisCodesRequest) => api.put<GearOrder>('/gear/diagnosisCodes/', body));
