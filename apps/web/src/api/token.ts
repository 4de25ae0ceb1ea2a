/** The answer of GET /mygdx/account/JWT/{type}: a bearer token and its lifetime in seconds. */
export interface AccessToken {
  token: string;
  expiresIn: number;
}

export interface TokenSourceOptions {
  fetchToken: () => Promise<AccessToken>;
  now?: () => number;
  /** Renew this long before expiry; capped at a fifth of the token's lifetime. */
  renewBeforeMs?: number;
}

export interface TokenSource {
  /** A token valid for a while yet: the cached one, or a renewal (one in flight at a time, shared by callers). */
  get(): Promise<string>;
  /** Forget the cached token (sign-out, or the server refused it). */
  clear(): void;
}

/**
 * Caches the access token of spec 3 §7 ('made before every call') so that several calls share one token and
 * only one renewal is ever in flight.
 */
export function createTokenSource({
  fetchToken,
  now = Date.now,
  renewBeforeMs = 30_000,
}: TokenSourceOptions): TokenSource {
  let cached: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  let generation = 0;

  const renew = (): Promise<string> => {
    const started = generation;
    const pending = fetchToken()
      .then(({ token, expiresIn }) => {
        const lifetimeMs = Math.max(0, expiresIn * 1000);
        const margin = Math.min(renewBeforeMs, lifetimeMs / 5);
        if (started === generation) cached = { token, renewAt: now() + lifetimeMs - margin };
        return token;
      })
      .finally(() => {
        if (inFlight === pending) inFlight = null;
      });
    inFlight = pending;
    return pending;
  };

  return {
    get() {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      return inFlight ?? renew();
    },
    clear() {
      generation += 1;
      cached = null;
      inFlight = null;
    },
  };
}
