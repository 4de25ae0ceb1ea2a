import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useConfig } from '../../api/context.tsx';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { useSignIn } from '../../api/sign-in.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useServices, useSession } from '../../services/app-services.tsx';

interface SignInValues {
  username: string;
  password: string;
}

/** Both fields are required before the server is asked (its answer is one generic message either way). */
const RULES = {
  username: { validate: (value: string) => value.trim().length > 0 || 'Please enter your login name.' },
  password: { required: 'Please enter your password.' },
} as const;

/** Only a path on this site is a return target (no scheme, no protocol-relative '//host'). */
export function safeReturnPath(url: string | null): string {
  if (!url?.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/';
  return url;
}

/** /login and /mygdx/login (spec 1 §2.1): login name and password; the optional url query is where to go next. */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const { session: store, queryClient } = useServices();
  const { supportPhone } = useConfig();
  const signIn = useSignIn();
  const returnTo = safeReturnPath(params.get('url'));
  const practitioner = location.pathname.startsWith('/mygdx');

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({
    defaultValues: { username: '', password: '' },
  });

  // Signed in (now, or already): go where the user was heading.
  if (session.status === 'signedIn') return <Navigate to={returnTo} replace />;

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (user) => {
          queryClient?.clear();
          store.set({ status: 'signedIn', user });
        },
      },
    ),
  );

  const failure = signIn.error
    ? (isApiError(signIn.error) && signIn.error.kind !== 'network' && signIn.error.serverMessage) ||
      errorMessage(signIn.error, supportPhone)
    : null;

  return (
    <Paper withBorder p="xl" maw={420} mx="auto" mt="xl">
      <form onSubmit={onSubmit} noValidate aria-labelledby="sign-in-title">
        <Stack gap="md">
          <Title order={1} id="sign-in-title" size="h2">
            {practitioner ? 'Practitioner login' : 'Sign in'}
          </Title>
          <ErrorAlert message={failure} />
          <TextInput
            label="Login name"
            autoComplete="username"
            required
            withAsterisk={false}
            error={errors.username?.message}
            {...register('username', RULES.username)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            error={errors.password?.message}
            {...register('password', RULES.password)}
          />
          <Button type="submit" loading={signIn.isPending} disabled={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
