import type { ApplyDiscountAnswer, Discount } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/api/{orderId}/applyDiscount/{code} (spec 3 §7; decision 0130). */
export const fetchApplyDiscount = (api: ApiClient, orderId: number, code: string) =>
  api.get<ApplyDiscountAnswer>(`/gear/api/${orderId}/applyDiscount/${encodeURIComponent(code)}`);

/**
 * The applied code survives a reload of the tab (decision 0162): kept in the tab's sessionStorage by order, as a
 * draft of the page; the server checks it again for every amount it answers and at the submit (decision 0132).
 */
const draftKey = (orderId: number) => `gear.appliedDiscount.${orderId}`;

function readDraft(orderId: number): Discount | null {
  try {
    const text = window.sessionStorage.getItem(draftKey(orderId));
    const draft = text ? (JSON.parse(text) as Discount) : null;
    return draft && typeof draft.discountCode === 'string' ? draft : null;
  } catch {
    return null;
  }
}

function writeDraft(orderId: number, discount: Discount | null) {
  try {
    if (discount) window.sessionStorage.setItem(draftKey(orderId), JSON.stringify(discount));
    else window.sessionStorage.removeItem(draftKey(orderId));
  } catch {
    // Storage refused (private mode, quota): the code lives for this page only, as before.
  }
}

/**
 * The code applied on this page, kept in the query cache and the tab's draft (decisions 0130, 0162): the discount box
 * sets it, the price summary and the payment section read it; null when none.
 */
export function useAppliedDiscount(orderId: number): Discount | null {
  const { data } = useQuery<Discount | null>({
    queryKey: queryKeys.appliedDiscount(orderId),
    queryFn: () => readDraft(orderId),
    initialData: () => readDraft(orderId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** Applies a code: a valid answer becomes the applied discount; a refused one clears it. */
export function useApplyDiscount(orderId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const keep = (discount: Discount | null) => {
    writeDraft(orderId, discount);
    queryClient.setQueryData<Discount | null>(queryKeys.appliedDiscount(orderId), discount);
  };
  const mutation = useMutation({
    mutationFn: (code: string) => fetchApplyDiscount(api, orderId, code),
    onSuccess: (answer) => keep(answer.error === null ? answer.discount : null),
    onError: () => keep(null),
  });
  return { ...mutation, clear: () => keep(null) };
}
