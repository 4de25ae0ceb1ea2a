import { createTheme } from '@mantine/core';

/**
 * primaryShade is raised from Mantine's default 6 so that filled buttons and light-variant text pass the WCAG AA
 * contrast check (axe 'color-contrast'); autoContrast picks black or white text on filled colours.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'sm',
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
