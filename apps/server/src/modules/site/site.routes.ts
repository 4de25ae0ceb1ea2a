import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** The public configuration the browser needs: GET /api/config's answer, also written into each page served. */
interface PublicConfig {
  supportPhone: string;
  hrsaGsdlNumbers: string[];
  consultationUrl: string;
}

/** A page as sent: the built HTML with the configuration written in, in each encoding a browser may accept. */
interface ServedPage {
  mtimeMs: number;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The built page with GET /api/config's answer written in as a JSON data block (decision 0320): the browser reads it
 * instead of asking, so the first page draws without a round trip first. A `type="application/json"` script is data,
 * not script (the CSP's script-src does not apply to it); `<` is escaped so that no value can close the element.
 */
export function pageWithConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script id="gear-config" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
}

/** 'br' when the browser takes Brotli, else 'gzip' when it takes gzip, else the page as it is (q=0 refuses). */
export function pageEncodingOf(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(q ?? ''))
      .map(([coding]) => (coding ?? '').trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Configuration the browser needs, the keepalive page, and the single-page app with its fallback. */
export function siteRoutes(webDistDir: string) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const publicConfig = (): PublicConfig => ({
      supportPhone: app.config.supportPhone,
      hrsaGsdlNumbers: app.config.hrsaGsdlNumbers,
      consultationUrl: app.config.consultationUrl,
    });

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
      async () => publicConfig(),
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

    // Each page is made once per build of the web app (kept until the file changes) and compressed then.
    const served = new Map<string, ServedPage>();
    const servedPage = (file: string): ServedPage => {
      const full = path.join(webDistDir, file);
      const { mtimeMs } = statSync(full);
      const known = served.get(file);
      if (known && known.mtimeMs === mtimeMs) return known;
      const identity = Buffer.from(pageWithConfig(readFileSync(full, 'utf8'), publicConfig()));
      const page: ServedPage = {
        mtimeMs,
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
        br: brotliCompressSync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      served.set(file, page);
      return page;
    };

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
      const pageFile = frontDoorPageOf(pathname) && hasFrontDoor ? 'front-door.html' : 'index.html';
      const page = servedPage(pageFile);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', page.etag)
        .type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const encoding = pageEncodingOf(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(page[encoding]);
    });
  };
}
