import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { frontDoorPageOf } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';

const API_PREFIXES = ['/api/', '/gear/', '/mygdx/account/', '/html/'];
/** Files whose names carry their content's hash never change: kept a year (decision 0230). */
const FINGERPRINTED = 'public, max-age=31536000, immutable';
/** Without this, the static plugin replaces the Cache-Control set here with its own 'public, max-age=0'. */
const OWN_CACHE_CONTROL = { cacheControl: false } as const;

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
          response: {
            200: z.object({
              supportPhone: z.string(),
              hrsaGsdlNumbers: z.array(z.string()),
              consultationUrl: z.string(),
            }),
          },
        },
      },
      async () => ({
        supportPhone: app.config.supportPhone,
        hrsaGsdlNumbers: app.config.hrsaGsdlNumbers,
        consultationUrl: app.config.consultationUrl,
      }),
    );

    api.get(
      '/html/ping.html',
      { schema: { tags: ['Site'], summary: 'Keepalive of the signed-in session (spec 3 §7)' } },
      async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send('<!doctype html><title>ok</title>'),
    );

    const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
    const hasFrontDoor = existsSync(path.join(webDistDir, 'front-door.html'));
    if (hasWeb) {
      // The build writes .br and .gz copies (scripts/compress-web.mjs); they are sent as they are (decision 0230).
      await app.register(fastifyStatic, {
        root: webDistDir,
        serve: false,
        preCompressed: true,
        dotfiles: 'ignore',
      });
    }

    app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) throw notFound('Not Found');
      if (!hasWeb) throw notFound('The web app has not been built: run npm run build.');
      const file = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
      if (file.startsWith('/assets/') && existsSync(path.join(webDistDir, file))) {
        return reply.header('cache-control', FINGERPRINTED).sendFile(file, OWN_CACHE_CONTROL);
      }
      if (path.extname(file) && existsSync(path.join(webDistDir, file))) return reply.sendFile(file);
      // The patients' first pages are a page of their own, without the app's router (decision 0235).
      const page = frontDoorPageOf(pathname) && hasFrontDoor ? 'front-door.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page, OWN_CACHE_CONTROL);
    });
  };
}
