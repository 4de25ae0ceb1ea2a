import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { UnavailableNotice } from '../components/unavailable-notice.tsx';
import { useServices } from '../services/app-services.tsx';
import { queryClientOf } from '../services/query-client.ts';

/**
 * The pages that read or save through the query cache (sign-in, the wizard, view, contact, registration), with the
 * "temporarily unavailable" notice of their reads; loaded with the first of them, so that the patients' first pages
 * do not load the query library (decision 0234).
 */
export function QueryLayout() {
  const services = useServices();
  return (
    <QueryClientProvider client={queryClientOf(services)}>
      <UnavailableNotice />
      <Outlet />
    </QueryClientProvider>
  );
}
