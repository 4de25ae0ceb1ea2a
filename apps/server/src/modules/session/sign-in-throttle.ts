/** How repeated failed sign-ins are slowed and then refused, per login name and per address. */
export interface ThrottleLimits {
  windowMs: number;
  slowAfter: number;
  delayMs: number;
  blockAfter: number;
  blockMs: number;
}

export const LOGIN_NAME_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60_000,
  slowAfter: 3,
  delayMs: 1000,
  blockAfter: 8,
  blockMs: 15 * 60_000,
};

export const ADDRESS_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60_000,
  slowAfter: 20,
  delayMs: 1000,
  blockAfter: 50,
  blockMs: 15 * 60_000,
};

export interface FailureRecord {
  failures: number;
  windowStartedAt: Date;
  blockedUntil: Date | null;
}

export type ThrottleVerdict = { blocked: true } | { blocked: false; delayMs: number };

export function assessAttempt(
  record: FailureRecord | null,
  limits: ThrottleLimits,
  now: Date,
): ThrottleVerdict {
  if (!record) return { blocked: false, delayMs: 0 };
  if (record.blockedUntil && record.blockedUntil > now) return { blocked: true };
  const current = now.getTime() - record.windowStartedAt.getTime() < limits.windowMs ? record.failures : 0;
  return { blocked: false, delayMs: current >= limits.slowAfter ? limits.delayMs : 0 };
}

export function afterFailure(record: FailureRecord | null, limits: ThrottleLimits, now: Date): FailureRecord {
  const inWindow = record && now.getTime() - record.windowStartedAt.getTime() < limits.windowMs;
  const failures = inWindow ? record.failures + 1 : 1;
  return {
    failures,
    windowStartedAt: inWindow ? record.windowStartedAt : now,
    blockedUntil: failures >= limits.blockAfter ? new Date(now.getTime() + limits.blockMs) : null,
  };
}
