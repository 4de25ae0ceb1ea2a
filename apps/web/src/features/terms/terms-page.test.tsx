import { CONSENT_PDF_PATH, TERMS_OF_USE } from '@gear/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { renderApp } from '../../test/render-app.tsx';

describe("/terms (spec 3 §2 'a terms page'; decision 0188)", () => {
  it('shows the terms to anyone, focus on the heading, with the consent PDF linked', async () => {
    const app = renderApp('/terms', { user: null, handlers: {} });
    const heading = await screen.findByRole('heading', { level: 1, name: TERMS_OF_USE.title });
    await waitFor(() => expect(heading).toHaveFocus());
    for (const section of TERMS_OF_USE.sections)
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Consent for Laboratory Testing (PDF)' })).toHaveAttribute(
      'href',
      CONSENT_PDF_PATH,
    );
    await expectAccessible(app.container);
  });
});
