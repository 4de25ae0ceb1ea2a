// The bearer token's cost (issue 15, "token signing with jose"): the bare route against the same route behind the
// sign-in check (one token, as every call of a page carries), alternated, then the verification of tokens never seen
// before (each a full HS256 check), timed in process. `npm run bench:access-token -w apps/server`.
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { signAccessToken, verifyAccessToken } from '../apps/server/src/modules/session/access-token.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { addBareRoute, BENCH_CONFIG } from './config.ts';
import { openBenchDatabase, progress, signInOverHttp } from './setup.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const FRESH_TOKENS = 5_000;

async function main() {
  const { database, drop } = await openBenchDatabase();
  await seedDemoData(database.db);
  const app = await buildApp(BENCH_CONFIG(), database.db);
  addBareRoute(app);
  // The bare route behind the sign-in check: what a bearer token costs a call.
  app.get('/bench/signed-in', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { auth } = await signInOverHttp(base);
  const rps = async (path: string, headers: Record<string, string>) =>
    (
      await autocannon({
        url: `${base}${path}`,
        headers,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
      })
    ).requests.average;

  const bare: number[] = [];
  const signedIn: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    progress(`round ${round}: bare route, then the signed-in route`);
    bare.push(await rps('/bench/bare', {}));
    signedIn.push(await rps('/bench/signed-in', auth));
  }

  const secret = app.config.sessionSecret;
  const tokens: string[] = [];
  for (let index = 0; index < FRESH_TOKENS; index += 1)
    tokens.push(
      await signAccessToken(
        { sub: 1, sid: `bench-${index}`, type: 'myGDX', gsdlNo: 'P1001', obo: [], adm: false },
        secret,
      ),
    );
  const started = performance.now();
  for (const token of tokens) if (!(await verifyAccessToken(token, secret))) throw new Error('token refused');
  const microsPerVerify = ((performance.now() - started) * 1000) / FRESH_TOKENS;

  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternated rounds of ${DURATION_SECONDS} s\n`);
  console.log('| route | req/s (mean) | ratio to bare |\n|---|---|---|');
  console.log(`| bare (public) | ${mean(bare).toFixed(0)} | 1.00 |`);
  console.log(
    `| signed-in (bearer token) | ${mean(signedIn).toFixed(0)} | ${(mean(signedIn) / mean(bare)).toFixed(2)} |`,
  );
  console.log(`\nfirst verification of a token: ${microsPerVerify.toFixed(1)} µs (${FRESH_TOKENS} tokens)`);
  await app.close();
  await database.close();
  await drop();
}

await main();
