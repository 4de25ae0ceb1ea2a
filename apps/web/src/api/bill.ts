import type { Bill, TokenizeCardBody } from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import { tokenizeCard } from './payment.ts';

/** The Pay Bill link's own values (spec 3 §2 /pay/ereq/{gearReqId}?requisitionNumber&orderNo&dateOfBirth). */
export interface BillLink {
  requisitionNumber: string | null;
  orderNo: string | null;
  dateOfBirth: string | null;
}

const queryOf = (link: BillLink) => ({
  requisitionNumber: link.requisitionNumber ?? undefined,
  orderNo: link.orderNo ?? undefined,
  dateOfBirth: link.dateOfBirth ?? undefined,
});

/** GET /gear/gear-requisition/{gearReqId}/bill (decision 0300): what the test still owes. */
export function useBill(gearReqId: number, link: BillLink) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.bill(gearReqId),
    queryFn: ({ signal }) =>
      api.get<Bill>(`/gear/gear-requisition/${gearReqId}/bill`, { query: queryOf(link), signal }),
    retry: false,
  });
}

/**
 * POST …/bill-payment (decision 0300): the card goes to the gateway's tokenization endpoint, and only its token, with
 * the version of the order read (If-Match) and the captcha, to the payment.
 */
export function usePayBill(gearReqId: number, link: BillLink) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { card: TokenizeCardBody; version: number; recaptcha: string | null }) => {
      const { token } = await tokenizeCard(api, input.card);
      return api.post<Bill>(
        `/gear/gear-requisition/${gearReqId}/bill-payment`,
        { tokenId: token, recaptcha: input.recaptcha },
        { query: queryOf(link), ifMatchVersion: input.version, authErrors: 'throw' },
      );
    },
    onSuccess: async (bill) => {
      queryClient.setQueryData(queryKeys.bill(gearReqId), bill);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
