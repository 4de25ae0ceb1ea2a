import type { OrderListPage } from '@gear/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** GET /api/orders (issue 15; decision 0310): one page of the caller's orders, drafts first. */
export function useOrderList(query: Record<string, string>) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.orderList(query),
    queryFn: ({ signal }) => api.get<OrderListPage>('/api/orders', { query, signal }),
    placeholderData: keepPreviousData,
    // A draft saved a moment ago is listed when the person comes back to the page.
    refetchOnMount: 'always',
  });
}
