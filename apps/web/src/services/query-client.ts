import { QueryClient } from '@tanstack/react-query';
import { type AppServices, readRetry, readRetryDelay } from './app-services.tsx';

/** The app's one query cache, made on first use (by the pages that read data, decision 0234). */
export function queryClientOf(services: AppServices): QueryClient {
  services.queryClient ??= new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: readRetry,
        retryDelay: readRetryDelay,
      },
      mutations: { retry: false },
    },
  });
  return services.queryClient;
}
