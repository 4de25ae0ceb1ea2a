import { describe, expect, it } from 'vitest';
import { orderWithRequisition } from '../modules/patient/test-orders.ts';
import { headersOf, useTestApp } from '../test/helper.ts';

const ctx = useTestApp();

// Issue 14 item 7 (docs/decisions/0216): every answer under /gear, /mygdx and /api, refusals included, is no-store.
describe('Cache-Control: no-store on the API', () => {
  it('holds on answers that carry PHI, on reference answers and on refusals', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const avery = await headersOf(ctx.app, 'dr.avery');
    const calls: [string, string, Record<string, string>, unknown?][] = [
      ['GET', `/gear/order/${order.id}`, avery],
      ['GET', `/gear/api/patient-lookup?orderId=${order.id}&chartNumber=A1`, avery],
      ['GET', '/gear/api/getAccountType', avery],
      ['GET', `/gear/order/${order.id}/payment-summary`, avery],
      ['GET', '/api/config', {}],
      ['GET', `/gear/order/${order.id}`, {}],
      ['GET', `/gear/order/${order.id}`, await headersOf(ctx.app, 'dr.chen')],
      ['GET', '/gear/no-such-route', avery],
      ['GET', '/mygdx/account/JWT/myGDX', {}],
      ['POST', '/api/session', {}, { username: 'nobody', password: 'x' }],
    ];
    for (const [method, url, headers, payload] of calls) {
      const response = await ctx.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.headers['cache-control'], `${method} ${url} (${response.statusCode})`).toBe('no-store');
    }
  });
});
