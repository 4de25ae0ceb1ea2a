#!/usr/bin/env node
// npm test: type-check, lint, import rules (decision 0062), the decision index, unit and API tests (embedded
// database), the API tests again on a PostgreSQL server when TEST_DATABASE_URL is set, then the build, its bundle
// budgets and the browser journeys.
// Ends with one line 'N passed, N failed' counting every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const pinnedNode = readFileSync(path.join(root, '.node-version'), 'utf8').trim();
console.log(`Node ${process.versions.node} (pinned: ${pinnedNode})`);
if (process.versions.node !== pinnedNode) {
  console.log(
    `The tests run on the pinned Node ${pinnedNode} (node_modules/.bin/node, from \`npm install\`); this is Node ${process.versions.node}. Run them with \`npm test\`.`,
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const ci = process.env.CI === 'true';
const pgUrl = process.env.TEST_DATABASE_URL;
const embeddedEnv = { ...process.env };
delete embeddedEnv.TEST_DATABASE_URL;

let passed = 0;
let failed = 0;
const problems = [];
const failedTests = [];

function run(label, command, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) problems.push(`${label} (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numTotalTestSuites === 0 ? 1 : 0);
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    const failures = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failures) failedTests.push(`${file} › ${t.fullName}`);
    if (failures.length === 0 && suite.status === 'failed') failedTests.push(`${file} (${suite.message})`);
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

function failedJourneys(suites) {
  return (suites ?? []).flatMap((suite) => [
    ...failedJourneys(suite.suites),
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'unexpected'))
      .map((spec) => `${suite.file}:${spec.line} › ${spec.title}`),
  ]);
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const vitest = (name, projects, env) => {
  const file = path.join(results, `${name}.json`);
  run(
    `vitest: ${name}`,
    npx,
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${file}`,
    ],
    env,
  );
  countVitest(file);
};

run('type-check (tsc)', npx, ['tsc', '-b', 'packages/domain', 'apps/server', 'apps/web', 'e2e']);
run('lint and format (biome)', npx, ['biome', 'check', '.']);
run('import rules', process.execPath, ['scripts/check-imports.mjs']);
run('decision records', process.execPath, ['scripts/check-decisions.mjs']);
vitest('unit-and-api', ['domain', 'server', 'web'], embeddedEnv);
if (pgUrl) vitest('api-on-postgresql', ['server'], process.env);

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (chromium) {
  const file = path.join(results, 'e2e.json');
  run('build the web app and the server', 'npm', ['run', 'build']);
  if (run('bundle budgets (decision 0230)', process.execPath, ['scripts/check-bundle-budgets.mjs']))
    passed += 1;
  else failed += 1;
  run(
    'browser journeys (Playwright, Chromium)',
    npx,
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      ...embeddedEnv,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  countPlaywright(file);
  if (existsSync(file)) failedTests.push(...failedJourneys(JSON.parse(readFileSync(file, 'utf8')).suites));
} else if (ci) {
  problems.push('browser journeys: no Chromium at /usr/bin/chromium (CI requires it)');
  failed += 1;
} else {
  console.log(
    '\n! Browser journeys skipped: no Chromium found. Install it with: sudo apt-get install -y chromium',
  );
}

if (problems.length) console.log(`\nFailed steps:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
if (problems.length && failed === 0) failed = problems.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
