/**
 * Prints the OpenAPI document the portal serves at /api/docs/json (ARCHITECTURE 'One schema per form'), for
 * `npm run lint:openapi` (Redocly CLI, docs/decisions/0228). Built on an in-memory database: no route is called.
 *
 *   npm run openapi -w apps/server > openapi.json
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gear-openapi-'));
const database = await openPglite(null);
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    API_DOCS: 'true',
  }),
  database.db,
);
try {
  await app.ready();
  process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
