import type { ApplyDiscountAnswer, Discount } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/api/{orderId}/applyDiscount/{code} (spec 3 §7; decision 0130). */
export const fetchApplyDiscount = (api: ApiClient, orderId: number, code: string) =>
  api.get<ApplyDiscountAnswer>(`/gear/api/${orderId}/applyDiscount/${encodeURIComponent(code)}`);

/**
 * The code applied on this page, kept in the query cache (never saved on the order, decision 0130): the discount box
 * sets it, the price summary and the payment section read it; null when none.
 */
export function useAppliedDiscount(orderId: number): Discount | null {
  const { data } = useQuery<Discount | null>({
    queryKey: queryKeys.appliedDiscount(orderId),
    queryFn: () => null,
    initialData: null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** Applies a code: a valid answer becomes the applied discount; a refused one clears it. */
export function useApplyDiscount(orderId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const keep = (discount: Discount | null) =>
    queryClient.setQueryData<Discount | null>(queryKeys.appliedDiscount(orderId), discount);
  const mutation = useMutation({
    mutationFn: (code: string) => fetchApplyDiscount(api, orderId, code),
    onSuccess: (answer) => keep(answer.error === null ? answer.discount : null),
    onError: () => keep(null),
  });
  return { ...mutation, clear: () => keep(null) };
}
