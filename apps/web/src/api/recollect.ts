import type { GearOrder, ReCollectResponse, TokenizeCardBody } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import { tokenizeCard } from './payment.ts';

/**
 * GET /gear/re-collect/{accessionNo} (spec 3 §7; decision 0252): makes (or finds) the recollection of a discarded
 * specimen and answers where to follow it. Asked once per page visit (repeats answer the same recollection).
 * Making one names the order's version read (If-Match, decision 0294).
 */
export function useReCollect(accessionNo: string, version: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.reCollect(accessionNo),
    queryFn: async ({ signal }) => {
      // The version of the order read where the pack was asked for (its status page's link): making the
      // recollection changes that order (decision 0294).
      const answer = await api.get<ReCollectResponse>(`/gear/re-collect/${encodeURIComponent(accessionNo)}`, {
        signal,
        ...(version === null ? {} : { ifMatchVersion: version }),
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

export interface RecollectionPackCall {
  /** The order re-collected (the one whose recollections are paid), its version read and its date of birth. */
  orderId: number;
  version: number;
  dateOfBirth: string | null;
  /** Only this recollection order's pack; null: every pack due on the order (decision 0293). */
  recollectionOrderId: number | null;
  card: TokenizeCardBody;
}

/**
 * POST /gear/order/{id}/recollection-pack?dateOfBirth (decision 0293): the one way a recollection's $40 pack (PITL:
 * the replacement fee) is paid. The card goes to the gateway first (decision 0120); the order's version read goes as
 * If-Match.
 */
export function usePayRecollectionPack() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      orderId,
      version,
      dateOfBirth,
      recollectionOrderId,
      card,
    }: RecollectionPackCall) => {
      const token = await tokenizeCard(api, card);
      return api.post<GearOrder>(
        `/gear/order/${orderId}/recollection-pack`,
        { recollectionOrderId, tokenId: token.token },
        { query: { dateOfBirth }, ifMatchVersion: version, authErrors: 'throw' },
      );
    },
    // Both orders change (the original's summary and status, the recollection order's payment): read them afresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
