import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  accountRole,
  MESSAGES,
  practitionerName,
  SECOND_FACTOR_FIELD,
  SOFT_LOCKOUT,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { HttpError, namedRefusal, unauthorized } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './access-token.ts';
import { verifyPassword } from './passwords.ts';
import { SECOND_FACTOR_MESSAGES, secondFactorRefusal } from './second-factor.ts';
import * as repo from './session.repository.ts';
import {
  ADDRESS_LIMITS,
  LOGIN_NAME_LIMITS,
  PROOF_ADDRESS_LIMITS,
  PROOF_ORDER_LIMITS,
  type ThrottleLimits,
} from './sign-in-throttle.ts';

/**
 * How long sessions last (issue 14 items 5 and 6, docs/decisions/0217): every session ends after 30 idle minutes (the
 * browser's idle sign-out, issue 2) and at the latest 12 hours after sign-in or the first proof. A bearer token names its session and is refused once the session has ended: each
 * process re-reads a session at most every SESSION_CHECK_MS, so a sign-out holds on every process within a second.
 */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const PATIENT_IDLE_TIMEOUT_MS = IDLE_TIMEOUT_MS;
export const SESSION_LIFETIME_MS = 12 * 60 * 60_000;
export const SESSION_CHECK_MS = 500;
const CHECKED_SESSIONS_MAX = 10_000;

export const userInfoOf = (user: repo.UserRow): UserInfo => ({
  type: user.type,
  gsdlNo: user.gsdlNo,
  onBehalfOf: user.onBehalfOf.join(','),
  adminUser: user.admin ? 'true' : 'false',
});

/**
 * The caller's own account as the header shows it (issue 15; docs/decisions/0312): the spec's user info with the
 * person's name and role. A practitioner's name is their practitioner record's; staff and admins have their own.
 */
export async function accountOf(db: Db, user: repo.UserRow): Promise<UserInfo> {
  const info = userInfoOf(user);
  if (user.type !== 'myGDX') return info;
  const practitioner = user.gsdlNo && !user.admin ? await findPractitioner(db, user.gsdlNo) : null;
  const role = accountRole({ admin: user.admin, isPractitioner: practitioner !== null });
  const name = practitioner ? practitionerName(practitioner) : (user.displayName ?? null);
  return { ...info, name, role };
}

/** The cookie carries a random id; the database keeps only its hash. */
export const sessionKey = (cookieValue: string) =>
  createHash('sha256').update(cookieValue).digest('base64url');

/** How a locked-out subject can still be tried (docs/decisions/0222). */
export interface SoftLockout {
  /** The id of a trusted browser that proved this subject before: it gets a budget of its own. */
  trustedBrowserId?: string | null;
  /** Whether the attempt carries a solved proof-of-work challenge (checked only past the subject's budget). */
  challengeSolved?: () => Promise<boolean>;
}

export function createSessionService(
  db: Db,
  secret: string,
  now: () => Date = () => new Date(),
  options: { adminTotpRequired?: boolean } = {},
) {
  const limitsOf = (idleMs: number): repo.SessionLimits => ({
    idleSince: new Date(now().getTime() - idleMs),
    startedSince: new Date(now().getTime() - SESSION_LIFETIME_MS),
  });
  const userLimits = () => limitsOf(IDLE_TIMEOUT_MS);
  const patientLimits = () => limitsOf(PATIENT_IDLE_TIMEOUT_MS);
  /** Sessions found live, and when: re-read after SESSION_CHECK_MS. */
  const checked = new Map<string, number>();

  /**
   * Counts an attempt against every key before anything is checked, in one statement per key (docs/decisions/0141,
   * 0211): refused (429) past the budget, slowed past the slow-down count; concurrent attempts each get their own
   * count, so no more than the budget are ever evaluated. The lockout is soft (docs/decisions/0222): a browser that
   * proved the subject (the first key) before counts against a budget of its own for it, and past the subject's budget
   * an attempt with a solved proof-of-work challenge is still evaluated. The address budget stays hard.
   */
  async function reserveAttempts(keys: [string, ThrottleLimits][], message: string, soft: SoftLockout = {}) {
    const counted = keys.map(([key, limits], index): [string, ThrottleLimits] =>
      index === 0 && soft.trustedBrowserId
        ? [`${key}|browser:${soft.trustedBrowserId}`, limits]
        : [key, limits],
    );
    let delayMs = 0;
    let subjectBlocked = false;
    let addressBlocked = false;
    for (const [index, [key, limits]] of counted.entries()) {
      const { attempts, blocked: over } = await repo.reserveAttempt(db, key, limits, now());
      if (index === 0) subjectBlocked = over;
      else addressBlocked ||= over;
      if (attempts - 1 >= limits.slowAfter) delayMs = Math.max(delayMs, limits.delayMs);
    }
    if (addressBlocked) throw new HttpError(429, message);
    if (subjectBlocked) {
      // A solved challenge would still be evaluated: the 429 says so by name (decision 0229).
      if (!(await soft.challengeSolved?.())) throw namedRefusal(429, SOFT_LOCKOUT.error, message);
      return counted;
    }
    if (delayMs) await sleep(delayMs);
    return counted;
  }

  /** An attempt that succeeded: the first key's count is cleared, the others get their attempt back. */
  async function attemptSucceeded(keys: [string, ThrottleLimits][]) {
    const [first, ...others] = keys;
    if (first) await repo.clearFailures(db, first[0]);
    for (const [key] of others) await repo.releaseAttempt(db, key);
  }

  return {
    /** The throttle subject of a login name (what a trusted browser remembers, docs/decisions/0222). */
    loginSubject: (username: string) => `login:${username.trim().toLowerCase()}`,

    async signIn(username: string, password: string, address: string, soft: SoftLockout = {}, totp?: string) {
      const loginKey = `login:${username.trim().toLowerCase()}`;
      let keys: [string, ThrottleLimits][] = [
        [loginKey, LOGIN_NAME_LIMITS],
        [`ip:${address}`, ADDRESS_LIMITS],
      ];
      try {
        keys = await reserveAttempts(keys, MESSAGES.signInThrottled, soft);
      } catch (error) {
        await recordAudit(db, { action: 'signIn', outcome: 'refused', status: 429 });
        throw error;
      }
      const user = await repo.findUserByLoginName(db, username.trim());
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid) {
        await recordAudit(db, {
          action: 'signIn',
          outcome: 'refused',
          status: 401,
          userId: user?.id ?? null,
        });
        throw unauthorized(MESSAGES.signInFailed);
      }
      if (user.admin && options.adminTotpRequired) {
        const refusal = await secondFactorRefusal(user.totpSecret, totp, now());
        if (refusal) {
          await recordAudit(db, {
            action: 'signIn',
            outcome: 'refused',
            status: 401,
            userId: user.id,
            detail: { secondFactor: refusal },
          });
          const secondFactor = SECOND_FACTOR_MESSAGES[refusal];
          // The code field is named, so the sign-in page shows it (decision 0229); not when enrolment is missing.
          throw refusal === 'notEnrolled'
            ? unauthorized(secondFactor)
            : new HttpError(401, secondFactor, [
                { field: SECOND_FACTOR_FIELD.name, defaultMessage: secondFactor },
              ]);
        }
      }
      await attemptSucceeded(keys);
      const cookieValue = randomBytes(32).toString('base64url');
      await repo.insertSession(db, sessionKey(cookieValue), user.id);
      await repo.deleteEndedSessions(db, userLimits());
      await recordAudit(db, { action: 'signIn', actor: `user:${user.id}`, userId: user.id, status: 200 });
      return { cookieValue, userInfo: await accountOf(db, user) };
    },

    /** The signed-in user of a session cookie, sliding its idle expiry; null when absent or idle too long. */
    async userOfSession(cookieValue: string) {
      const user = await repo.touchSession(db, sessionKey(cookieValue), userLimits());
      return user ? { user, sessionId: sessionKey(cookieValue) } : null;
    },

    async signOut(cookieValue: string) {
      checked.delete(sessionKey(cookieValue));
      await repo.deleteSession(db, sessionKey(cookieValue));
      await repo.deletePatientSession(db, sessionKey(cookieValue));
    },

    /** Whether the session a bearer token names is still live (read at most every SESSION_CHECK_MS per process). */
    async isTokenSessionLive(sessionId: string, patient: boolean) {
      const at = Date.now();
      const seen = checked.get(sessionId);
      if (seen !== undefined && at - seen < SESSION_CHECK_MS) return true;
      const live = await repo.isSessionLive(db, sessionId, patient, patient ? patientLimits() : userLimits());
      if (checked.size >= CHECKED_SESSIONS_MAX) checked.clear();
      if (live) checked.set(sessionId, at);
      else checked.delete(sessionId);
      return live;
    },

    async issueAccessToken(user: repo.UserRow, sessionId: string) {
      const token = await signAccessToken(
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

    // --- Patients who prove orders (docs/decisions/0040) ------------------------------------------------------

    /** The keys that count failed proofs of an order ('order:<id>'), and those from an address. */
    proofKeys: (subject: string, address: string): [string, ThrottleLimits][] => [
      [`proof:${subject}`, PROOF_ORDER_LIMITS],
      [`proof-ip:${address}`, PROOF_ADDRESS_LIMITS],
    ],
    /**
     * Counts a proof attempt against every key before the proof is checked (docs/decisions/0141): refused (429)
     * past the budget, slowed past the slow-down count. Counting first keeps the budget under concurrent attempts.
     */
    attemptProof: (keys: [string, ThrottleLimits][], soft: SoftLockout = {}) =>
      reserveAttempts(keys, MESSAGES.orderProofThrottled, soft),
    /** A proof that succeeded: the counted keys (attemptProof's answer): the first is cleared, the others given back. */
    proofSucceeded: attemptSucceeded,
    /** The orders of a live patient session, sliding its idle expiry; null when absent or idle too long. */
    async patientOfSession(cookieValue: string) {
      const row = await repo.touchPatientSession(db, sessionKey(cookieValue), patientLimits());
      return row ? { sessionId: sessionKey(cookieValue), orderIds: row.orderIds } : null;
    },
    /** A new patient session holding one proven order; answers the cookie value to set. */
    async startPatientSession(orderId: number): Promise<string> {
      const cookieValue = randomBytes(32).toString('base64url');
      await repo.insertPatientSession(db, sessionKey(cookieValue), [orderId]);
      await repo.deleteEndedPatientSessions(db, patientLimits());
      return cookieValue;
    },
    /** Adds an order to a patient session known by its id (a patient's save for later creates an order). */
    addOrderToPatientSession: (sessionId: string, orderId: number) =>
      repo.addPatientSessionOrder(db, sessionId, orderId),
    async issuePatientToken(sessionId: string, orderIds: readonly number[]) {
      const token = await signAccessToken(
        { sub: null, sid: sessionId, type: 'prc', gsdlNo: null, obo: [], adm: false, ord: [...orderIds] },
        secret,
        now().getTime(),
      );
      return { token, expiresIn: ACCESS_TOKEN_SECONDS };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
