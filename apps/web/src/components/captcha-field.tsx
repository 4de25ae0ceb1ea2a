import { CAPTCHA_INVALID_MESSAGE } from '@gear/domain';
import { Input, Stack, Text } from '@mantine/core';
import type {} from 'altcha/types/react';
import { useEffect, useId, useRef, useState } from 'react';
import { whenPageSettles } from './when-page-settles.ts';

/** Where the widget fetches its challenge (apps/server/src/modules/captcha, docs/decisions/0150). */
export const CAPTCHA_CHALLENGE_URL = '/gear/captcha/challenge';
export const CAPTCHA_LABEL = 'Verification';

interface StateChange {
  state?: string;
  payload?: string | null;
}

/** The widget's element once its script has defined it: reset() clears a solution the server has used or refused. */
type AltchaElement = HTMLElement & { reset?: () => void };

/**
 * The captcha (self-hosted ALTCHA): the widget, loaded only when the field is shown and the page has settled, solves a proof of work in the
 * browser. `onChange` gets the payload to send in the spec's `recaptcha` field once verified, and null whenever there
 * is none (not yet, expired, failed, reset). A change of `resetKey` (after a submit the server refused, or one that
 * used the solution) starts it over. `error` shows under the field, as every field's error does.
 */
export function CaptchaField({
  onChange,
  error,
  resetKey,
}: {
  onChange: (payload: string | null) => void;
  error: string | undefined;
  resetKey: unknown;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const widget = useRef<AltchaElement>(null);
  const [failedToLoad, setFailedToLoad] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The widget's script (35 kB gzipped) waits until the page is drawn: the person's first interaction with the page or
  // the first idle moment after it has loaded (decision 0320), so the patients' first pages paint without it.
  useEffect(() => {
    let alive = true;
    const cancel = whenPageSettles(() => {
      import('altcha').catch(() => {
        if (alive) setFailedToLoad(true);
      });
    });
    return () => {
      alive = false;
      cancel();
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<StateChange>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  const firstReset = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey is the signal to start over.
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    widget.current?.reset?.();
    onChangeRef.current(null);
  }, [resetKey]);

  // The widget's script did not load (offline, a failed deploy): the spec's captcha message, as the server would say.
  const shownError = error || (failedToLoad ? CAPTCHA_INVALID_MESSAGE : undefined);
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId} aria-describedby={shownError ? errorId : undefined}>
      <Text id={labelId} size="sm" fw={500}>
        {CAPTCHA_LABEL}
      </Text>
      <altcha-widget
        ref={widget}
        challenge={CAPTCHA_CHALLENGE_URL}
        name="recaptcha"
        configuration={JSON.stringify({ hideFooter: true })}
      />
      {shownError && <Input.Error id={errorId}>{shownError}</Input.Error>}
    </Stack>
  );
}
