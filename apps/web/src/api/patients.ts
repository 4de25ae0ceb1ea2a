import type { GearOrder, Insurance, PatientInfo } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** A patient found by GET /gear/api/patient-lookup: the form's fields and the record id (decision 0020). */
export type PatientMatch = PatientInfo & { id: number };

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
  api.get<{ patient: PatientInfo | null; insurances: Insurance[] }>('/gear/api/get-ellkay-patient', {
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

/** The body of PUT /gear/order/{id}/patient/: the order with patientInfo, the shipping method, the age answer. */
export type PatientSave = GearOrder & { id: number; confirmedAge: boolean };

/** PUT /gear/order/{id}/patient/: the answer is the saved order. */
export function useSavePatient() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: PatientSave) => api.put<GearOrder>(`/gear/order/${order.id}/patient/`, order),
    onSuccess: (saved) => {
      if (typeof saved.id === 'number') queryClient.setQueryData(queryKeys.order(saved.id), saved);
    },
  });
}

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
