import { useMutation } from '@tanstack/react-query';
import { useApi } from './context.tsx';
import { type Credentials, signIn } from './session.ts';

/** The sign-in form's mutation; apart from session.ts so that the first page does not load the query library. */
export function useSignIn() {
  const api = useApi();
  return useMutation({ mutationFn: (credentials: Credentials) => signIn(api, credentials) });
}
