import { isAdmin, messages } from '@gear/domain';
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { useServices, useSession } from '../services/app-services.tsx';
import { returningVisit } from '../services/returning-visit.ts';
import classes from './layout.module.css';
import { useSessionTimers, useSignOut } from './session-timers.ts';

/** The page frame: skip link, header (brand, help, navigation, sign-out), main, footer. */
export function AppLayout() {
  useSessionTimers();
  const location = useLocation();
  // spec 2 §3: the returning visit is kept 30 minutes from its last refresh; every page shown refreshes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => returningVisit.refresh(), [location.key]);
  return (
    <Box className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppHeader />
      <Container component="main" id="main" tabIndex={-1} size="lg" py="lg" className={classes.main}>
        <Outlet />
      </Container>
      <AppFooter />
    </Box>
  );
}

/** The support phone as a link a phone can call (configuration, never a literal). */
function SupportPhoneLink({ label }: { label: string }) {
  const { config } = useServices();
  if (!config.supportPhone) return null;
  return (
    <Anchor href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`} size="sm" className={classes.target}>
      {label} {config.supportPhone}
    </Anchor>
  );
}

/** Issue 15 (decision 0232): where to get help, on every page. */
function AppFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="xs" py="md" wrap="wrap">
          <Text size="sm">Gear portal · Questions about an order or a test?</Text>
          <SupportPhoneLink label="Call client services at" />
        </Group>
      </Container>
    </Box>
  );
}

function AppHeader() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const user = session.status === 'signedIn' ? session.user : null;
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg">
        <Group justify="space-between" h={56} wrap="nowrap">
          <Anchor component={Link} to="/" fw={700} size="lg" c="inherit" underline="never">
            Gear portal
          </Anchor>
          <Group component="nav" aria-label="Account" gap="md" wrap="nowrap">
            <Box visibleFrom="sm">
              <SupportPhoneLink label="Help:" />
            </Box>
            {user ? (
              <>
                {user.type === 'myGDX' && (
                  <Anchor component={Link} to="/patient-management" size="sm">
                    Patients
                  </Anchor>
                )}
                {user.type === 'myGDX' && (
                  <Anchor component={Link} to="/custom-profile" size="sm" visibleFrom="sm">
                    Custom Profiles
                  </Anchor>
                )}
                {isAdmin(user) && (
                  <Anchor component={Link} to="/order-history" size="sm">
                    Order History
                  </Anchor>
                )}
                <Text size="sm" visibleFrom="xs">
                  Signed in{user.gsdlNo ? ` as ${user.gsdlNo}` : user.type === 'prc' ? ' as a patient' : ''}
                </Text>
                <Button
                  variant="default"
                  size="xs"
                  onClick={async () => {
                    await signOut('signedOut');
                    await navigate('/login');
                  }}
                >
                  Sign out
                </Button>
              </>
            ) : (
              <Anchor component={Link} to="/login" size="sm">
                Sign in
              </Anchor>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** Route errors (a failed lazy import, a render error): said plainly, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const { config } = useServices();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container component="main" size="sm" py="xl">
      <h1>Something went wrong</h1>
      <p>{messages(config.supportPhone).unexpectedError}</p>
    </Container>
  );
}
