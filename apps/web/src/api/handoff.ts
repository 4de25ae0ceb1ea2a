import type { HandoffRequest, HandoffResponse } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from './context.tsx';
import { ORDER_CHANGE_SCOPE, rememberSavedOrder, sendWithSaveKey, versionToSend } from './order-save.ts';
import { createSaveKeys } from './save-keys.ts';

export interface HandoffCall {
  /** The order handed off: its id and the version the screen read (If-Match; docs/decisions/0100). */
  order: { id: number; version: number };
  patientInfo: HandoffRequest;
  /** A drop-ship order's shipping method, sent as the last segment of the path (docs/decisions/0091). */
  shippingMethod: string | null;
}

/**
 * POST /gear/order/{id}/handoff[/{shippingMethod}]: emails the patient the link to the order; answers the order. With
 * an Idempotency-Key, kept when the same handoff is sent again after a transient failure (docs/decisions/0200).
 */
export function useHandOff() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [keys] = useState(createSaveKeys);
  return useMutation({
    scope: ORDER_CHANGE_SCOPE,
    mutationFn: (call: HandoffCall) => {
      const { order, patientInfo, shippingMethod } = call;
      const version = versionToSend(queryClient, order);
      return sendWithSaveKey(keys, api, { call, version }, (keyed) =>
        keyed.post<HandoffResponse>(
          `/gear/order/${order.id}/handoff${shippingMethod ? `/${encodeURIComponent(shippingMethod)}` : ''}`,
          patientInfo,
          { ifMatchVersion: version },
        ),
      );
    },
    onSuccess: ({ gearOrder }) => rememberSavedOrder(queryClient, gearOrder),
  });
}
