import { SECOND_FACTOR_FIELD } from '@gear/domain';
import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useConfig } from '../../api/context.tsx';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { challengeWouldHelp } from '../../api/session.ts';
import { useSignIn } from '../../api/sign-in.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import {
  SoftLockoutChallengeField,
  useSoftLockoutChallenge,
} from '../../components/soft-lockout-challenge.tsx';
import { useServices, useSession } from '../../services/app-services.tsx';

interface SignInValues {
  username: string;
  password: string;
  totp: string;
}

/** Both fields are required before the server is asked (its answer is one generic message either way). */
const RULES = {
  username: { validate: (value: string) => value.trim().length > 0 || 'Please enter your login name.' },
  password: { required: 'Please enter your password.' },
  totp: {
    pattern: { value: /^\s*\d{6}\s*$/, message: 'Enter the 6-digit code from your authenticator app.' },
  },
} as const;

/** The server's message for the second-factor field, when its answer named that field (docs/decisions/0229). */
const secondFactorError = (error: unknown): string | null =>
  (isApiError(error) &&
    error.fieldErrors.find((field) => field.field === SECOND_FACTOR_FIELD.name)?.defaultMessage) ||
  null;

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
  // Shown once the server asks: the code field (an administrator with ADMIN_TOTP=required) and, after a 429 that a
  // solved challenge would get past, the captcha whose solution goes with the next attempt (decision 0229).
  const [askTotp, setAskTotp] = useState(false);
  const challenge = useSoftLockoutChallenge();

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({
    defaultValues: { username: '', password: '', totp: '' },
  });
  const failureRef = useRef<HTMLDivElement>(null);

  // Signed in (now, or already): go where the user was heading.
  if (session.status === 'signedIn') return <Navigate to={returnTo} replace />;

  const onSubmit = handleSubmit((values) => {
    if (!challenge.ready()) return;
    const totp = askTotp ? values.totp.trim() : '';
    signIn.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        ...(totp ? { totp } : {}),
        ...(challenge.solution ? { challenge: challenge.solution } : {}),
      },
      {
        onSuccess: (user) => {
          queryClient?.clear();
          store.set({ status: 'signedIn', user });
        },
        onError: (error) => {
          if (secondFactorError(error)) setAskTotp(true);
          // Issue 15 (decision 0330): a refused sign-in moves the focus to its message, not to <body>.
          else requestAnimationFrame(() => failureRef.current?.focus());
          // A solution is used once: a new one for the next attempt.
          challenge.settled(challengeWouldHelp(error));
        },
      },
    );
  });

  const totpFailure = secondFactorError(signIn.error);
  const failure =
    signIn.error && !totpFailure
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
          <div ref={failureRef} tabIndex={-1}>
            <ErrorAlert message={failure} />
          </div>
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
          {askTotp && (
            <TextInput
              label={SECOND_FACTOR_FIELD.label}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              withAsterisk={false}
              error={errors.totp?.message ?? totpFailure ?? undefined}
              {...register('totp', {
                ...RULES.totp,
                required: 'Enter the 6-digit code from your authenticator app.',
              })}
            />
          )}
          <SoftLockoutChallengeField challenge={challenge} />
          <Button type="submit" loading={signIn.isPending} disabled={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
