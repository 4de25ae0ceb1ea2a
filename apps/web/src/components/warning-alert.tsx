import { Alert, type AlertProps } from '@mantine/core';

/**
 * A notice (yellow unless another colour is given) whose title and text stay readable: Mantine's light-variant titles
 * fail the WCAG AA contrast check on some tints (axe 'color-contrast'), so the words are dark on the tint.
 */
export function WarningAlert({ styles, ...props }: AlertProps) {
  return (
    <Alert
      color="yellow"
      {...props}
      styles={{
        title: { color: 'var(--mantine-color-dark-8)' },
        label: { color: 'var(--mantine-color-dark-8)' },
        message: { color: 'var(--mantine-color-dark-8)' },
        ...(typeof styles === 'object' ? styles : {}),
      }}
    />
  );
}
