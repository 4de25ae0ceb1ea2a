import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed/people.ts';
import { useTestApp } from '../../test/helper.ts';
import { enrolAdminSecondFactor } from './second-factor.repository.ts';
import { SECOND_FACTOR_MESSAGES } from './second-factor.ts';

/** Issue 14, low items (docs/decisions/0226): administrators sign in with a TOTP code when ADMIN_TOTP=required. */
const ctx = useTestApp(() => ({ ADMIN_TOTP: 'required' }));

const passwordOf = (loginName: string) =>
  DEMO_USERS.find((user) => user.loginName === loginName)?.password ?? '';
const signIn = (username: string, totp?: string, remoteAddress = '10.93.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { username, password: passwordOf(username), ...(totp === undefined ? {} : { totp }) },
    remoteAddress,
  });

describe('a second factor for administrators', () => {
  it('refuses an administrator who has not enrolled, with how to enrol', async () => {
    const response = await signIn('admin.ops');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(SECOND_FACTOR_MESSAGES.notEnrolled);
    // No code would help: no code field (decision 0229).
    expect(response.json<{ errors?: unknown }>().errors).toBeUndefined();
  });

  it('after enrolment (the otpauth URI), asks for the code, refuses a wrong one and accepts the current one', async () => {
    const enrolled = await enrolAdminSecondFactor(ctx.database.db, 'admin.ops');
    expect(enrolled?.uri).toMatch(/^otpauth:\/\/totp\/Gear:admin\.ops\?/);
    expect(enrolled?.uri).toContain(`secret=${enrolled?.secret}`);
    const missing = await signIn('admin.ops');
    expect(missing.statusCode).toBe(401);
    expect(missing.json<{ message: string }>().message).toBe(SECOND_FACTOR_MESSAGES.codeRequired);
    // The code field is named, so the sign-in page shows it (decision 0229).
    expect(missing.json()).toMatchObject({
      errors: [{ field: 'totp', defaultMessage: SECOND_FACTOR_MESSAGES.codeRequired }],
    });
    const current = await generate({ secret: enrolled?.secret as string });
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    const refused = await signIn('admin.ops', wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ message: string }>().message).toBe(SECOND_FACTOR_MESSAGES.codeWrong);
    expect(refused.json()).toMatchObject({ errors: [{ field: 'totp' }] });
    expect((await signIn('admin.ops', current)).statusCode).toBe(200);
    expect((await signIn('admin.ops', 'abc')).statusCode).toBe(400);
  });

  it('does not ask practitioners for a code, and enrols administrators only', async () => {
    expect((await signIn('dr.avery')).statusCode).toBe(200);
    expect(await enrolAdminSecondFactor(ctx.database.db, 'dr.avery')).toBeNull();
  });
});

describe('without ADMIN_TOTP', () => {
  const plain = useTestApp();
  it('administrators sign in with their password alone', async () => {
    const response = await plain.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'admin.ops', password: passwordOf('admin.ops') },
    });
    expect(response.statusCode).toBe(200);
  });
});
