import { MESSAGES } from '@gear/domain';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../services/app-services.tsx';

/** The practitioner login link, returning to the given path after sign-in. */
export const loginHref = (returnTo: string) => `/mygdx/login?url=${encodeURIComponent(returnTo)}`;

/** spec 1 §2.2: shown when the user is not signed in or the session has expired. */
export function LoginRequired() {
  const location = useLocation();
  const session = useSession();
  const reason = session.status === 'signedOut' ? session.reason : 'anonymous';
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Sign in required</Title>
      {reason === 'idle' && <Text role="status">You were signed out after 30 minutes without activity.</Text>}
      {reason === 'expired' && <Text role="status">Your session has expired.</Text>}
      <Text>{MESSAGES.signInRequired}</Text>
      <List listStyleType="none" spacing="xs">
        <List.Item>
          <Anchor component={Link} to={loginHref(returnTo)}>
            Practitioner Login
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/register">
            Patient Registration
          </Anchor>
        </List.Item>
      </List>
    </Stack>
  );
}
