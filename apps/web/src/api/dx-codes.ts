import type { GearOrder } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { isApiError } from './errors.ts';
import { queryKeys } from './keys.ts';

/** GET /gear/getDxCodeSuggestions?searchTerm (spec 1 §7): results (code, name) and omittedResults. */
export interface DxSuggestions {
  results: { code: string; name: string }[];
  omittedResults: number;
}

export const fetchDxSuggestions = (api: ApiClient, searchTerm: string, signal?: AbortSignal) =>
  api.get<DxSuggestions>('/gear/getDxCodeSuggestions', { query: { searchTerm }, signal });

/** GET /api/dxcodes/{code} (spec 1 §7): active, version, code, description. */
export interface DxCodeLookup {
  active: boolean;
  version: number;
  code: string;
  description: string;
}

/** The code as the code set has it, or null when it does not (404). */
export async function lookupDxCode(api: ApiClient, code: string): Promise<DxCodeLookup | null> {
  try {
    return await api.get<DxCodeLookup>(`/api/dxcodes/${encodeURIComponent(code)}`);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Body of PUT /gear/diagnosisCodes/ (spec 1 §7): lists of 'rank_code', and the requisition. */
export interface DiagnosisCodesBody {
  selectedCodes: string[];
  otherCodes: string[];
  gearReqId: number;
  version: number;
}

/** PUT /gear/diagnosisCodes/: the order with the requisition's codes saved. */
export function useSaveDiagnosisCodes() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiagnosisCodesBody) => api.put<GearOrder>('/gear/diagnosisCodes/', body),
    onSuccess: (saved) => {
      if (typeof saved.id === 'number') queryClient.setQueryData(queryKeys.order(saved.id), saved);
    },
  });
}
