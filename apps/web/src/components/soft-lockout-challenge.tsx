import { SOFT_LOCKOUT } from '@gear/domain';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CaptchaField } from './captcha-field.tsx';

/** The soft lockout's challenge as a form holds it (docs/decisions/0222, 0229). */
export interface SoftLockoutChallenge {
  /** Whether the server asked for it (a 429 naming `ChallengeRequiredException`). */
  asked: boolean;
  /** The solution to send in X-Gear-Captcha with this attempt, when asked and solved. */
  solution: string | undefined;
  /** Before an attempt: false (and the prompt under the widget) when it is asked but not solved. */
  ready: () => boolean;
  /** After an attempt: shows the challenge when the answer asked for it, and starts it over (one solution, one use). */
  settled: (askedAgain: boolean) => void;
  error: string | undefined;
  resetKey: number;
  onChange: (payload: string | null) => void;
}

/**
 * The one way a page offers the soft lockout's challenge (decision 0229: the sign-in page, a patient's link, the
 * activation and Welcome Back pages): after a 429 that a solved challenge would get past, a captcha whose solution
 * goes with the next attempt.
 */
export function useSoftLockoutChallenge(): SoftLockoutChallenge {
  const [asked, setAsked] = useState(false);
  const [solution, setSolution] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [error, setError] = useState<string | undefined>();
  return {
    asked,
    solution: asked && solution ? solution : undefined,
    ready: () => {
      if (asked && !solution) {
        setError(SOFT_LOCKOUT.prompt);
        return false;
      }
      setError(undefined);
      return true;
    },
    settled: (askedAgain) => {
      if (askedAgain) setAsked(true);
      if (solution) {
        setSolution(null);
        setResetKey((key) => key + 1);
      }
    },
    error,
    resetKey,
    onChange: (payload) => {
      setSolution(payload);
      if (payload) setError(undefined);
    },
  };
}

/** The prompt and the captcha, once the server asked for the challenge; nothing before. */
export function SoftLockoutChallengeField({ challenge }: { challenge: SoftLockoutChallenge }) {
  if (!challenge.asked) return null;
  return (
    <Stack gap={4} data-soft-lockout-challenge="">
      <Text size="sm">{SOFT_LOCKOUT.prompt}</Text>
      <CaptchaField onChange={challenge.onChange} error={challenge.error} resetKey={challenge.resetKey} />
    </Stack>
  );
}
