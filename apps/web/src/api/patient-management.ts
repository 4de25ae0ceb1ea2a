import type {
  ManagedPatient,
  PatientDeleteAnswer,
  PatientDeleteBody,
  PatientImportPreview,
  PatientOrderSummary,
} from '@gear/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';

/** Keys of patient management: a practitioner's list pages, and a patient's orders. */
export const patientManagementKeys = {
  all: ['patient-management'] as const,
  list: (gsdlNo: string, query: string, after: number | null, limit: number) =>
    ['patient-management', gsdlNo, 'list', query, after, limit] as const,
  orders: (gsdlNo: string, patientId: number) => ['patient-management', gsdlNo, 'orders', patientId] as const,
};

/**
 * GET /gear/patient-management/list?gsdlNo (spec 3 §7) with query and limit (decision 0270), a page starting after
 * the last patient of the previous one (`after`, decision 0273). One more than a page is asked for: its presence says
 * a next page exists.
 */
export function usePatientList(gsdlNo: string | null, query: string, after: number | null, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: patientManagementKeys.list(gsdlNo ?? '', query, after, pageSize),
    queryFn: ({ signal }) =>
      api.get<ManagedPatient[]>('/gear/patient-management/list', {
        query: { gsdlNo, query: query || undefined, after: after ?? undefined, limit: pageSize + 1 },
        signal,
      }),
    enabled: Boolean(gsdlNo),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A patient's orders with the practitioner, read when the row is opened. */
export function usePatientOrders(gsdlNo: string, patientId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: patientManagementKeys.orders(gsdlNo, patientId),
    queryFn: ({ signal }) =>
      api.get<PatientOrderSummary[]>('/gear/patient-management/orders', {
        query: { gsdlNo, patientId },
        signal,
      }),
    enabled,
    retry: false,
  });
}

const uploadForm = (gsdlNo: string, file: File) => {
  const form = new FormData();
  form.append('gsdlNo', gsdlNo);
  form.append('file', file);
  return form;
};

/** POST /gear/patient-management/uploadCSV?dryRun=true: what an import would do, nothing written. */
export function usePreviewPatientFile() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ gsdlNo, file }: { gsdlNo: string; file: File }) =>
      api.post<PatientImportPreview>('/gear/patient-management/uploadCSV', uploadForm(gsdlNo, file), {
        query: { dryRun: 'true' },
      }),
  });
}

/** POST /gear/patient-management/uploadCSV: adds the file's new, valid patients; the list is read again. */
export function useImportPatientFile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gsdlNo, file }: { gsdlNo: string; file: File }) =>
      api.post<ManagedPatient[]>('/gear/patient-management/uploadCSV', uploadForm(gsdlNo, file)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientManagementKeys.all }),
  });
}

/** DELETE /gear/patient-management/delete with the map of gsdlNo to patient ids; the list is read again. */
export function useDeletePatients() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientDeleteBody) =>
      api.request<PatientDeleteAnswer>('DELETE', '/gear/patient-management/delete', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientManagementKeys.all }),
  });
}

/** The list (or the search's matches) as CSV, formula cells neutralised by the server. */
export function useExportPatients() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ gsdlNo, query }: { gsdlNo: string; query: string }) =>
      api.get<Blob>('/gear/patient-management/export', {
        query: { gsdlNo, query: query || undefined },
        responseType: 'blob',
      }),
  });
}
