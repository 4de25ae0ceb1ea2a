// Decision 0200: one Idempotency-Key per save, kept for the same save after a transient failure.
import { describe, expect, it } from 'vitest';
import { createFetchMock, json } from '../test/fetch-mock.ts';
import { TEST_PHONE } from '../test/fixtures.ts';
import { createApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import { createSaveKeys, withSaveKey } from './save-keys.ts';

const counter = () => {
  let next = 0;
  return () => `key-${++next}`;
};

const unavailable = new ApiError('unavailable', 'The portal is temporarily unavailable.', 503);
const network = new ApiError('network', 'The network is currently unavailable.', 0);
const conflict = new ApiError('conflict', 'changed', 409);

describe('save keys (decision 0200)', () => {
  it.each([
    ['no answer', network, 'key-1'],
    ['a 503', unavailable, 'key-1'],
    ['a 409', conflict, 'key-2'],
    ['an answer', null, 'key-2'],
  ])('after %s, the same save again goes with key %s', (_case, failure, expected) => {
    const keys = createSaveKeys(counter());
    expect(keys.keyFor({ billingMethod: 'Patient', version: 3 })).toBe('key-1');
    keys.settled(failure);
    expect(keys.keyFor({ billingMethod: 'Patient', version: 3 })).toBe(expected);
  });

  it('gives another save its own key, even after a transient failure', () => {
    const keys = createSaveKeys(counter());
    keys.keyFor({ billingMethod: 'Patient' });
    keys.settled(unavailable);
    expect(keys.keyFor({ billingMethod: 'Client' })).toBe('key-2');
    keys.settled(unavailable);
    expect(keys.keyFor({ billingMethod: 'Client' })).toBe('key-2');
    keys.settled(null);
    expect(keys.keyFor({ billingMethod: 'Client' })).toBe('key-3');
  });

  it('sends the key with the save and not with reads', async () => {
    const server = createFetchMock({
      'GET /mygdx/account/JWT/session': () => json({ token: 'jwt-1', expiresIn: 300 }),
      'PUT /gear/billingMethod/': () => json({ id: 1 }),
      'GET /gear/order/1': () => json({ id: 1 }),
    });
    const api = withSaveKey(
      createApiClient({ fetch: server.fetch, getPhone: () => TEST_PHONE }),
      'key-abc-123',
    );
    await api.put('/gear/billingMethod/', { billingMethod: 'Patient' });
    await api.get('/gear/order/1');
    expect(server.callsTo('PUT /gear/billingMethod/')[0]?.headers['idempotency-key']).toBe('key-abc-123');
    expect(server.callsTo('GET /gear/order/1')[0]?.headers['idempotency-key']).toBeUndefined();
  });
});
