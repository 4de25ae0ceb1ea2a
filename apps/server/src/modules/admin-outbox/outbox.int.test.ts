import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { callAs, expectEnvelope, ifMatchNow, ok, useSignIns, useTestApp } from '../../test/helper.ts';
import { shipToOfficeOrder } from '../../test/order-builders.ts';
import { HANDOFF_SUBJECT } from '../handoff/handoff-email.ts';

const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery', admin: 'admin.ops' });

describe('the local outbox of npm start (no SMTP_URL, docs/decisions/0090)', () => {
  it('writes the handoff email as an .eml file in DATA_DIR/outbox, which admins list and read at /admin/outbox', async () => {
    const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540]);
    ok(
      await callAs(
        ctx.app,
        as.avery,
        'POST',
        `/gear/order/${order.id}/handoff`,
        {
          dateOfBirth: '1985-04-12',
          nameLast: 'Testpatient',
          email: 'outbox.patient@example.com',
        },
        await ifMatchNow(ctx.database.db, { orderId: order.id }),
      ),
    );
    const folder = path.join(ctx.dataDir, 'outbox');
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const [file = ''] = files;
    expect(file).toMatch(/\.eml$/);
    expect(statSync(path.join(folder, file)).mode & 0o077).toBe(0);

    const list = await callAs(ctx.app, as.admin, 'GET', '/admin/outbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('outbox.patient@example.com');
    expect(list.body).toContain(`<a href="/admin/outbox/${file}">${HANDOFF_SUBJECT}</a>`);

    const shown = await callAs(ctx.app, as.admin, 'GET', `/admin/outbox/${file}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(`http://localhost:3000/connect/${order.id}`);
    const download = await callAs(ctx.app, as.admin, 'GET', `/admin/outbox/${file}?download`);
    expect(download.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(download.body).toMatch(/^To: outbox\.patient@example\.com$/m);
  });

  it('is for admins only: 401 without a sign-in, 403 to a practitioner, 404 for a name that is not an outbox file', async () => {
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/admin/outbox' }), 401);
    expectEnvelope(await callAs(ctx.app, as.avery, 'GET', '/admin/outbox'), 403);
    expectEnvelope(await callAs(ctx.app, as.admin, 'GET', '/admin/outbox/..%2F..%2Fetc%2Fpasswd'), 404);
  });
});

describe('SMTP_URL and PUBLIC_URL (config.ts)', () => {
  it.each([
    [{}, null],
    [{ SMTP_URL: '' }, null],
    [{ SMTP_URL: 'smtp://user:p%40ss@mail.example.com:587' }, 'smtp://user:p%40ss@mail.example.com:587'],
    [{ SMTP_URL: 'smtps://mail.example.com' }, 'smtps://mail.example.com'],
  ])('%j reads as %s', (env, smtpUrl) => {
    expect(loadConfig(env).smtpUrl).toBe(smtpUrl);
  });
  it.each(['http://mail.example.com', 'mail.example.com', 'smtp://'])(
    'refuses SMTP_URL=%s with one clear line',
    (value) => {
      expect(() => loadConfig({ SMTP_URL: value })).toThrow(
        /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
    },
  );
  it('PUBLIC_URL defaults to the local address and loses a trailing slash; another scheme is refused', () => {
    expect(loadConfig({ PORT: '3106' }).publicUrl).toBe('http://localhost:3106');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/^PUBLIC_URL must be/);
  });
});
