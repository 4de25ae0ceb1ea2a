#!/usr/bin/env node
// npm run lint:openapi: the OpenAPI document the server serves, linted by Redocly CLI 2.x with the recommended rules
// and redocly.yaml (ARCHITECTURE 'One schema per form'; decision 0228). Errors fail; warnings are listed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-results', 'openapi.json');
mkdirSync(path.dirname(out), { recursive: true });
// The server runs on the repository's pinned Node (24); Redocly CLI on the Node of the PATH (it was run on 20).
const pinned = path.join(root, 'node_modules/.bin/node');
const node = existsSync(pinned) ? pinned : process.execPath;
const document = execFileSync(node, ['--import', 'tsx', 'src/commands/openapi-document.ts'], {
  cwd: path.join(root, 'apps/server'),
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['ignore', 'pipe', 'inherit'],
});
writeFileSync(out, document);
execFileSync('npx', ['-y', '@redocly/cli@2.77.0', 'lint', out, '--format=stylish', '--max-problems=1000'], {
  cwd: root,
  stdio: 'inherit',
});
