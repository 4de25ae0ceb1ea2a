import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Security headers with a content-security policy the app itself passes (no inline scripts). */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      // The packing slip PDF the page fetched is shown in a frame from its blob: address (decision 0110).
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, worked out once: they depend on nothing in the request, and building them per answer (as
 * @fastify/helmet does, re-reading every directive) took about 4% of every answer's time in a profile of the bench.
 */
function headersOnce(): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)]);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  securityHeaders({} as never, recorder, () => {});
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = headersOnce();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
