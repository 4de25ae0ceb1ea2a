import { messages } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';

const ctx = useTestApp();

describe('site routes', () => {
  it('GET /api/config answers the configured support phone', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      supportPhone: '800-522-4762',
      hrsaGsdlNumbers: ['P1007'],
      consultationUrl: '/contact',
    });
  });

  it('GET /html/ping.html keeps a signed-in session alive and refuses anonymous callers', async () => {
    const { cookie } = await signIn(ctx.app, 'dr.avery');
    const ok = await ctx.app.inject({ method: 'GET', url: '/html/ping.html', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/html');
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/html/ping.html' }), 401);
  });

  it('sends security headers, a content-security policy and a request id on every answer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    expectEnvelope(await ctx.app.inject({ method: 'GET', url: '/gear/no-such-thing' }), 404);
  });

  it('serves the OpenAPI document generated from the route schemas, and the browsable docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/session',
        '/mygdx/account/JWT/{type}',
        '/gear/api/getAccountType',
        '/gear/practitioner/{gsdl}',
        '/gear/practitioner-options',
        '/gear/practitioner-options/{orderId}',
        '/gear/practitioner/',
        '/gear/order/{id}',
        '/gear/order',
        '/gear/practitioner/{gsdl}/orderableItems',
        '/gear/practitioner/{gsdl}/previousInstructions/{x}',
        '/gear/requisition',
        '/gear/requisition/getReqByOrderableItem',
        '/gear/requisitionById',
        '/gear/requisitions',
        '/gear/testSelection/',
        '/gear/testSelection',
        '/gear/log',
        '/gear/log/{x}',
        '/gear/billingMethod/',
        '/gear/order/{id}/confirm-and-pay',
        '/gear/order/{id}/update-medical-necessity',
        '/gear/orders/{id}/authorize',
        '/gear/gear-requisition/{id}/quantity',
        '/gear/customizeTestSelections/',
        '/gear/updateWorkflow/',
        '/gear/order/{id}/change-practitioner/{gsdlNo}',
        '/gear/order/{id}/confirm-price-increase/{reqId}/{source}',
        '/gear/api/applied-price',
        '/gear/api/inputFieldPriceMap/{orderableItemId}',
        '/gear/diagnosisCodes/',
        '/api/dxcodes/{code}',
        '/gear/getDxCodeSuggestions',
      ]),
    );
    const schemas = Object.keys(
      response.json<{ components: { schemas: Record<string, unknown> } }>().components.schemas,
    );
    expect(schemas).toEqual(
      expect.arrayContaining([
        'OrderableItemLists',
        'CatalogueRequisition',
        'OrderableItem',
        'OmsRequisition',
      ]),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('hides the detail of a failure inside the server: 500, the generic message, no internals', async () => {
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
      ctx.database.db,
    );
    app.get('/gear/fails', { config: { access: 'public' } }, async () => {
      throw new Error('secret internals of table orders');
    });
    const response = await app.inject({ method: 'GET', url: '/gear/fails' });
    expectEnvelope(response, 500, messages('800-522-4762').unexpectedError);
    expect(response.body).not.toContain('secret internals');
    await app.close();
  });
});
