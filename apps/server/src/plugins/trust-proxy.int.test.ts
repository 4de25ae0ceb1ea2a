import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';

const ctx = useTestApp(() => ({ TRUST_PROXY: '1' }));

// Issue 14 item 12 (docs/decisions/0218): behind one proxy, the client is the address the proxy appended; whatever a
// client writes in front of it is ignored, so the address budget does not reset per request.
describe('TRUST_PROXY=1', () => {
  it('takes the address the proxy appended, not the one the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/session',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: { username: `nobody-${i}`, password: 'wrong' },
      });
      statuses.push(response.statusCode);
    }
    // 50 failed sign-ins per address per 15 minutes (the address limit): the 51st from 203.0.113.7 is refused.
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  }, 120_000);
});
