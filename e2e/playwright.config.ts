import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(root, '.test-results', 'e2e-data');
// The config is loaded again in each worker: only the main process starts from an empty database.
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

/** Journeys in Debian's Chromium against the built app on a fresh embedded database seeded with the demo data. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, '.test-results', 'e2e-artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    // The app honours reduced motion: modals open at once, so axe never sees a half-faded dialog.
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The compiled server, as `npm start` runs it (decision 0061); built first, so a run never tests stale output.
    command: 'node scripts/build-server.mjs && node --enable-source-maps apps/server/dist/main.js',
    cwd: root,
    url: `http://localhost:${port}/api/config`,
    // Building and migrating takes ~20 s on a quiet machine, over a minute on a loaded one.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // The real widget solves a real challenge, at a difficulty that keeps each journey's proof of work short.
      CAPTCHA_MAX_NUMBER: '2000',
    },
  },
});
