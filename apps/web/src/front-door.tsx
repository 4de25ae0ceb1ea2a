import '@mantine/core/styles.css';
import './app/phone.css';
import { frontDoorPageOf } from '@gear/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageFrame } from './app/page-frame.tsx';
import { HomePage } from './app/pages.tsx';
import { AppProviders } from './app/providers.tsx';
import { Startup } from './app/startup.tsx';
import { NotFoundPage } from './components/not-found-page.tsx';
import { ConnectPage } from './features/connect/connect-page.tsx';
import { createAppServices } from './services/app-services.tsx';
import { documentNavigation, NavigationProvider } from './services/navigation.tsx';

/**
 * The patients' front door (decision 0235): '/', '/kitordering' (Activate Your Test) and '/connect/{id?}' (Welcome
 * Back) as a page of their own, without the app's data router, in the same providers and page frame. Links and the
 * step after a proof are normal navigations, which load the app (main.tsx).
 */
const services = createAppServices();
services.navigate = (to) => documentNavigation.navigate(to);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from front-door.html');

function FrontDoor() {
  const page = frontDoorPageOf(window.location.pathname);
  if (page?.page === 'activation') return <HomePage />;
  if (page?.page === 'connect') return <ConnectPage id={page.id} />;
  return <NotFoundPage />;
}

createRoot(root).render(
  <StrictMode>
    <AppProviders services={services}>
      <Startup>
        <NavigationProvider value={documentNavigation}>
          <PageFrame pageKey={window.location.pathname}>
            <FrontDoor />
          </PageFrame>
        </NavigationProvider>
      </Startup>
    </AppProviders>
  </StrictMode>,
);
