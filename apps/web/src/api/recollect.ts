import type { ReCollectResponse, RecollectionOrderSummary, TokenizeCardBody } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/**
 * GET /gear/re-collect/{accessionNo} (spec 3 §7; decision 0252): makes (or finds) the recollection of a discarded
 * specimen and answers where to follow it. Asked once per page visit (repeats answer the same recollection).
 */
export function useReCollect(accessionNo: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.reCollect(accessionNo),
    queryFn: async ({ signal }) => {
      const answer = await api.get<ReCollectResponse>(`/gear/re-collect/${encodeURIComponent(accessionNo)}`, {
        signal,
      });
      // A patient's session now holds the recollection order: the next token carries it (decision 0040).
      // The original order's status and timeline now show the recollection: read afresh.
      if (answer.status === 'SUCCESS') {
        api.tokens.clear();
        await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      }
      return answer;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** POST /gear/order/{id}/recollection-pack (decision 0252): the $40 pack of a pending recollection paid by card. */
export function usePayRecollectionPack(orderId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: TokenizeCardBody) =>
      api.post<RecollectionOrderSummary>(`/gear/order/${orderId}/recollection-pack`, card, {
        authErrors: 'throw',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) }),
  });
}
