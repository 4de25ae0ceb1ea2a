import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';

const ctx = useTestApp(() => ({ API_DOCS: 'false' }));

// Issue 14, Low (docs/decisions/0218): with API_DOCS off (production's default) the documentation is not served.
describe('API_DOCS=false', () => {
  it('serves no API documentation', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html'])
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});
