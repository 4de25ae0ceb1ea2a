import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CONFIG } from './supervisor.ts';
import { newServerStore, type ServerStore, startServerProcess } from './test/server-process.ts';

// Issue 15 "Running it": a bad setting or a port already in use ends the process with one clear line naming the
// setting and what to do (no stack trace) and the exit code the supervisor does not restart (78). On PostgreSQL
// with TEST_DATABASE_URL, else embedded.
const LOGGED = { LOG_LEVEL: 'silent' };

async function refusalOf(env: Record<string, string>) {
  const server = await startServerProcess({ ...LOGGED, ...env });
  const exit = await server.exited;
  return { exit, output: server.output().trim() };
}

describe('issue 15: a start that cannot go on says why in one line', () => {
  it.each([
    [
      'PORT',
      { PORT: 'http' },
      'PORT must be a whole number from 1 to 65535 (the HTTP port); unset it for 3000.',
    ],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be silent, error, warn, info or debug.'],
    [
      'DATABASE_URL',
      { DATABASE_URL: 'mysql://root@localhost/gear' },
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/gear; unset it to use the embedded database in DATA_DIR.',
    ],
  ])(
    'a bad %s',
    async (_name, env, line) => {
      const { exit, output } = await refusalOf(env);
      expect(output).toBe(line);
      expect(exit).toEqual({ code: EXIT_CONFIG, signal: null });
    },
    30_000,
  );

  describe('a port already in use', () => {
    let store: ServerStore;
    let taken: Server;
    let port: number;

    beforeAll(async () => {
      store = await newServerStore();
      taken = createServer().listen(0, '127.0.0.1');
      await once(taken, 'listening');
      port = (taken.address() as { port: number }).port;
    });
    afterAll(async () => {
      taken?.close();
      await store?.drop();
    });

    it('names PORT and what to do, and exits 78 (the database closed first)', async () => {
      const { exit, output } = await refusalOf({ ...store.env, PORT: String(port) });
      expect(output).toBe(
        `PORT ${port} is already in use on 127.0.0.1: stop the program listening there, or set PORT to a free port.`,
      );
      expect(exit).toEqual({ code: EXIT_CONFIG, signal: null });
      // The database was closed (the embedded one unlocked): a second start gets as far as the port again.
      expect((await refusalOf({ ...store.env, PORT: String(port) })).output).toContain(
        `PORT ${port} is already in use`,
      );
    }, 180_000);
  });
});
