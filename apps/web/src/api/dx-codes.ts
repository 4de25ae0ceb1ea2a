import type { DxCodeLookup, DxSuggestions } from '@gear/domain';
import type { ApiClient } from './client.ts';
import { isApiError } from './errors.ts';

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
