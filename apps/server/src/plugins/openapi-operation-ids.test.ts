import { describe, expect, it } from 'vitest';
import { operationIdOf } from './openapi-operation-ids.ts';

describe('operationIdOf (ARCHITECTURE: every operation has an operationId; decision 0228)', () => {
  it.each([
    ['GET', '/gear/order/:id/status', 'getGearOrderByIdStatus'],
    ['PUT', '/gear/testSelection', 'putGearTestSelection'],
    ['PUT', '/gear/testSelection/', 'putGearTestSelectionSlash'],
    ['GET', '/gear/re-collect/:accessionNo', 'getGearReCollectByAccessionNo'],
    ['GET', '/html/connect/refund-policy/index.html', 'getHtmlConnectRefundPolicyIndexHtml'],
    ['DELETE', '/gear/order/cancel/:id', 'deleteGearOrderCancelById'],
    ['GET', '/', 'get'],
  ])('%s %s → %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });
});
