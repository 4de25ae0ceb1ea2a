import { MESSAGES } from '@gear/domain';
import { Alert } from '@mantine/core';
import { type QueryCache, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isApiError } from '../api/errors.ts';

/** True while a read is being tried again after a 503 (its last failure says so and it is fetching again). */
export function isRetryingUnavailable(cache: QueryCache): boolean {
  return cache
    .getAll()
    .some(
      (query) =>
        query.state.fetchStatus === 'fetching' &&
        isApiError(query.state.fetchFailureReason) &&
        query.state.fetchFailureReason.kind === 'unavailable',
    );
}

/**
 * The one "temporarily unavailable, trying again" state (issue 21 §2, docs/decisions/0154): shown at the top of the
 * page while reads wait out a 503, announced politely; gone when they succeed. When they give up, the read's own
 * error shows where that page shows its errors.
 */
export function UnavailableNotice() {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const retrying = useSyncExternalStore(
    subscribe,
    () => isRetryingUnavailable(cache),
    () => false,
  );
  return (
    <div role="status" aria-live="polite">
      {retrying && (
        <Alert color="yellow" mb="md">
          {MESSAGES.temporarilyUnavailableRetrying}
        </Alert>
      )}
    </div>
  );
}
