import { AsyncLocalStorage } from 'node:async_hooks';
import { idempotencyKeySchema } from '@gear/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyHashOf } from '../../lib/body-hash.ts';
import { badRequest } from '../../lib/http-error.ts';

/** The Idempotency-Key a save was sent with, and what it was sent for (docs/decisions/0200). */
export interface SaveKey {
  key: string;
  /** SHA-256 of the method, the route, its parameters, query and body: the same save hashes alike. */
  requestHash: string;
  /** How many changes of an order this request has made so far (each is kept under its own number). */
  calls: number;
}

const requests = new AsyncLocalStorage<{ saveKey: SaveKey | null }>();

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isUpload = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key';
  throw badRequest(message, [{ field: 'Idempotency-Key', defaultMessage: message }]);
}

/**
 * Every change (POST, PUT, PATCH, DELETE) runs with a place for its save key (a read has no use for one); one sent
 * with an Idempotency-Key puts it there once its body is parsed, for the order-change core to read (`saveKeyOfRequest`).
 * Uploads (multipart) are not keyed: their file is not part of the parsed body a repeat could be compared by.
 */
export function registerSaveKeys(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (CHANGING.has(request.method)) requests.run({ saveKey: null }, done);
    else done();
  });
  app.addHook('preHandler', async (request) => {
    const store = requests.getStore();
    if (!store || !CHANGING.has(request.method) || isUpload(request)) return;
    const key = keyOf(request);
    if (key === null) return;
    store.saveKey = {
      key,
      requestHash: bodyHashOf({
        method: request.method,
        route: request.routeOptions.url,
        params: request.params,
        query: request.query,
        body: request.body,
      }),
      calls: 0,
    };
  });
}

/** The save key of the request being served, if it was sent with one; each call numbers the next change. */
export function nextKeyedChange(): { key: string; requestHash: string; call: number } | null {
  const saveKey = requests.getStore()?.saveKey;
  if (!saveKey) return null;
  saveKey.calls += 1;
  return { key: saveKey.key, requestHash: saveKey.requestHash, call: saveKey.calls };
}
