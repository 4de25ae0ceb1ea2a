import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

const snapshots = new WeakSet<object>();

/**
 * Marks an object that is never changed again (an assembled order kept by the read cache): its JSON, once checked
 * against a route's response schema and written, is kept and reused for that route (decision 0055).
 */
export const markSnapshot = (value: object) => {
  snapshots.add(value);
};

/**
 * The zod serializer (a response is checked against the route's schema, then written as JSON), remembering the
 * JSON of snapshots per route: an order read from the cache is served without checking and writing it again.
 */
export const snapshotAwareSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = (serializerCompiler as FastifySerializerCompiler<unknown>)(route);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !snapshots.has(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
