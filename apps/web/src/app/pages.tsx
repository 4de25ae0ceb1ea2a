import { MESSAGES } from '@gear/domain';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoginRequired } from '../features/login/login-required.tsx';
import { useSession } from '../services/app-services.tsx';
import { FindYourOrder } from './find-your-order.tsx';

/** spec 1 §2.1 '/': status=non-beta shows the 403 page; practitioners go to a new order. */
export function HomePage() {
  const [params] = useSearchParams();
  const session = useSession();
  if (params.get('status') === 'non-beta') return <ForbiddenPage />;
  if (session.status === 'signedIn' && session.user.type === 'myGDX') {
    return <Navigate to="/order/new/pract" replace />;
  }
  // A patient who proved an order finds their orders by number and date of birth (decision 0040); the activation
  // page of spec 3 §2 comes with its own issue. Anyone else sees the sign-in links.
  if (session.status === 'signedIn') return <FindYourOrder />;
  return <LoginRequired />;
}

export function ForbiddenPage() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Access denied</Title>
      <Text>{MESSAGES.forbidden}</Text>
      <Text>
        If you believe you should have access, please contact client services. You can also{' '}
        <Anchor component={Link} to="/login">
          sign in with another account
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
