import type { OrderHistoryPage } from '@gear/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /api/admin/orders (decision 0281): one page of the order history for a search. */
export function useOrderHistory(query: Record<string, string>) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.orderHistory(query),
    queryFn: ({ signal }) => api.get<OrderHistoryPage>('/api/admin/orders', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
