import type { DxCodeLookup, DxSuggestions, RecentDxCodes } from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { isApiError } from './errors.ts';
import { queryKeys } from './keys.ts';

/** GET /gear/getDxCodeSuggestions?searchTerm (spec 1 §7): results (code, name) and omittedResults. */
export const fetchDxSuggestions = (api: ApiClient, searchTerm: string, signal?: AbortSignal) =>
  api.get<DxSuggestions>('/gear/getDxCodeSuggestions', { query: { searchTerm }, signal });

/** The code as the code set has it (GET /api/dxcodes/{code}), or null when it does not (404). */
export async function lookupDxCode(api: ApiClient, code: string): Promise<DxCodeLookup | null> {
  try {
    return await api.get<DxCodeLookup>(`/api/dxcodes/${encodeURIComponent(code)}`);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** GET /gear/diagnosisCodes/recent?gearReqId (decision 0282): codes offered above the suggestions. */
export function useRecentDxCodes(gearReqId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.recentDxCodes(gearReqId ?? 0),
    queryFn: ({ signal }) =>
      api.get<RecentDxCodes>('/gear/diagnosisCodes/recent', {
        query: { gearReqId },
        signal,
        authErrors: 'throw',
      }),
    enabled: gearReqId !== null,
    staleTime: 60_000,
    retry: false,
  });
}
