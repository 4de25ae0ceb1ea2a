import type { PatientStatusEmails, Practitioner } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/practitioner-options[/{orderId}]: the practitioners the user may order for. */
export const fetchPractitionerOptions = (api: ApiClient, orderId?: number, signal?: AbortSignal) =>
  api.get<Practitioner[]>(
    orderId === undefined ? '/gear/practitioner-options' : `/gear/practitioner-options/${orderId}`,
    { signal },
  );

export function usePractitionerOptions(orderId?: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.practitionerOptions(orderId),
    queryFn: ({ signal }) => fetchPractitionerOptions(api, orderId, signal),
  });
}

/** GET /gear/practitioner/{gsdl}: one practitioner with office (the admin search of spec 1 §2.4). */
export const fetchPractitioner = (api: ApiClient, gsdlNo: string, signal?: AbortSignal) =>
  api.get<Practitioner>(`/gear/practitioner/${encodeURIComponent(gsdlNo)}`, { signal });

export function usePractitioner(gsdlNo: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.practitioner(gsdlNo ?? ''),
    queryFn: ({ signal }) => fetchPractitioner(api, gsdlNo as string, signal),
    enabled: Boolean(gsdlNo),
    retry: false,
  });
}

/** GET /gear/practitioner/{gsdl}/patient-status-emails (decision 0301): whether their patients get status emails. */
export function usePatientStatusEmails(gsdlNo: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.patientStatusEmails(gsdlNo),
    queryFn: ({ signal }) =>
      api.get<PatientStatusEmails>(`/gear/practitioner/${encodeURIComponent(gsdlNo)}/patient-status-emails`, {
        signal,
      }),
  });
}

/** PUT /gear/practitioner/{gsdl}/patient-status-emails (decision 0301). */
export function useSavePatientStatusEmails(gsdlNo: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientStatusEmails: boolean) =>
      api.put<PatientStatusEmails>(`/gear/practitioner/${encodeURIComponent(gsdlNo)}/patient-status-emails`, {
        patientStatusEmails,
      }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.patientStatusEmails(gsdlNo), saved),
  });
}
