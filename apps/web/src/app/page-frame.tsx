import { homePathOf, isAdmin, ORDERS_PAGE_PATH, signedInLabel } from '@gear/domain';
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useServices, useSession } from '../services/app-services.tsx';
import { AppLink, useNavigation } from '../services/navigation.tsx';
import { returningVisit } from '../services/returning-visit.ts';
import classes from './layout.module.css';
import { useSessionTimers, useSignOut } from './session-timers.ts';

/**
 * The page frame: skip link, header (brand, help, navigation, sign-out), main, footer. The app's layout (inside the
 * router) and the patients' front door (without it, decision 0235) both show their pages in it.
 */
export function PageFrame({ pageKey, children }: { pageKey: string; children: ReactNode }) {
  useSessionTimers();
  // spec 2 §3: the returning visit is kept 30 minutes from its last refresh; every page shown refreshes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => returningVisit.refresh(), [pageKey]);
  return (
    <Box className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppHeader />
      <Container component="main" id="main" tabIndex={-1} size="lg" py="lg" className={classes.main}>
        {children}
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
  const { navigate } = useNavigation();
  const user = session.status === 'signedIn' ? session.user : null;
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg">
        <Group justify="space-between" mih={56} py={6} wrap="nowrap">
          <Anchor
            component={AppLink}
            to={homePathOf(user)}
            fw={700}
            size="lg"
            c="inherit"
            underline="never"
            style={{ whiteSpace: 'nowrap' }}
          >
            Gear portal
          </Anchor>
          {/* On a phone an admin's links take a second line rather than pushing Sign out off the screen. */}
          <Group component="nav" aria-label="Account" gap="md" wrap="wrap" justify="flex-end">
            <Box visibleFrom="sm">
              <SupportPhoneLink label="Help:" />
            </Box>
            {user ? (
              <>
                {user.type === 'myGDX' && (
                  <Anchor component={AppLink} to={ORDERS_PAGE_PATH} size="sm">
                    Orders
                  </Anchor>
                )}
                {user.type === 'myGDX' && (
                  <Anchor component={AppLink} to="/patient-management" size="sm">
                    Patients
                  </Anchor>
                )}
                {user.type === 'myGDX' && (
                  <Anchor component={AppLink} to="/custom-profile" size="sm" visibleFrom="sm">
                    Custom Profiles
                  </Anchor>
                )}
                {isAdmin(user) && (
                  <Anchor component={AppLink} to="/order-history" size="sm">
                    Order History
                  </Anchor>
                )}
                <Text size="sm" visibleFrom="xs" data-testid="signed-in-as">
                  {signedInLabel(user)}
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
              <Anchor component={AppLink} to="/login" size="sm">
                Sign in
              </Anchor>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
