import type {
  CancelOrderResult,
  GearOrder,
  InteractiveReport,
  OrderStatus,
  OrderTimeline,
} from '@gear/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import { rememberSavedOrder, sendWithSaveKey } from './order-save.ts';
import { createSaveKeys } from './save-keys.ts';

/** GET /gear/order/{id}/status?accessionNo (decision 0262): derived statuses, actions and each test's offering. */
export function useOrderStatus(orderId: number, accessionNo: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.orderStatus(orderId, accessionNo),
    queryFn: ({ signal }) =>
      api.get<OrderStatus>(`/gear/order/${orderId}/status`, { query: { accessionNo }, signal }),
  });
}

/** GET /gear/order/{id}/timeline (decision 0262): every dated fact of the order, oldest first. */
export function useOrderTimeline(orderId: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.orderTimeline(orderId),
    queryFn: ({ signal }) => api.get<OrderTimeline>(`/gear/order/${orderId}/timeline`, { signal }),
  });
}

/** After a cancel: the order, its status and its timeline read afresh. */
const refreshOrder = (queryClient: ReturnType<typeof useQueryClient>, orderId: number) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) });

export interface CancelTestCall {
  orderId: number;
  version: number;
  gearReqId: number;
  dateOfBirth: string | null;
}

/** GET /gear/order/{id}/requisition/{reqId}/cancel?dateOfBirth (spec 3 §7 'Cancels one test'): answers the order. */
export function useCancelTest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, version, gearReqId, dateOfBirth }: CancelTestCall) =>
      api.get<GearOrder>(`/gear/order/${orderId}/requisition/${gearReqId}/cancel`, {
        query: { version, dateOfBirth },
        authErrors: 'throw',
      }),
    onSuccess: async (order, { orderId }) => {
      rememberSavedOrder(queryClient, order);
      await refreshOrder(queryClient, orderId);
    },
  });
}

export interface CancelOrderCall {
  orderId: number;
  version: number;
  dateOfBirth: string | null;
}

/**
 * DELETE /gear/order/cancel/{id}?dateOfBirth (spec 3 §7): the text cancelPass, cancelAlreadyRefunded or other; the
 * order is then reloaded (GET /gear/order/{id}?dateOfBirth) with its status and timeline.
 */
export function useCancelWholeOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  // The same cancel sent again after a lost answer keeps its Idempotency-Key (decision 0200): its refund, not a 409.
  const [keys] = useState(createSaveKeys);
  return useMutation({
    mutationFn: (call: CancelOrderCall) =>
      sendWithSaveKey(keys, api, call, (keyed) =>
        keyed.delete<CancelOrderResult>(`/gear/order/cancel/${call.orderId}`, {
          query: { version: call.version, dateOfBirth: call.dateOfBirth },
          responseType: 'text',
          authErrors: 'throw',
        }),
      ),
    onSettled: (_result, _error, { orderId }) => refreshOrder(queryClient, orderId),
  });
}

/** Fetches a PDF the API serves and opens the browser's save of it. */
export async function downloadPdf(
  api: ApiClient,
  path: string,
  query: Record<string, string | null>,
  fileName: string,
): Promise<void> {
  const pdf = await api.get<Blob>(path, { query, responseType: 'blob' });
  const address = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

/**
 * GET /gear/gear-requisition/{reqId}/interactiveReport?accessionNo&dateOfBirth (decision 0265): the lab's structured
 * results of one accession, served exactly as the result PDF is.
 */
export function useInteractiveReport(
  orderId: number,
  gearReqId: number | null,
  accessionNo: string,
  dateOfBirth: string | null,
) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.interactiveReport(orderId, accessionNo),
    queryFn: ({ signal }) =>
      api.get<InteractiveReport>(`/gear/gear-requisition/${gearReqId}/interactiveReport`, {
        query: { accessionNo, dateOfBirth },
        signal,
      }),
    enabled: gearReqId !== null,
    retry: false,
  });
}
