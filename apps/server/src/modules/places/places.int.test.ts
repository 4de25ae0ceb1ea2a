import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpPlaces, localPlaces, postalKey } from '../../adapters/places/places.ts';
import { expectEnvelope, ok, useTestApp } from '../../test/helper.ts';
import { PLACE_NOT_FOUND } from './places.routes.ts';

const ctx = useTestApp();
const lookup = (code: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/places/postal-code/${encodeURIComponent(code)}` });

describe('address autocomplete (spec 2 §7; decision 0184)', () => {
  it.each<[string, object]>([
    ['28801', { city: 'Asheville', state: 'NC', country: 'US' }],
    ['28801-1234', { city: 'Asheville', state: 'NC', country: 'US' }],
    ['l4n 8g1', { city: 'Barrie South', state: 'ON', country: 'CA' }],
  ])('GET /api/places/postal-code/%s fills city and state offline, for anyone', async (code, place) => {
    const response = await lookup(code);
    expect(ok(response)).toMatchObject(place);
  });

  it('404 for an unknown, malformed or huge code (never a 500)', async () => {
    expectEnvelope(await lookup('00000'), 404, PLACE_NOT_FOUND);
    expectEnvelope(await lookup('abc'), 404, PLACE_NOT_FOUND);
    expect((await lookup('1'.repeat(500))).statusCode).toBe(404);
    expect((await lookup('1'.repeat(50))).statusCode).toBe(400);
  });

  it.each<[string, string | null]>([
    ['28801', '28801'],
    [' 28801-1234 ', '28801'],
    ['K1A 0B1', 'K1A'],
    ['k1a', 'K1A'],
    ['2880', null],
    ['hello', null],
  ])('postalKey(%s) is %s', (typed, key) => expect(postalKey(typed)?.key ?? null).toBe(key));

  it('the hosted provider asks PLACES_URL and falls back to nothing on failure', async () => {
    const server = createServer((request, response) => {
      const code = new URL(request.url ?? '/', 'http://x').searchParams.get('postalCode');
      if (code === '12345') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ city: 'Schenectady', state: 'NY' }));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const hosted = httpPlaces(`http://127.0.0.1:${port}/lookup`);
      expect(await hosted.lookup('12345')).toEqual({
        postalCode: '12345',
        city: 'Schenectady',
        state: 'NY',
        country: 'US',
      });
      expect(await hosted.lookup('28801')).toBeNull();
      expect(await httpPlaces('http://127.0.0.1:9/none', 500).lookup('12345')).toBeNull();
    } finally {
      server.close();
    }
    expect(localPlaces().describe).toContain('zipcodes');
  });
});
