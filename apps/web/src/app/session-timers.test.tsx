import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/fetch-mock.ts';
import { makePractitioner, practitionerUser } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { IDLE_TIMEOUT_MS, KEEPALIVE_INTERVAL_MS } from './session-timers.ts';

const MINUTE = 60_000;

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

async function signedInWizard() {
  const app = renderApp('/order/new/pract', {
    user: practitionerUser,
    handlers: { 'GET /gear/practitioner-options': () => json([makePractitioner()]) },
    advanceTimers: (ms) => vi.advanceTimersByTime(ms),
  });
  await advance(0);
  expect(await screen.findByRole('heading', { level: 1, name: 'Practitioner' })).toBeInTheDocument();
  return app;
}

describe('session timers (issue 2; spec 3 §7 keepalive)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the limits of the issue: 30 idle minutes, a ping every 20', () => {
    expect(IDLE_TIMEOUT_MS).toBe(30 * MINUTE);
    expect(KEEPALIVE_INTERVAL_MS).toBe(20 * MINUTE);
  });

  it('pings /html/ping.html every 20 minutes while signed in', async () => {
    const app = await signedInWizard();
    await advance(19 * MINUTE);
    expect(app.server.callsTo('GET /html/ping.html')).toHaveLength(0);
    await advance(1 * MINUTE);
    expect(app.server.callsTo('GET /html/ping.html')).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(20 * MINUTE);
    expect(app.server.callsTo('GET /html/ping.html')).toHaveLength(2);
  });

  it('signs out after 30 minutes without activity and shows the login-required screen', async () => {
    const app = await signedInWizard();
    await advance(29 * MINUTE);
    fireEvent.mouseMove(document.body);
    await advance(29 * MINUTE);
    fireEvent.touchStart(document.body);
    await advance(29 * MINUTE);
    expect(app.server.callsTo('DELETE /api/session')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Practitioner' })).toBeInTheDocument();

    await advance(1 * MINUTE + 1000);
    expect(app.server.callsTo('DELETE /api/session')).toHaveLength(1);
    expect(app.server.callsTo('DELETE /api/session')[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.getByText('You were signed out after 30 minutes without activity.')).toBeInTheDocument();

    // Signed out: no more pings.
    const pings = app.server.callsTo('GET /html/ping.html').length;
    await advance(60 * MINUTE);
    expect(app.server.callsTo('GET /html/ping.html')).toHaveLength(pings);
  });

  it('does not run timers for an anonymous visitor', async () => {
    const app = renderApp('/', { advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await advance(0);
    await screen.findByRole('heading', { level: 1, name: 'Activate Your Test' });
    await advance(60 * MINUTE);
    expect(app.server.callsTo('GET /html/ping.html')).toHaveLength(0);
    expect(app.server.callsTo('DELETE /api/session')).toHaveLength(0);
  });
});
