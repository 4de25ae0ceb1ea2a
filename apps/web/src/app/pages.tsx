import { MESSAGES } from '@gear/domain';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ActivationPage } from '../features/activation/activation-page.tsx';
import { useSession } from '../services/app-services.tsx';

/**
 * spec 1 §2.1 and spec 3 §2 '/' and '/kitordering': status=non-beta shows the 403 page; practitioners go to a new
 * order; patients (signed in or not) see Activate Your Test (decision 0140).
 */
export function HomePage() {
  const [params] = useSearchParams();
  const session = useSession();
  if (params.get('status') === 'non-beta') return <ForbiddenPage />;
  if (session.status === 'signedIn' && session.user.type === 'myGDX') {
    return <Navigate to="/order/new/pract" replace />;
  }
  return <ActivationPage />;
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
