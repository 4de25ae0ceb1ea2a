import '@mantine/core/styles.css';
import './app/phone.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { Startup } from './app/startup.tsx';
import { createAppServices } from './services/app-services.tsx';

const services = createAppServices();
const router = createBrowserRouter(routes);
services.navigate = (to) => void router.navigate(to);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders services={services}>
      <Startup>
        <RouterProvider router={router} />
      </Startup>
    </AppProviders>
  </StrictMode>,
);
