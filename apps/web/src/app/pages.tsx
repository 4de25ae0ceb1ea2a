import { MESSAGES } from '@gear/domain';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { ActivationPage } from '../features/activation/activation-page.tsx';
import { useSession } from '../services/app-services.tsx';
import { AppLink, useNavigation } from '../services/navigation.tsx';

/** Practitioners start a new order (spec 1 §2.1). */
const PRACTITIONER_START = '/order/new/pract';

/**
 * spec 1 §2.1 and spec 3 §2 '/' and '/kitordering': status=non-beta shows the 403 page; practitioners go to a new
 * order; patients (signed in or not) see Activate Your Test (decision 0140). Shown by the front door and by the app
 * (decision 0235).
 */
export function HomePage() {
  const { location, navigate } = useNavigation();
  const session = useSession();
  const practitioner = session.status === 'signedIn' && session.user.type === 'myGDX';
  useEffect(() => {
    if (practitioner) void navigate(PRACTITIONER_START, { replace: true });
  }, [practitioner, navigate]);
  if (new URLSearchParams(location.search).get('status') === 'non-beta') return <ForbiddenPage />;
  if (practitioner) return null;
  return <ActivationPage />;
}

export function ForbiddenPage() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Access denied</Title>
      <Text>{MESSAGES.forbidden}</Text>
      <Text>
        If you believe you should have access, please contact client services. You can also{' '}
        <Anchor component={AppLink} to="/login">
          sign in with another account
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
