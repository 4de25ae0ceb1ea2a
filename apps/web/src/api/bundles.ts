import type { BundleAnswer, BundleSaveAnswer, BundleSaveRequest, BundleSummary } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/bundle?gsdlNo (decision 0280): the practitioner's custom profiles. */
export function useBundles(gsdlNo: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.bundles(gsdlNo ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<{ bundles: BundleSummary[] }>('/gear/bundle', { query: { gsdlNo }, signal })
        .then((a) => a.bundles),
    enabled: Boolean(gsdlNo),
  });
}

/** GET /gear/bundle/{id} (spec 3 §7). */
export function useBundle(gearBundleId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.bundle(gearBundleId ?? 0),
    queryFn: ({ signal }) => api.get<BundleAnswer>(`/gear/bundle/${gearBundleId}`, { signal }),
    enabled: gearBundleId !== null,
    retry: false,
  });
}

/** After a save or delete: the lists of the practitioner (editor and panel selection's Customized Profiles). */
function useForgetBundles() {
  const client = useQueryClient();
  return (gsdlNo: string, gearBundleId: number | null) => {
    void client.invalidateQueries({ queryKey: queryKeys.bundles(gsdlNo) });
    void client.invalidateQueries({ queryKey: queryKeys.orderableItems(gsdlNo) });
    if (gearBundleId !== null) client.removeQueries({ queryKey: queryKeys.bundle(gearBundleId) });
  };
}

/** POST /gear/bundle/save (spec 3 §4, §7): SUCCESS; a refusal comes back as the API error (ERROR or DELETED). */
export function useSaveBundle() {
  const api = useApi();
  const forget = useForgetBundles();
  return useMutation({
    mutationFn: (body: BundleSaveRequest) => api.post<BundleSaveAnswer>('/gear/bundle/save', body),
    onSuccess: (answer, body) => forget(body.gsdlNo, answer.gearBundleId),
  });
}

/** DELETE /gear/bundle/{id} (spec 3 §7). */
export function useDeleteBundle() {
  const api = useApi();
  const forget = useForgetBundles();
  return useMutation({
    mutationFn: ({ gearBundleId }: { gearBundleId: number; gsdlNo: string }) =>
      api.delete<BundleSaveAnswer>(`/gear/bundle/${gearBundleId}`),
    onSuccess: (_answer, { gearBundleId, gsdlNo }) => forget(gsdlNo, gearBundleId),
  });
}
