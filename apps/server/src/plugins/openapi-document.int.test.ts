// The OpenAPI document names every request header the API reads, and keeps 3.0's nullable beside a type, so that
// `redocly lint` (recommended rules, `npm run lint:openapi`) reports no error (ARCHITECTURE; decision 0228).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';
import { CHALLENGE_OPERATIONS } from './openapi-headers.ts';

const ctx = useTestApp();

interface Parameter {
  name: string;
  in: string;
  description?: string;
}
type Operation = { parameters?: Parameter[]; operationId?: string };
type Doc = { openapi: string; servers?: unknown[]; paths: Record<string, Record<string, Operation>> };

const documentOf = async () => (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
const headersOf = (operation: Operation | undefined) =>
  (operation?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
const toPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document (decision 0228)', () => {
  it('names X-Gear-Captcha on the order proofs and the sign-in, If-Match and Idempotency-Key on order changes', async () => {
    const doc = await documentOf();
    for (const key of CHALLENGE_OPERATIONS) {
      const [method, url] = key.split(' ') as [string, string];
      const operation = doc.paths[toPath(url)]?.[method.toLowerCase()];
      expect(headersOf(operation), key).toContain('x-gear-captcha');
      expect(operation?.parameters?.find((p) => p.name === 'x-gear-captcha')?.description).toMatch(/429/);
    }
    const waiver = doc.paths['/gear/order/{id}/expedited-shipping-waiver']?.put;
    expect(headersOf(waiver)).toEqual(expect.arrayContaining(['if-match', 'idempotency-key']));
    expect(headersOf(waiver)).not.toContain('x-gear-captcha');
    const upload = doc.paths['/gear/uploadInsuranceAttachment']?.post;
    expect(headersOf(upload)).toContain('if-match');
    expect(headersOf(upload)).not.toContain('idempotency-key');
    // A read takes none of the change headers; the sign-in no order version.
    expect(headersOf(doc.paths['/gear/order/{id}']?.get)).not.toContain('if-match');
    expect(headersOf(doc.paths['/api/session']?.post)).not.toContain('if-match');
  });

  it('gives every operation an operationId, each its own', async () => {
    const doc = await documentOf();
    const ids = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => [`${method} ${path}`, operation.operationId]),
    );
    expect(ids.filter(([, id]) => !id)).toEqual([]);
    const unique = new Set(ids.map(([, id]) => id));
    expect(unique.size).toBe(ids.length);
  });

  it("keeps OpenAPI 3.0's nullable beside a type everywhere, and names a server", async () => {
    const doc = await documentOf();
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const bare: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        for (const [index, item] of node.entries()) walk(item, `${at}/${index}`);
      } else if (node && typeof node === 'object') {
        const schema = node as Record<string, unknown>;
        if (schema.nullable === true && !('type' in schema)) bare.push(at);
        for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
      }
    };
    walk(doc, '');
    expect(bare).toEqual([]);
  });
});
