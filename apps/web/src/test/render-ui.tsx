import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme.ts';

/** A component with Mantine and a router, no data or services. */
export const renderUi = (ui: ReactNode, url = '/') =>
  render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
