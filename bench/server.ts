// One more API process for `npm run bench` on PostgreSQL (BENCH_PROCESSES=2): the same app on the same database, in
// a process of its own. Prints `listening <port>` when it serves; stops when its parent closes its standard input.
import { buildApp } from '../apps/server/src/app.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { addBareRoute, BENCH_CONFIG } from './config.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
const database = await openPostgres(url);
const app = await buildApp(BENCH_CONFIG(), database.db);
addBareRoute(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
console.log(`listening ${address.port}`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
