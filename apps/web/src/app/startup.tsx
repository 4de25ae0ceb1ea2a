import { MESSAGES } from '@gear/domain';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { fetchConfig, readInlineConfig } from '../api/config.ts';
import { fetchAccountType } from '../api/session.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { readRetry, readRetryDelay, useServices } from '../services/app-services.tsx';
import { sessionHint } from '../services/session-hint.ts';

/**
 * Loads what every page needs before the router renders: the served configuration (the support phone of the
 * spec's messages) and who is signed in (GET /gear/api/getAccountType; 401 means nobody), asked only when this
 * browser has signed in before (see session-hint.ts). While the server answers 503 (its database restarting, a full
 * disk: docs/decisions/0154) it says "temporarily unavailable, trying again" and asks again by itself, as every read
 * (READ_RETRIES); after that, once per "Try again".
 *
 * The configuration the server wrote into the page (readInlineConfig, decision 0320) stands for GET /api/config: a
 * visitor who has not signed in then sees the page at once, with no call before the first paint.
 */
export function Startup({ children }: { children: ReactNode }) {
  const services = useServices();
  const inline = useRef(readInlineConfig());
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'retrying'>(() => {
    if (!inline.current || sessionHint.get()) return 'loading';
    Object.assign(services.config, inline.current);
    services.session.set({ status: 'signedOut', reason: 'anonymous' });
    return 'ready';
  });
  const [attempt, setAttempt] = useState(() => (state === 'ready' ? -1 : 0));

  useEffect(() => {
    if (attempt < 0) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState('loading');
    const whoIsSignedIn = sessionHint.get() ? fetchAccountType(services.api) : Promise.resolve(null);
    const config = inline.current ? Promise.resolve(inline.current) : fetchConfig(services.api);
    Promise.all([config, whoIsSignedIn]).then(
      ([config, user]) => {
        if (cancelled) return;
        Object.assign(services.config, config);
        services.session.set(
          user ? { status: 'signedIn', user } : { status: 'signedOut', reason: 'anonymous' },
        );
        setState('ready');
      },
      (error) => {
        if (cancelled) return;
        if (!readRetry(attempt, error)) return setState('failed');
        setState('retrying');
        timer = setTimeout(() => setAttempt((n) => n + 1), readRetryDelay(attempt, error));
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [services, attempt]);

  if (state === 'ready') return children;
  if (state === 'failed') {
    return (
      <main>
        <Center mih="60vh" p="md">
          <Stack maw={480}>
            <Alert color="red" title="The portal could not be loaded" role="alert">
              The ordering portal did not answer. Check your connection and try again.
            </Alert>
            <Button onClick={() => setAttempt((n) => Math.max(n, 0) + 1)}>Try again</Button>
          </Stack>
        </Center>
      </main>
    );
  }
  return <PageLoader message={state === 'retrying' ? MESSAGES.temporarilyUnavailableRetrying : undefined} />;
}
