import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES, type UserInfo } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './access-token.ts';
import { verifyPassword } from './passwords.ts';
import * as repo from './session.repository.ts';
import {
  ADDRESS_LIMITS,
  afterFailure,
  assessAttempt,
  LOGIN_NAME_LIMITS,
  type ThrottleLimits,
} from './sign-in-throttle.ts';

export const IDLE_TIMEOUT_MS = 30 * 60_000;

export const userInfoOf = (user: repo.UserRow): UserInfo => ({
  type: user.type,
  gsdlNo: user.gsdlNo,
  onBehalfOf: user.onBehalfOf.join(','),
  adminUser: user.admin ? 'true' : 'false',
});

/** The cookie carries a random id; the database keeps only its hash. */
const sessionKey = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('base64url');

export function createSessionService(db: Db, secret: string, now: () => Date = () => new Date()) {
  const idleSince = () => new Date(now().getTime() - IDLE_TIMEOUT_MS);

  async function throttle(keys: [string, ThrottleLimits][]) {
    let delayMs = 0;
    for (const [key, limits] of keys) {
      const verdict = assessAttempt(await repo.findFailures(db, key), limits, now());
      if (verdict.blocked) throw new HttpError(429, MESSAGES.signInThrottled);
      delayMs = Math.max(delayMs, verdict.delayMs);
    }
    if (delayMs) await sleep(delayMs);
  }

  async function recordFailure(keys: [string, ThrottleLimits][]) {
    for (const [key, limits] of keys) {
      const next = afterFailure(await repo.findFailures(db, key), limits, now());
      await repo.saveFailures(db, { key, ...next });
    }
  }

  return {
    async signIn(username: string, password: string, address: string) {
      const loginKey = `login:${username.trim().toLowerCase()}`;
      const keys: [string, ThrottleLimits][] = [
        [loginKey, LOGIN_NAME_LIMITS],
        [`ip:${address}`, ADDRESS_LIMITS],
      ];
      await throttle(keys);
      const user = await repo.findUserByLoginName(db, username.trim());
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid) {
        await recordFailure(keys);
        throw unauthorized(MESSAGES.signInFailed);
      }
      await repo.clearFailures(db, loginKey);
      const cookieValue = randomBytes(32).toString('base64url');
      await repo.insertSession(db, sessionKey(cookieValue), user.id);
      await repo.deleteIdleSessions(db, idleSince());
      return { cookieValue, userInfo: userInfoOf(user) };
    },

    /** The signed-in user of a session cookie, sliding its idle expiry; null when absent or idle too long. */
    async userOfSession(cookieValue: string) {
      const user = await repo.touchSession(db, sessionKey(cookieValue), idleSince());
      return user ? { user, sessionId: sessionKey(cookieValue) } : null;
    },

    signOut: (cookieValue: string) => repo.deleteSession(db, sessionKey(cookieValue)),

    issueAccessToken(user: repo.UserRow, sessionId: string) {
      const token = signAccessToken(
        {
          sub: user.id,
          sid: sessionId,
          type: user.type,
          gsdlNo: user.gsdlNo,
          obo: user.onBehalfOf,
          adm: user.admin,
        },
        secret,
        now().getTime(),
      );
      return { token, expiresIn: ACCESS_TOKEN_SECONDS };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
