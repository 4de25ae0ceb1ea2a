import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * primaryShade is raised from Mantine's default 6 so that filled buttons and light-variant text pass the WCAG AA
 * contrast check (axe 'color-contrast'); autoContrast picks black or white text on filled colours. Modals and other
 * transitions are skipped for people who ask their system for reduced motion.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  respectReducedMotion: true,
  defaultRadius: 'sm',
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * Text colours that meet WCAG AA (4.5:1) on white and on the page's gray-0: error messages and descriptions are
 * darker than Mantine's defaults (red-6, even red-8, and gray-6 fail axe 'color-contrast' on gray-0).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Titles and text of yellow (warning) alerts: Mantine's yellow on its light yellow fails axe 'color-contrast'.
    '--mantine-color-yellow-light-color': '#6b4500',
    // Titles of green alerts ('Message sent'): Mantine's green, even green-9 (4.4:1), fails on its light green.
    '--mantine-color-green-light-color': '#1e6b30',
    // Light blue buttons (the Review's Edit): blue-9 text reads 4.0:1 on Mantine's blue-2 hover; one shade lighter
    // each way gives 5.5:1 at rest (blue-0) and 4.9:1 under the pointer (blue-1).
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
});
