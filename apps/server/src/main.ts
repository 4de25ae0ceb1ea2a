import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { seedDemoData } from './seed/index.ts';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  if (config.seedDemoData) await seedDemoData(database.db);
  const app = await buildApp(config, database.db);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Gear portal at http://localhost:${config.port} on ${where}`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
