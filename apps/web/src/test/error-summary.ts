import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The form's error summary (components/error-summary.tsx), once it is shown and holds the focus. */
export async function focusedErrorSummary(): Promise<HTMLElement> {
  const summary = await screen.findByRole('alert', { name: 'Please correct the following' });
  await waitFor(() => expect(summary.parentElement).toHaveFocus());
  return summary;
}

/** The summary's link for one message: '<field label>: <message>'. */
export const summaryLink = (summary: HTMLElement, label: string, message: string): HTMLElement =>
  within(summary).getByRole('link', { name: `${label}: ${message}` });
