import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';

const API_PREFIXES = ['/api/', '/gear/', '/mygdx/account/', '/html/'];

/** Configuration the browser needs, the keepalive page, and the single-page app with its fallback. */
export function siteRoutes(webDistDir: string) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['Site'],
          summary:
            'Settings the browser needs (the support phone, the HRSA GSDL numbers of the billing options)',
          response: { 200: z.object({ supportPhone: z.string(), hrsaGsdlNumbers: z.array(z.string()) }) },
        },
      },
      async () => ({ supportPhone: app.config.supportPhone, hrsaGsdlNumbers: app.config.hrsaGsdlNumbers }),
    );

    api.get(
      '/html/ping.html',
      { schema: { tags: ['Site'], summary: 'Keepalive of the signed-in session (spec 3 §7)' } },
      async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send('<!doctype html><title>ok</title>'),
    );

    const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, { root: webDistDir, serve: false });
    }

    app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) throw notFound('Not Found');
      if (!hasWeb) throw notFound('The web app has not been built: run npm run build.');
      const file = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
      if (file.startsWith('/assets/') && existsSync(path.join(webDistDir, file))) {
        return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(file);
      }
      if (path.extname(file) && existsSync(path.join(webDistDir, file))) return reply.sendFile(file);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  };
}
