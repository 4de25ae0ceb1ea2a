import { outageOf } from '@gear/domain';
import { configuredFileStorage } from './adapters/storage/configured-storage.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { seedDemoData } from './seed/index.ts';
import { EXIT_CONFIG } from './supervisor.ts';

/**
 * A database failure that escaped a request (a connection lost between queries, a timer's query) is logged as its
 * kind and code and the process lives on (docs/decisions/0153); anything else is a bug and ends the process, which
 * the supervisor starts again.
 */
function surviveDatabaseFailures() {
  process.on('unhandledRejection', (reason) => {
    const outage = outageOf(reason);
    if (outage) {
      console.warn(JSON.stringify({ level: 'warn', msg: 'database unavailable', ...outage }));
      return;
    }
    throw reason;
  });
}

async function serve(config: Config) {
  surviveDatabaseFailures();
  const database = await openConfiguredDatabase(config);
  const demo = config.seedDemoData
    ? await seedDemoData(database.db, (await configuredFileStorage(config, database.db)).storage)
    : null;
  const app = await buildApp(config, database.db);
  if (demo && config.production)
    app.log.warn(
      'SEED_DEMO_DATA=true in production: the demo accounts, whose passwords are published, can sign in. Remove SEED_DEMO_DATA for a real deployment.',
    );

  // Graceful shutdown (docs/decisions/0156): /readyz turns 503 first, then the server stops accepting, in-flight
  // requests finish (their connections are cut after SHUTDOWN_TIMEOUT_MS), the pool closes and the embedded
  // database's lock is released.
  // Every request the server reads is counted, and every answer it finishes: the shutdown's log line shows they match.
  const requests = { received: 0, answered: 0 };
  app.server.on('request', (_request, response) => {
    requests.received += 1;
    response.once('finish', () => {
      requests.answered += 1;
    });
  });
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down: readiness 503');
    const hardStop = setTimeout(
      () => process.exit(1),
      config.shutdown.readyDelayMs + config.shutdown.timeoutMs + 5_000,
    );
    hardStop.unref();
    if (config.shutdown.readyDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, config.shutdown.readyDelayMs));
    const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdown.timeoutMs);
    cut.unref();
    await app.close();
    clearTimeout(cut);
    await database.close();
    app.log.info({ ms: Date.now() - started, ...requests }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Gear portal at http://localhost:${config.port} on ${where}`);
  if (demo)
    app.log.info(
      `Demo ship-to-office order ready to submit: http://localhost:${config.port}/order/${demo.shipToOfficeOrderId}/confirm`,
    );
}

/**
 * The one line a start that cannot go on prints, without a stack trace (issue 15 "Running it"): a setting refused, the
 * data folder in use, the port taken or not allowed. Null for anything else, which is a bug.
 */
function startRefusalOf(error: unknown): string | null {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) return error.message;
  const { code, port, address } = error as { code?: string; port?: number; address?: string };
  if (code === 'EADDRINUSE')
    return `PORT ${port} is already in use on ${address}: stop the program listening there, or set PORT to a free port.`;
  if (code === 'EACCES')
    return `PORT ${port} may not be opened by this user on ${address}: set PORT to 1024 or above, or run with the right to bind it.`;
  return null;
}

/** One portal process: a worker of the supervisor (start.ts, `npm start`), or alone (`node dist/main.js`). */
async function main() {
  await serve(loadConfig());
}

main().catch((error: unknown) => {
  const refusal = startRefusalOf(error);
  if (refusal !== null) {
    console.error(refusal);
    process.exit(EXIT_CONFIG);
  }
  console.error(error);
  process.exit(1);
});
