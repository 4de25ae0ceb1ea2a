import type { PitlTransferRequest, PitlTransferResponse, TokenizeCardBody } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import { tokenizeCard } from './payment.ts';

const refresh = (queryClient: ReturnType<typeof useQueryClient>, orderId: number) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) });

export interface TransferCall {
  orderId: number;
  /** The order's version read (If-Match; decision 0294). */
  version: number;
  dateOfBirth: string | null;
  gearReqIds: number[];
  newPatient: PitlTransferRequest['newPatient'];
  card: TokenizeCardBody;
}

/**
 * POST /gear/order/{id}/pitl-transfer?dateOfBirth (spec 3 §7; decision 0290): the card goes to the gateway first
 * (decision 0120), then the transfer with its token and the $15.00 authorized, naming the order's version read.
 */
export function useTransferPacks() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, version, dateOfBirth, gearReqIds, newPatient, card }: TransferCall) => {
      const token = await tokenizeCard(api, card);
      const body: PitlTransferRequest = {
        gearOrderId: orderId,
        gearReqIds,
        newPatient,
        physicianFeePayment: { paymentType: 'pitlclientfee', tokenId: token.token, cardAuthAmount: 15 },
      };
      return api.post<PitlTransferResponse>(`/gear/order/${orderId}/pitl-transfer`, body, {
        query: { dateOfBirth },
        ifMatchVersion: version,
        authErrors: 'throw',
      });
    },
    onSuccess: (_answer, { orderId }) => refresh(queryClient, orderId),
  });
}
