import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { EXIT_CONFIG, supervise } from './supervisor.ts';

/**
 * `npm start` (docs/decisions/0157): the supervisor, which loads nothing of the portal itself (a worker's start is the
 * slow part; the supervisor must not double it) and runs main (one worker process each) through node:cluster.
 * `node dist/main.js` runs one process with no supervisor, for systemd or an orchestrator that restarts it itself.
 */
let workers: number;
let bound: number;
try {
  const config = loadConfig();
  workers = config.workers;
  bound = config.shutdown.readyDelayMs + config.shutdown.timeoutMs;
} catch (error) {
  console.error((error as Error).message);
  process.exit(EXIT_CONFIG);
}
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
cluster.setupPrimary({ exec: fileURLToPath(new URL(`./main${extension}`, import.meta.url)) });
supervise(workers, bound);
