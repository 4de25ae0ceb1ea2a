import { type RouteObject, useParams } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { AppLayout, RouteError } from './layout.tsx';

/**
 * spec 1 §2.1 routes. Every page is loaded on demand, and the pages that read data with the query cache (decision
 * 0234). A browser opening '/', '/kitordering' or '/connect' gets the patients' front door (front-door.tsx, decision
 * 0235) instead of this app; the app shows the same pages when someone reaches them from inside it.
 */
const homePage = async () => ({ Component: (await import('./pages.tsx')).HomePage });
/** The sign-in form (and its form library) loads when asked for: '/' is the patients' page (decision 0142). */
const loginPage = async () => ({ Component: (await import('../features/login/login-page.tsx')).LoginPage });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { index: true, lazy: homePage },
      { path: 'kitordering', lazy: homePage },
      {
        path: 'connect/:id?',
        lazy: async () => {
          const { ConnectPage } = await import('../features/connect/connect-page.tsx');
          return {
            Component: function ConnectRoute() {
              return <ConnectPage id={useParams().id} />;
            },
          };
        },
      },
      {
        // The pages that read data share the query cache, loaded with the first of them (decision 0234).
        lazy: async () => ({ Component: (await import('./query-layout.tsx')).QueryLayout }),
        children: [
          { path: 'login', lazy: loginPage },
          { path: 'mygdx/login', lazy: loginPage },
          {
            path: 'order/:id',
            lazy: async () => ({
              Component: (await import('../features/wizard/order-entry-route.tsx')).OrderEntryRoute,
            }),
          },
          {
            path: 'patient/:orderId/:reqId?',
            lazy: async () => ({
              Component: (await import('../features/wizard/order-entry-route.tsx')).PatientFallbackRoute,
            }),
          },
          {
            path: 'order/:id/:step/:gearReqId?',
            lazy: async () => ({
              Component: (await import('../features/wizard/wizard-route.tsx')).WizardRoute,
            }),
          },
          {
            path: 'register/:reqNum?',
            lazy: async () => ({
              Component: (await import('../features/activation/registration-page.tsx')).RegistrationPage,
            }),
          },
          {
            path: 'view/:orderId',
            lazy: async () => ({ Component: (await import('./view-page.tsx')).ViewPage }),
          },
          ...(['mygdx/contact', 'contact', 'contact/providers'] as const).map((path) => ({
            path,
            lazy: async () => {
              const { ContactPage } = await import('../features/contact/contact-page.tsx');
              const audience = path === 'mygdx/contact' ? ('practitioner' as const) : ('patient' as const);
              return { Component: () => <ContactPage audience={audience} /> };
            },
          })),
          {
            path: 'patient-management',
            lazy: async () => ({
              Component: (await import('./patient-management-route.tsx')).PatientManagementRoute,
            }),
          },
          {
            path: 'order-status/:id',
            lazy: async () => ({
              Component: (await import('./order-status-route.tsx')).OrderStatusRoute,
            }),
          },
          {
            path: 'prc/reporting',
            lazy: async () => ({
              Component: (await import('../features/reporting/resource-center-page.tsx')).ResourceCenterPage,
            }),
          },
          {
            path: 'prc/reporting/ireport/:accessionNo',
            lazy: async () => ({
              Component: (await import('./reporting-routes.tsx')).InteractiveReportRoute,
            }),
          },
          {
            path: 'pay/ereq/:gearReqId',
            lazy: async () => ({
              Component: (await import('./pay-bill-route.tsx')).PayBillRoute,
            }),
          },
          {
            path: 'recollect/:accessionNo',
            lazy: async () => ({
              Component: (await import('./recollect-route.tsx')).RecollectRoute,
            }),
          },
          {
            // The orders page (issue 15; decisions 0310, 0311): not a path of the spec.
            path: 'orders',
            lazy: async () => ({
              Component: (await import('../features/order-list/orders-page.tsx')).OrdersPage,
            }),
          },
          {
            path: 'order-history',
            lazy: async () => ({
              Component: (await import('../features/order-list/order-history-page.tsx')).OrderHistoryPage,
            }),
          },
          {
            path: 'custom-profile',
            lazy: async () => ({
              Component: (await import('../features/panels/custom-profile/custom-profile-list-page.tsx'))
                .CustomProfileListPage,
            }),
          },
          ...(['custom-profile/new/:gsdlNo', 'custom-profile/edit/:gearBundleId'] as const).map((path) => ({
            path,
            lazy: async () => ({
              Component: (await import('../features/panels/custom-profile/custom-profile-editor-page.tsx'))
                .CustomProfileEditorPage,
            }),
          })),
          {
            path: 'terms',
            lazy: async () => ({ Component: (await import('../features/terms/terms-page.tsx')).TermsPage }),
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
