import { messages } from '@gear/domain';
import { Container } from '@mantine/core';
import { useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { useServices } from '../services/app-services.tsx';
import { type AppLinkProps, type Navigation, NavigationProvider } from '../services/navigation.tsx';
import { PageFrame } from './page-frame.tsx';

const RouterLink = ({ to, ...props }: AppLinkProps) => <Link to={to} {...props} />;

/** The app's pages in the page frame, linking and moving on through the data router (decision 0235). */
export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({ location, navigate: (to, options) => navigate(to, options), Link: RouterLink }),
    [location, navigate],
  );
  return (
    <NavigationProvider value={navigation}>
      <PageFrame pageKey={location.key}>
        <Outlet />
      </PageFrame>
    </NavigationProvider>
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
