import { MESSAGES } from '@gear/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INLINE_CONFIG_ID, readInlineConfig } from '../api/config.ts';
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

// Decision 0320: the server writes GET /api/config's answer into the page; start-up reads it instead of asking.
describe('start-up with the configuration written into the page (decision 0320)', () => {
  const writeConfig = (text: string) => {
    const block = document.createElement('script');
    block.id = INLINE_CONFIG_ID;
    block.type = 'application/json';
    block.textContent = text;
    document.head.append(block);
    return () => block.remove();
  };

  it('starts at once, without asking for the configuration, with its support phone', async () => {
    const remove = writeConfig(JSON.stringify({ supportPhone: '555-0199', hrsaGsdlNumbers: ['P1'] }));
    try {
      const app = renderApp('/');
      // Start-up is done on the first render: what shows is the app's own loader of the lazily loaded route.
      expect(screen.queryByText('The portal could not be loaded')).toBeNull();
      expect(app.services.session.get().status).toBe('signedOut');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Activate Your Test' }, { timeout: 20_000 }),
      ).toBeVisible();
      expect(screen.getAllByText(/555-0199/).length).toBeGreaterThan(0);
      expect(app.server.callsTo('GET /api/config')).toHaveLength(0);
      expect(app.services.config.hrsaGsdlNumbers).toEqual(['P1']);
    } finally {
      remove();
    }
  }, 40_000);

  it('still asks who is signed in when this browser has signed in before, but not for the configuration', async () => {
    const remove = writeConfig(JSON.stringify({ supportPhone: '555-0199' }));
    try {
      const app = renderApp('/order/new/pract', { user: practitionerUser });
      await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
      expect(app.server.callsTo('GET /gear/api/getAccountType')).toHaveLength(1);
      expect(app.server.callsTo('GET /api/config')).toHaveLength(0);
    } finally {
      remove();
    }
  }, 40_000);

  it.each([
    ['not JSON', '{'],
    ['no support phone', '{"hrsaGsdlNumbers":["P1"]}'],
    ['numbers that are not text', '{"supportPhone":"1","hrsaGsdlNumbers":[1]}'],
  ])('asks the server when the written configuration is %s', (_, text) => {
    const remove = writeConfig(text);
    try {
      expect(readInlineConfig()).toBeNull();
    } finally {
      remove();
    }
  });
});
