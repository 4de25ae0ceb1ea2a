import type { GearOrder } from '@gear/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /gear/order/{id}. */
export const fetchOrder = (api: ApiClient, id: number, signal?: AbortSignal): Promise<GearOrder> =>
  api.get<GearOrder>(`/gear/order/${id}`, { signal });

/** The saved order with this id; disabled for a new, unsaved order. */
export function useOrder(id: number | 'new') {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.order(typeof id === 'number' ? id : -1),
    queryFn: ({ signal }) => fetchOrder(api, id as number, signal),
    enabled: typeof id === 'number',
  });
}
