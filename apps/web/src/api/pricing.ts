import type { AppliedPrice, BillingMethod } from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/api/applied-price?gearReqId&billingMethod (spec 1 §7). */
export const fetchAppliedPrice = (
  api: ApiClient,
  gearReqId: number,
  billingMethod: BillingMethod,
  signal?: AbortSignal,
) => api.get<AppliedPrice>('/gear/api/applied-price', { query: { gearReqId, billingMethod }, signal });

/**
 * The price of a requisition under a billing method. refetchKey (domain priceRefetchKey) changes when the billing
 * method, panel, components, add-ons or insurance change (spec 3 §4), which fetches the price again.
 */
export function useAppliedPrice(
  gearReqId: number,
  billingMethod: BillingMethod,
  refetchKey: string,
  enabled: boolean,
) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.appliedPrice(gearReqId, billingMethod, refetchKey),
    queryFn: ({ signal }) => fetchAppliedPrice(api, gearReqId, billingMethod, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
