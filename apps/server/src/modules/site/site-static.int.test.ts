import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-db.ts';
import { pageEncodingOf, pageWithConfig } from './site.routes.ts';

/**
 * Decision 0230: the built web app is sent precompressed (Brotli, else gzip, else as is), fingerprinted files are kept
 * a year, index.html is revalidated on every visit, and the build manifest is not served.
 */
const SCRIPT = `console.log(${JSON.stringify('activate '.repeat(400))});`;
const INDEX = `<!doctype html><html><head><title>Gear</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const FRONT_DOOR = INDEX.replace('<title>Gear</title>', '<title>Gear front door</title>');

let dist: string;
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'gear-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  const write = (file: string, body: string) => {
    writeFileSync(path.join(dist, file), body);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
  };
  write('index.html', INDEX);
  write('front-door.html', FRONT_DOOR);
  write('assets/index-Bx3k9Q1a.js', SCRIPT);
  writeFileSync(path.join(dist, 'assets/plain-Zz11aa22.js'), SCRIPT);
  writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');
  database = await openTestDatabase();
  app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist }),
    database.db,
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Decision 0320: the page as sent carries GET /api/config's answer in a JSON data block. */
const withConfig = (html: string) =>
  pageWithConfig(html, {
    supportPhone: app.config.supportPhone,
    hrsaGsdlNumbers: app.config.hrsaGsdlNumbers,
    consultationUrl: app.config.consultationUrl,
  });

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app as sent to a browser', () => {
  it('sends a fingerprinted script as Brotli when accepted, kept a year and immutable', async () => {
    const response = await get('/assets/index-Bx3k9Q1a.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the file as it is', async () => {
    const gzip = await get('/assets/index-Bx3k9Q1a.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const identity = await get('/assets/index-Bx3k9Q1a.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);

    const uncompressedOnDisk = await get('/assets/plain-Zz11aa22.js', 'br');
    expect(uncompressedOnDisk.statusCode).toBe(200);
    expect(uncompressedOnDisk.headers['content-encoding']).toBeUndefined();
    expect(uncompressedOnDisk.body).toBe(SCRIPT);
    expect(uncompressedOnDisk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html (for every page of the app) compressed and revalidated on each visit', async () => {
    for (const url of ['/order/100006/billing', '/login?url=%2F', '/register/50012346', '/connect/1/2']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(withConfig(INDEX));
    }
  });

  it('decision 0235: sends the front door for the patients’ first pages, compressed and revalidated', async () => {
    for (const url of ['/', '/?status=non-beta', '/kitordering', '/connect', '/connect/100123']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(withConfig(FRONT_DOOR));
    }
  });

  it('decision 0320: writes GET /api/config into the page, so the first page draws without asking', async () => {
    const config = (await get('/api/config')).json();
    const page = (await get('/connect/100123')).body;
    const block = /<script id="gear-config" type="application\/json">(.*?)<\/script><\/head>/.exec(page);
    expect(block?.[1] && JSON.parse(block[1])).toEqual(config);
    expect(page).toContain('<title>Gear front door</title>');
  });

  it('decision 0320: sends the page gzipped, as it is, or not at all when the browser has it', async () => {
    const gzip = await get('/', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(withConfig(FRONT_DOOR));
    const identity = await get('/', 'br;q=0, identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(withConfig(FRONT_DOOR));
    expect(identity.headers.vary).toContain('accept-encoding');
    const etag = identity.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The app's page is another page: another tag.
    expect((await get('/login')).headers.etag).not.toBe(etag);
  });

  it('decision 0320: no configured value can close the data block or start markup', () => {
    const html = pageWithConfig('<html><head></head><body></body></html>', {
      supportPhone: '</script><script>alert(1)</script>',
      hrsaGsdlNumbers: ['<!--'],
      consultationUrl: '/contact',
    });
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('<!--');
    const json = /type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).supportPhone).toBe('</script><script>alert(1)</script>');
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['identity', 'identity'],
    [undefined, 'identity'],
    ['gzip;q=0.0', 'identity'],
  ] as const)('decision 0320: Accept-Encoding %s → %s', (header, encoding) => {
    expect(pageEncodingOf(header)).toBe(encoding);
  });

  it('does not serve the build manifest or a missing asset', async () => {
    expect((await get('/.vite/manifest.json')).body).not.toBe('{}');
    expect((await get('/assets/missing-00000000.js', 'br')).headers['cache-control']).not.toContain(
      'immutable',
    );
  });
});
