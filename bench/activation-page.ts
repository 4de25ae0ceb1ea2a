// The patients' first pages, weight and speed (issues 13 and 15; decisions 0142, 0230, 0235): for the activation
// route '/' and the patient link '/connect/{id}' (Welcome Back, where the handoff email lands), the JavaScript each
// loads (gzipped, and as sent), the bytes on the wire, and the first and largest contentful paint (FCP, LCP from the
// page's PerformanceObserver), in the machine's Chromium at phone size (390x844), each run in a fresh browser context
// (cold cache). Budget: at most 120 kB of gzipped JavaScript and an LCP under 1 s (median of the runs).
//
//   npm run bench:activation -w apps/server        (builds the web app first when apps/web/dist is missing)
//   PROFILE=phone npm run bench:activation -w apps/server
//       the throttled phone of issue 15 (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, CPU 4x slower):
//       LCP budget 2.5 s (decision 0230)
//   ENCODING=identity ...   asks for uncompressed answers (what the server sent before decision 0230)
//   GEAR_URL=http://127.0.0.1:3000 ...   measures a server already running instead of starting one
//   WEB_DIST_DIR=/path/to/dist ...        serves another build of the web app (to compare before and after)
//   ROUTES=/,/connect/100123 ...          the pages measured (default: both)
//
// Starts the server (the TypeScript sources through tsx) on a free port with a fresh data folder, prints one JSON
// line per page with the figures, and exits 1 when a budget is exceeded. Throttling is Chrome's own (CDP
// Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate), set before the page is opened; Lighthouse is
// not used (12.8 stops with NO_NAVSTART on this Chromium, decision 0234).
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 5);
const ROUTES = (process.env.ROUTES ?? '/,/connect/100123').split(',').filter(Boolean);
const PHONE = process.env.PROFILE === 'phone';
/** kB as the budget script counts them (decision 0230): 1,000 bytes. */
const JS_BUDGET_BYTES = 120 * 1000;
const LCP_BUDGET_MS = PHONE ? 2500 : 1000;
/** Chrome DevTools' figures for the throttled phone: bytes per second, milliseconds. */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const PHONE_CPU_SLOWDOWN = 4;

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

/** A largest-contentful-paint entry, as much of it as is read here (the bench's types have no DOM). */
interface LcpEntry {
  startTime: number;
  element?: { tagName: string; textContent: string | null } | null;
}

interface Script {
  url: string;
  bytes: number;
  gzipBytes: number;
  wireBytes: number;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

// GEAR_URL measures a server already running (on a loaded machine the sources take minutes to start through tsx).
const external = process.env.GEAR_URL;
const port = external ? 0 : await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'gear-bench-activation-'));
const server = external
  ? null
  : spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
const base = external ?? `http://127.0.0.1:${port}`;

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/config`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  let allWithin = true;
  for (const route of ROUTES) {
    const lcps: number[] = [];
    const fcps: number[] = [];
    const elements = new Set<string>();
    let scripts: Script[] = [];
    let scriptsBeforeLcp: string[] = [];
    let pageWireBytes = 0;
    // One warm-up run (the server's first answers compile its code), then the measured runs.
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        ...(process.env.ENCODING ? { extraHTTPHeaders: { 'accept-encoding': process.env.ENCODING } } : {}),
      });
      const page = await context.newPage();
      if (PHONE) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
      }
      // Each answer is read as it finishes; one still in flight when the page is closed counts as nothing rather
      // than ending the run (what stopped this script before, decision 0234).
      const loaded: Promise<Script | null>[] = [];
      const wire: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        wire.push(
          request.sizes().then(
            (sizes) => sizes.responseBodySize + sizes.responseHeadersSize,
            () => 0,
          ),
        );
      });
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        loaded.push(
          Promise.all([response.body(), response.request().sizes()]).then(
            ([body, sizes]) => ({
              url: new URL(response.url()).pathname,
              bytes: body.length,
              gzipBytes: gzipSync(body, { level: 9 }).length,
              wireBytes: sizes.responseBodySize,
            }),
            () => null,
          ),
        );
      });
      await page.goto(`${base}${route}`, { waitUntil: 'load', timeout: 120_000 });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 120_000 });
      // The paints so far, once the page has settled (the largest paint may come after the heading).
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      const paints = await page.evaluate(
        () =>
          new Promise<{ lcp: number; fcp: number; element: string; scriptsBefore: string[] }>((resolve) => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              const last = entries[entries.length - 1] as LcpEntry | undefined;
              // Which element was the largest paint: its tag and the start of its text.
              const element = last?.element
                ? `${last.element.tagName.toLowerCase()} "${(last.element.textContent ?? '').trim().slice(0, 40)}"`
                : 'unknown';
              const lcp = last?.startTime ?? Number.NaN;
              // The scripts the page asked for before its largest paint (what the paint waited for, at most).
              const scriptsBefore = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.startTime <= lcp && new URL(entry.name).pathname.endsWith('.js'))
                .map((entry) => new URL(entry.name).pathname);
              resolve({ lcp, fcp, element, scriptsBefore });
            }).observe({ type: 'largest-contentful-paint', buffered: true } as never);
          }),
      );
      const found = (await Promise.all(loaded)).filter((s): s is Script => s !== null);
      const wireTotal = (await Promise.all(wire)).reduce((sum, bytes) => sum + bytes, 0);
      if (run > 0) {
        lcps.push(paints.lcp);
        elements.add(paints.element);
        fcps.push(paints.fcp);
        scripts = found;
        scriptsBeforeLcp = paints.scriptsBefore;
        pageWireBytes = wireTotal;
      }
      await context.close();
    }
    const gzipTotal = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const rawTotal = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const result = {
      route,
      viewport: '390x844',
      profile: PHONE ? 'phone: 1.6 Mbit/s, 150 ms RTT, 4x CPU' : 'unthrottled',
      encoding: process.env.ENCODING ?? 'browser default (br, gzip)',
      runs: RUNS,
      scripts: scripts.length,
      jsBytes: rawTotal,
      jsGzipBytes: gzipTotal,
      jsGzipKB: Math.round(gzipTotal / 100) / 10,
      jsWireBytes: scripts.reduce((sum, s) => sum + s.wireBytes, 0),
      // Of those, the ones asked for before the largest paint (the last run's); the rest came after it.
      scriptsBeforeLcp: scriptsBeforeLcp.length,
      jsGzipKBBeforeLcp:
        Math.round(
          scripts.filter((s) => scriptsBeforeLcp.includes(s.url)).reduce((sum, s) => sum + s.gzipBytes, 0) /
            100,
        ) / 10,
      pageWireBytes,
      fcpMs: fcps.map((v) => Math.round(v)),
      lcpMs: lcps.map((v) => Math.round(v)),
      fcpMedianMs: Math.round(median(fcps)),
      lcpMedianMs: Math.round(median(lcps)),
      lcpElements: [...elements],
      withinBudget: gzipTotal <= JS_BUDGET_BYTES && median(lcps) < LCP_BUDGET_MS,
    };
    console.log(JSON.stringify(result));
    if (process.env.VERBOSE)
      for (const s of scripts)
        console.log(
          `  ${s.url}: ${(s.gzipBytes / 1000).toFixed(1)} kB gzipped, ${(s.wireBytes / 1000).toFixed(1)} kB on the wire (${(s.bytes / 1000).toFixed(1)} kB)`,
        );
    allWithin &&= result.withinBudget;
  }
  await browser.close();
  process.exitCode = allWithin ? 0 : 1;
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
