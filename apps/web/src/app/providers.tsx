import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiProvider } from '../api/context.tsx';
import { type AppServices, ServicesProvider } from '../services/app-services.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function AppProviders({
  services,
  children,
  env = 'default',
}: {
  services: AppServices;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <ServicesProvider services={services}>
        <ApiProvider value={services}>{children}</ApiProvider>
      </ServicesProvider>
    </MantineProvider>
  );
}
