import type { CancelOrderResult, GearOrder } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { queryKeys } from '../../api/keys.ts';
import { rememberSavedOrder, sendWithSaveKey, useOrderSave } from '../../api/order-save.ts';
import { createSaveKeys } from '../../api/save-keys.ts';

/**
 * The calls of the skip-step alert and the removal modal. They answer 403 with the spec's own message (spec 2 §8),
 * so they keep their 403s ('throw') instead of leaving the page.
 */
const ownErrors = { authErrors: 'throw' } as const;

export interface SkipStepCall {
  orderId: number;
  version: number;
  stepId: number;
  gearReqId: number | null;
}

/** PUT /gear/order/{id}/skip-step/{stepId}[/{reqId}]: answers the order or errors[{field, defaultMessage}]. */
export const useSkipStep = () =>
  useOrderSave((api, { orderId, version, stepId, gearReqId }: SkipStepCall) =>
    api.put<GearOrder>(
      `/gear/order/${orderId}/skip-step/${stepId}${gearReqId === null ? '' : `/${gearReqId}`}`,
      undefined,
      { query: { version }, ...ownErrors },
    ),
  );

export interface RequisitionCall {
  orderId: number;
  version: number;
  gearReqId: number;
}

/** DELETE /gear/order/{id}/requisition/{reqId}: answers the updated order. */
export const useRemoveRequisition = () =>
  useOrderSave((api, { orderId, version, gearReqId }: RequisitionCall) =>
    api.delete<GearOrder>(`/gear/order/${orderId}/requisition/${gearReqId}`, {
      query: { version },
      ...ownErrors,
    }),
  );

/**
 * PUT /gear/order/{orderId}/requisition/{reqId}/save-for-later: answers {order, newOrderId} (decision 0035). With an
 * Idempotency-Key, so a repeat after a lost answer gets the same new order (docs/decisions/0200).
 */
export function useSaveForLater() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [keys] = useState(createSaveKeys);
  return useMutation({
    mutationFn: (call: RequisitionCall) =>
      sendWithSaveKey(keys, api, call, (keyed) =>
        keyed.put<{ order: GearOrder; newOrderId: number }>(
          `/gear/order/${call.orderId}/requisition/${call.gearReqId}/save-for-later`,
          undefined,
          { query: { version: call.version }, ...ownErrors },
        ),
      ),
    onSuccess: ({ order }) => {
      // A patient's session now holds the new order too (decision 0040): the next token carries it.
      api.tokens.clear();
      rememberSavedOrder(queryClient, order);
    },
  });
}

/** DELETE /gear/order/cancel/{id}: the text cancelPass, cancelAlreadyRefunded or other (spec 3 §7). */
export function useCancelOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  // The same cancel sent again after a lost answer keeps its Idempotency-Key (decision 0200).
  const [keys] = useState(createSaveKeys);
  return useMutation({
    mutationFn: (call: { orderId: number; version: number }) =>
      sendWithSaveKey(keys, api, call, (keyed) =>
        keyed.delete<CancelOrderResult>(`/gear/order/cancel/${call.orderId}`, {
          query: { version: call.version },
          responseType: 'text',
          ...ownErrors,
        }),
      ),
    onSuccess: (_result, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) }),
  });
}
