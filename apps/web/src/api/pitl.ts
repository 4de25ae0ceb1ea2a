import type {
  PitlRecollectionOrderSummary,
  PitlTransferRequest,
  PitlTransferResponse,
  TokenizeCardBody,
} from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import { tokenizeCard } from './payment.ts';

/** GET /gear/order/{id}/pitl (decision 0291). */
export interface PitlView {
  physicianInTheLoop: boolean;
  pitlRecollectionOrderSummary: PitlRecollectionOrderSummary;
  replacementFeesDue: { gearReqId: number; amountCents: number }[];
  transfer: { eligibleGearReqIds: number[]; preselectedGearReqIds: number[]; feeCents: number };
}

export function usePitlView(orderId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.pitl(orderId),
    queryFn: ({ signal }) => api.get<PitlView>(`/gear/order/${orderId}/pitl`, { signal }),
    enabled,
  });
}

const refresh = (queryClient: ReturnType<typeof useQueryClient>, orderId: number) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) });

export interface TransferCall {
  orderId: number;
  dateOfBirth: string | null;
  gearReqIds: number[];
  newPatient: PitlTransferRequest['newPatient'];
  card: TokenizeCardBody;
}

/**
 * POST /gear/order/{id}/pitl-transfer?dateOfBirth (spec 3 §7; decision 0290): the card goes to the gateway first
 * (decision 0120), then the transfer with its token and the $15.00 authorized.
 */
export function useTransferPacks() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, dateOfBirth, gearReqIds, newPatient, card }: TransferCall) => {
      const token = await tokenizeCard(api, card);
      const body: PitlTransferRequest = {
        gearOrderId: orderId,
        gearReqIds,
        newPatient,
        physicianFeePayment: { paymentType: 'pitlclientfee', tokenId: token.token, cardAuthAmount: 15 },
      };
      return api.post<PitlTransferResponse>(`/gear/order/${orderId}/pitl-transfer`, body, {
        query: { dateOfBirth },
        authErrors: 'throw',
      });
    },
    onSuccess: (_answer, { orderId }) => refresh(queryClient, orderId),
  });
}

export interface ReplacementFeeCall {
  orderId: number;
  dateOfBirth: string | null;
  card: TokenizeCardBody;
}

/** POST /gear/order/{id}/pitl-replacement-fee?dateOfBirth (decision 0291): the $40 fee of each pending recollection. */
export function usePayReplacementFee() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, dateOfBirth, card }: ReplacementFeeCall) => {
      const token = await tokenizeCard(api, card);
      return api.post<PitlView>(
        `/gear/order/${orderId}/pitl-replacement-fee`,
        { tokenId: token.token },
        { query: { dateOfBirth }, authErrors: 'throw' },
      );
    },
    onSuccess: (_answer, { orderId }) => refresh(queryClient, orderId),
  });
}
