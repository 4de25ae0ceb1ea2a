import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { LoginPage } from '../features/login/login-page.tsx';
import { AppLayout, RouteError } from './layout.tsx';
import { HomePage } from './pages.tsx';

/**
 * spec 1 §2.1 routes. The sign-in pages are in the first bundle; the wizard (and every later area) is loaded on
 * demand. /register is only a link target until patient registration adds its page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { index: true, Component: HomePage },
      { path: 'kitordering', Component: HomePage },
      { path: 'login', Component: LoginPage },
      { path: 'mygdx/login', Component: LoginPage },
      {
        path: 'order/:id/:step/:gearReqId?',
        lazy: async () => ({ Component: (await import('../features/wizard/wizard-route.tsx')).WizardRoute }),
      },
      {
        path: 'connect/:id?',
        lazy: async () => ({ Component: (await import('../features/connect/connect-page.tsx')).ConnectPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
