import { MESSAGES } from '@gear/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json } from '../test/fetch-mock.ts';
import { practitionerUser } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

// Issue 21 §2 (docs/decisions/0154): a page opened while the database restarts says "trying again" and asks again by
// itself, as every read; it does not say the portal did not answer.
const unavailable = () => {
  const response = envelope(503, MESSAGES.temporarilyUnavailable);
  response.headers.set('retry-after', '0');
  return response;
};

describe('start-up through a 503 (issue 21 §2)', () => {
  it('says "trying again" while who is signed in answers 503, asks again, then shows the page', async () => {
    let calls = 0;
    const app = renderApp('/order/new/pract', {
      user: practitionerUser,
      handlers: {
        'GET /gear/api/getAccountType': () => {
          calls += 1;
          return calls < 3 ? unavailable() : json(practitionerUser);
        },
      },
    });
    const retrying = await screen.findByText(MESSAGES.temporarilyUnavailableRetrying);
    expect(retrying.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('The portal could not be loaded')).toBeNull();
    await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
    expect(app.server.callsTo('GET /gear/api/getAccountType')).toHaveLength(3);
    expect(screen.queryByText(MESSAGES.temporarilyUnavailableRetrying)).toBeNull();
  }, 40_000);

  it("gives up after the reads' retries and offers to try again", async () => {
    renderApp('/order/new/pract', {
      user: practitionerUser,
      handlers: { 'GET /gear/api/getAccountType': unavailable },
    });
    expect(await screen.findByText('The portal could not be loaded', {}, { timeout: 30_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  }, 40_000);
});
