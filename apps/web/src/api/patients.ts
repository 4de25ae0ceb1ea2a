import type { ChartLookup, GearOrder, Insurance, PatientMatch, PatientStepRequest } from '@gear/domain';
import type { ApiClient } from './client.ts';
import { useOrderSave } from './order-save.ts';

/** GET /gear/api/patient-lookup?query&orderId (spec 2 §7): name words and a date of birth. */
export const searchPatients = (api: ApiClient, orderId: number, query: string, signal?: AbortSignal) =>
  api.get<PatientMatch[]>('/gear/api/patient-lookup', { query: { query, orderId }, signal });

/** GET /gear/api/get-ellkay-patient?chartNumber&orderId (spec 2 §7): the EMR's patient and insurances. */
export const lookupChartNumber = (
  api: ApiClient,
  orderId: number,
  chartNumber: string,
  signal?: AbortSignal,
) =>
  api.get<ChartLookup>('/gear/api/get-ellkay-patient', {
    query: { chartNumber, orderId },
    signal,
    authErrors: 'throw',
  });

/** GET /gear/api/insurance-lookup?gsdlNo&nameLast&dob[&nameFirst] (spec 2 §7): the insurances on file. */
export const lookupInsurances = (
  api: ApiClient,
  lookup: { gsdlNo: string; nameLast: string; dob: string; nameFirst?: string | null },
  signal?: AbortSignal,
) =>
  api.get<Insurance[]>('/gear/api/insurance-lookup', {
    query: { ...lookup, nameFirst: lookup.nameFirst || undefined },
    signal,
    authErrors: 'throw',
  });

/** POST /subscribe (spec 2 §7, form data): a patient's marketing opt-in. */
export const subscribe = (
  api: ApiClient,
  fields: { email: string; first_name: string; gender: string; age: number | null },
) => {
  const form = new URLSearchParams({
    email: fields.email,
    first_name: fields.first_name,
    gender: fields.gender,
  });
  if (fields.age !== null) form.set('age', String(fields.age));
  return api.post<null>('/subscribe', form);
};

/**
 * PUT /gear/order/{id}/patient/ (spec 2 §7): the order with patientInfo, the shipping method, the age answer. Used by
 * the patient step and by the review's P.O. box question (decision 0189).
 */
export const useSavePatient = () =>
  useOrderSave((api, body: PatientStepRequest) =>
    api.put<GearOrder>(`/gear/order/${body.id}/patient/`, body),
  );
