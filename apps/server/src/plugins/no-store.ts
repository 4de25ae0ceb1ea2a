import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/gear', '/mygdx', '/api'];

const isApiPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

/**
 * Every answer under /gear, /mygdx and /api, refusals included, carries `Cache-Control: no-store` (issue 14 item 7,
 * docs/decisions/0216): no browser, proxy or back button keeps an answer that may hold PHI. A route serving public
 * reference data may set its own Cache-Control; none does today.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
