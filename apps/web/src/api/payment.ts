import type { CardToken, PaymentSummary, TokenizeCardBody } from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/**
 * GET /gear/order/{id}/payment-summary: amounts due, the choices offered, acknowledgements, payments made. With the
 * applied discount code the amounts and Payment Due Today are the server's, less that code (decision 0132).
 */
export function usePaymentSummary(
  orderId: number,
  version: number,
  discountCode: string | null = null,
  enabled = true,
) {
  const api = useApi();
  const query = discountCode === null ? '' : `?discountCode=${encodeURIComponent(discountCode)}`;
  return useQuery({
    queryKey: [...queryKeys.paymentSummary(orderId), version, discountCode],
    queryFn: ({ signal }) =>
      api.get<PaymentSummary>(`/gear/order/${orderId}/payment-summary${query}`, { signal }),
    // Keeps the amounts shown while a code applied or removed is checked by the server.
    placeholderData: (previous) => previous,
    retry: false,
    enabled,
  });
}

/**
 * POST /gateway/tokens (decision 0120): the card goes to the gateway's tokenization endpoint, as hosted fields post
 * it to a processor, and only the token comes back into the portal's calls.
 */
export const tokenizeCard = (api: ApiClient, card: TokenizeCardBody) =>
  api.post<CardToken>('/gateway/tokens', card, { auth: 'none' });

/** GET /html/connect/refund-policy/index.html (spec 3 §7): the refund policy text, loaded when the modal opens. */
export function useRefundPolicy(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.refundPolicy,
    queryFn: ({ signal }) =>
      api.get<string>('/html/connect/refund-policy/index.html', {
        signal,
        auth: 'none',
        responseType: 'text',
      }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
