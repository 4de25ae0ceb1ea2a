import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { bearer, birthdayYearsAgo, createOrderThroughApi, signIn } from './orders.ts';
import { expectAccessible } from './support.ts';

// Issue 21 §2 (decisions 0154, 0200): the database goes away while a practitioner works. The page says it is
// temporarily unavailable and trying again, and reads again by itself; a save answered 503 says "try again in a few
// seconds" and keeps everything typed; when the database is back the order loads and the same save goes through.
// The journey runs its own portal (the built server, as the other journeys) on a fresh PostgreSQL database of the
// machine's server, so that the database can refuse connections while the portal stays up (ALLOW_CONNECTIONS false
// and its connections terminated, as a restart does). psql (PostgreSQL's client) makes the outage.

const RETRYING = 'The portal is temporarily unavailable. Trying again…';
const TRY_AGAIN = 'The portal is temporarily unavailable. Please try again in a few seconds.';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// A port of its own, free now (the ports beside E2E_PORT are other runs' journeys).
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const database = `gear_e2e_outage_${randomBytes(5).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

const psql = (statement: string) =>
  execFileSync('psql', [serverUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', statement], { stdio: 'pipe' });

/** The database refuses connections and drops those it has, as during a restart. */
const databaseGoesAway = () => {
  psql(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
  psql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}'`);
};
const databaseReturns = () => psql(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);

let server: ChildProcess | null = null;
let output = '';
let dataDir = '';

test.use({ baseURL: base });

test.beforeAll(async () => {
  // Migrating and seeding a new database: about a minute on a loaded machine.
  test.setTimeout(300_000);
  psql(`CREATE DATABASE ${database}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'gear-e2e-outage-'));
  // The server the webServer step built (apps/server/dist), on its own port and database.
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      DB_CONNECT_TIMEOUT_MS: '1000',
      CAPTCHA_MAX_NUMBER: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const until = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the portal exited: ${output}`);
    const ready = server.exitCode === null ? await fetch(`${base}/readyz`).catch(() => null) : null;
    if (ready?.status === 200) break;
    if (Date.now() > until) throw new Error(`the portal was not ready: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  try {
    databaseReturns();
  } catch {
    // the database may already be gone
  }
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const textbox = (page: Page, name: RegExp | string) => page.getByRole('textbox', { name });
const combobox = (page: Page, name: RegExp | string) => page.getByRole('combobox', { name });

/** What the practitioner types: a 40-year-old patient in Columbus, Ohio. */
const birthday = birthdayYearsAgo(40);
const TYPED: [RegExp, string][] = [
  [/^First name/, 'Morgan'],
  [/^Last name/, 'Outage'],
  [/^Date of birth/, birthday.typed],
  [/^Email/, 'morgan.outage@example.com'],
  [/^Street address/, '150 East Gay Street'],
  [/^City/, 'Columbus'],
  [/^Zip code/, '43215'],
];

test('the database goes away mid-use: "trying again", reads retried, nothing typed lost, the save goes through when it returns', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'dr.avery');
  const order = await createOrderThroughApi(page);

  // The database goes away as the practitioner opens the order: the page says so and reads again by itself.
  databaseGoesAway();
  await page.goto(`/order/${order.id}/patient`);
  await expect(page.getByRole('status').filter({ hasText: RETRYING })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  databaseReturns();
  await expect(page.getByRole('heading', { name: 'Patient', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(RETRYING)).toHaveCount(0);

  // The practitioner types the patient; the database goes away before Next.
  for (const [name, value] of TYPED) await textbox(page, name).fill(value);
  await combobox(page, /^Sex/).selectOption({ label: 'Female' });
  await textbox(page, /^Cell phone/).fill('6145550142');
  await textbox(page, /^Phone/).fill('6145550142');
  await combobox(page, /^State$|^State \*/).selectOption('OH');
  await combobox(page, /^Employment status/).selectOption('Retired');
  databaseGoesAway();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: TRY_AGAIN })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Please call us/)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/patient$`));
  for (const [name, value] of TYPED) await expect(textbox(page, name)).toHaveValue(value);
  await expectAccessible(page);

  // The database is back: the same Next saves what was typed.
  databaseReturns();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/insurance$`), { timeout: 20_000 });
  const saved = await page.request.get(`/gear/order/${order.id}`, { headers: await bearer(page) });
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { patientInfo: Record<string, string> }).patientInfo).toMatchObject({
    nameFirst: 'Morgan',
    nameLast: 'Outage',
    email: 'morgan.outage@example.com',
  });
});
