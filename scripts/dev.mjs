#!/usr/bin/env node
// npm run dev: the API (tsx, restarted on change; its log made readable by pino-pretty at a terminal) and the web app
// (Vite on :5173 with live reload, proxying the API) in one terminal. Ctrl-C, or either side ending, stops both.
import { spawn } from 'node:child_process';

const children = [
  ['run', 'dev', '-w', 'apps/server'],
  ['run', 'dev', '-w', 'apps/web'],
].map((args) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code) => stopAll(code ?? 1));
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
