import type { ContactMessageBody } from '@gear/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from './context.tsx';

/** GET /api/contact: the support line's phone and hours (decision 0183). */
export function useContactDetails() {
  const api = useApi();
  return useQuery({
    queryKey: ['contact-details'],
    queryFn: ({ signal }) =>
      api.get<{ supportPhone: string; supportHours: string }>('/api/contact', { signal, auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/contact/message: mails the message to support; a signed-in user's token says who wrote (no captcha). */
export function useSendContactMessage(signedIn: boolean) {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ContactMessageBody) =>
      api.post<{ message: string }>('/api/contact/message', body, {
        auth: signedIn ? 'bearer' : 'none',
        authErrors: 'throw',
      }),
  });
}
