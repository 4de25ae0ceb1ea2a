import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORDS, expectAccessible, watchConsole } from './support.ts';

// Decisions 0226 and 0229: with ADMIN_TOTP=required an administrator signs in with a code from an authenticator app;
// the sign-in page shows the code field when the server asks for it. A portal of its own (the built server the other
// journeys run, on E2E_PORT + 1000 and its own data), as an operator would set it up: started once to seed, stopped,
// the administrator enrolled with `npm run admin:totp`, started again.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT + 1000 unless told: the next port may be another journey run's own on a shared machine.
const port = Number(process.env.E2E_TOTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(root, '.test-results', 'e2e-totp-data');
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  ADMIN_TOTP: 'required',
  CAPTCHA_MAX_NUMBER: '2000',
};

let server: ChildProcess | null = null;
let secret = '';

/** Started, and seeded: admin.ops exists (its password is right, and the second factor is asked for or missing). */
async function startPortal() {
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: root, env });
  for (let waited = 0; waited < 180_000; waited += 1000) {
    if (server.exitCode !== null)
      throw new Error(`the portal exited (${server.exitCode}): is port ${port} taken?`);
    try {
      const response = await fetch(`${baseURL}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin.ops', password: DEMO_PASSWORDS['admin.ops'] }),
      });
      if (/authenticator|admin:totp/.test(await response.text())) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the portal with ADMIN_TOTP=required did not start');
}

async function stopPortal() {
  const running = server;
  server = null;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

/** RFC 6238 (SHA-1, 30 s, 6 digits), as an authenticator app computes it, from the base32 secret. */
function totpNow(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  rmSync(dataDir, { recursive: true, force: true });
  await startPortal();
  await stopPortal();
  const printed = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/modules/session/admin-totp-command.ts', 'admin.ops'],
    { cwd: path.join(root, 'apps/server'), env, encoding: 'utf8' },
  );
  secret = /Secret: (\S+)/.exec(printed)?.[1] ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await startPortal();
});

test.afterAll(async () => {
  await stopPortal();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const) {
  test(`an administrator signs in with the authenticator code (${viewport.name})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, viewport: viewport.size, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchConsole(page, [/\/api\/session$/]);
    await page.goto('/login');
    await expect(page.getByLabel('Authenticator code')).toHaveCount(0);
    await page.getByLabel('Login name').fill('admin.ops');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORDS['admin.ops']);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The server asks for the code: the field appears with its message.
    const code = page.getByLabel('Authenticator code');
    await expect(code).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    type Styles = { getComputedStyle(element: unknown): { fontSize: string } };
    const fontSize = await code.evaluate(
      (element) => (globalThis as unknown as Styles).getComputedStyle(element).fontSize,
    );
    // Phone-first: 16 px inputs on a phone (no zoom on focus).
    if (viewport.size.width <= 390) expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(16);
    await expectAccessible(page);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);

    // A wrong code: the server's message under the field.
    const right = totpNow(secret);
    await code.fill(String((Number(right) + 500_000) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByText('The code is not correct. Enter the current 6-digit code from your authenticator app.'),
    ).toBeVisible();

    await code.fill(totpNow(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/order\/new\/pract$/);
    expect(errors).toEqual([]);
    await context.close();
  });
}
