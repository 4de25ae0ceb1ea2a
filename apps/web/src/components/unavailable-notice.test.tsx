import { MESSAGES } from '@gear/domain';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { createAppServices, readRetry, readRetryDelay } from '../services/app-services.tsx';
import { queryClientOf } from '../services/query-client.ts';
import { createFetchMock, envelope, json, networkFailure } from '../test/fetch-mock.ts';
import { renderUi } from '../test/render-ui.tsx';
import { UnavailableNotice } from './unavailable-notice.tsx';

// Issue 21 §2 (docs/decisions/0154): while the server answers 503, the browser says it is trying again and asks again
// by itself (reads only), waiting as Retry-After says; when the read succeeds the notice goes.
const unavailable = (retryAfter: string) => {
  const response = envelope(503, MESSAGES.temporarilyUnavailable);
  response.headers.set('retry-after', retryAfter);
  return response;
};

describe('issue 21 §2: reads wait out a 503 and say so', () => {
  it('a 503 becomes the unavailable kind with its Retry-After; 500 stays "call us"', async () => {
    const server = createFetchMock({
      'GET /gear/a': () => unavailable('3'),
      'GET /gear/b': () => envelope(500, 'x'),
    });
    const { api } = createAppServices({ fetch: server.fetch });
    const a = await api.get('/gear/a', { auth: 'none' }).catch((e: unknown) => e as ApiError);
    expect(a).toMatchObject({ kind: 'unavailable', status: 503, retryAfterMs: 3000 });
    expect((a as ApiError).message).toBe(MESSAGES.temporarilyUnavailable);
    const b = await api.get('/gear/b', { auth: 'none' }).catch((e: unknown) => e as ApiError);
    expect(b).toMatchObject({ kind: 'http', status: 500 });
  });

  it.each([
    ['unavailable, first retry', new ApiError('unavailable', '', 503, null, null, 2000), 0, true, 2000],
    ['unavailable, sixth retry', new ApiError('unavailable', '', 503, null, null, 2000), 5, true, 2000],
    [
      'unavailable, given up after six',
      new ApiError('unavailable', '', 503, null, null, 2000),
      6,
      false,
      2000,
    ],
    ['unavailable without Retry-After', new ApiError('unavailable', '', 503), 2, true, 4000],
    ['network, once', new ApiError('network', '', 0), 0, true, 1000],
    ['network, not twice', new ApiError('network', '', 0), 1, false, 2000],
    ['a 500 stands', new ApiError('http', '', 500), 0, false, 1000],
    ['a 409 stands', new ApiError('conflict', '', 409), 0, false, 1000],
  ])('%s', (_name, error, count, retried, delay) => {
    expect(readRetry(count, error)).toBe(retried);
    expect(readRetryDelay(count, error)).toBe(delay);
  });

  it('shows "trying again" while a read waits out a 503, then the data and no notice', async () => {
    let calls = 0;
    const server = createFetchMock({
      'GET /gear/thing': () => {
        calls += 1;
        return calls < 3 ? unavailable('0') : json({ name: 'ready' });
      },
    });
    const services = createAppServices({ fetch: server.fetch });
    function Thing() {
      const query = useQuery({
        queryKey: ['thing'],
        queryFn: () => services.api.get<{ name: string }>('/gear/thing', { auth: 'none' }),
        // Retry-After 0 would retry at once; a short wait keeps the "trying again" state visible to the test.
        retryDelay: 150,
      });
      return <p>{query.data?.name ?? 'loading'}</p>;
    }
    renderUi(
      <QueryClientProvider client={queryClientOf(services)}>
        <UnavailableNotice />
        <Thing />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(MESSAGES.temporarilyUnavailableRetrying)).toBeInTheDocument();
    expect(await screen.findByText('ready')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MESSAGES.temporarilyUnavailableRetrying)).toBeNull());
    expect(calls).toBe(3);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('a network failure is retried once, then its message stands', async () => {
    const server = createFetchMock({ 'GET /gear/x': networkFailure });
    const services = createAppServices({ fetch: server.fetch });
    await expect(
      queryClientOf(services).fetchQuery({
        queryKey: ['x'],
        queryFn: () => services.api.get('/gear/x', { auth: 'none' }),
        retryDelay: 1,
      }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(server.callsTo('GET /gear/x')).toHaveLength(2);
  });
});
