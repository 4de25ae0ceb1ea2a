import { type GearOrder, isSavedOrder } from '@gear/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSaved } from '../components/saved-notice-registry.ts';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';
import { createSaveKeys, type SaveKeys, withSaveKey } from './save-keys.ts';

/** The one way the browser remembers an order the server answered after a save: it becomes the cached order. */
export const rememberSavedOrder = (queryClient: QueryClient, saved: GearOrder | null | undefined): void => {
  if (saved && isSavedOrder(saved)) queryClient.setQueryData(queryKeys.order(saved.id), saved);
};

/**
 * Changes of an order made outside a step's form (the review's boxes and quantities, the handoff) run one after
 * another: one mutation scope, so each names the version the change before it answered (docs/decisions/0100).
 */
export const ORDER_CHANGE_SCOPE = { id: 'order-change' } as const;

/**
 * The version a change names (If-Match, or the body's version): the cached order's, which every saved answer
 * refreshes (rememberSavedOrder), else the version of the order the screen shows.
 */
export const versionToSend = (queryClient: QueryClient, order: { id: number; version: number }): number =>
  queryClient.getQueryData<GearOrder>(queryKeys.order(order.id))?.version ?? order.version;

/**
 * Sends one save with the Idempotency-Key `keys` gives for what is sent (`sent`: the same save again after a transient
 * failure keeps its key; docs/decisions/0200), and tells `keys` how it ended.
 */
export const sendWithSaveKey = <TAnswer>(
  keys: SaveKeys,
  api: ApiClient,
  sent: unknown,
  send: (keyed: ApiClient) => Promise<TAnswer>,
): Promise<TAnswer> =>
  send(withSaveKey(api, keys.keyFor(sent))).then(
    (answer) => {
      keys.settled(null);
      return answer;
    },
    (failure: unknown) => {
      keys.settled(failure);
      throw failure;
    },
  );

/**
 * A save whose answer is the order (every step's save): sends the body, then remembers the saved order and says
 * 'Saved' briefly (issue 15). The answer may be null for the saves of spec 2 §7 whose failure is 'no id returns'. Each save goes with an Idempotency-Key,
 * kept when the same save is made again after a transient failure (docs/decisions/0200).
 */
export function useOrderSave<TBody, TAnswer extends GearOrder | null = GearOrder>(
  send: (api: ApiClient, body: TBody) => Promise<TAnswer>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [keys] = useState(createSaveKeys);
  return useMutation({
    mutationFn: (body: TBody) => sendWithSaveKey(keys, api, body, (keyed) => send(keyed, body)),
    onSuccess: (saved) => {
      rememberSavedOrder(queryClient, saved);
      if (saved && isSavedOrder(saved)) showSaved();
    },
  });
}
