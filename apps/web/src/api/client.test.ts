import { describe, expect, it, vi } from 'vitest';
import { createFetchMock, envelope, json, networkFailure, noContent } from '../test/fetch-mock.ts';
import { TEST_PHONE } from '../test/fixtures.ts';
import { createApiClient } from './client.ts';
import { ApiError } from './errors.ts';

const NETWORK = `The network is currently unavailable. Please call us at ${TEST_PHONE}.`;
const UNEXPECTED = `An unexpected error has occurred. Please call us at ${TEST_PHONE}.`;

function setup(handlers: Parameters<typeof createFetchMock>[0] = {}) {
  const server = createFetchMock({
    'GET /mygdx/account/JWT/session': () => json({ token: 'jwt-1', expiresIn: 300 }),
    ...handlers,
  });
  const onUnauthorized = vi.fn();
  const onForbidden = vi.fn();
  const api = createApiClient({
    fetch: server.fetch,
    getPhone: () => TEST_PHONE,
    onUnauthorized,
    onForbidden,
  });
  return { api, server, onUnauthorized, onForbidden };
}

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('API client (spec 1 §7, §8)', () => {
  it('sends JSON with credentials and the bearer token, and reads the answer', async () => {
    const { api, server } = setup({ 'PUT /gear/practitioner/': (call) => json({ id: 7, echo: call.body }) });
    const saved = await api.put<{ id: number; echo: unknown }>('/gear/practitioner/', { id: 'new' });
    expect(saved).toEqual({ id: 7, echo: { id: 'new' } });
    const call = server.callsTo('PUT /gear/practitioner/')[0];
    expect(call?.headers.authorization).toBe('Bearer jwt-1');
    expect(call?.headers['content-type']).toBe('application/json');
  });

  it('sends a form or a file as it is, with the bearer token and no JSON content type', async () => {
    const { api, server } = setup({
      'POST /gear/uploadInsuranceAttachment': () => json({ result: 'success' }),
    });
    const form = new FormData();
    form.append('type', 'gov-id-front');
    await api.post('/gear/uploadInsuranceAttachment', form);
    const call = server.callsTo('POST /gear/uploadInsuranceAttachment')[0];
    expect(call?.body).toBe(form);
    expect(call?.headers.authorization).toBe('Bearer jwt-1');
    expect(call?.headers['content-type']).toBeUndefined();
  });

  it('asks for credentials on every call', async () => {
    const fetchSpy = vi.fn(async () => json({}));
    const api = createApiClient({ fetch: fetchSpy as typeof fetch, getPhone: () => TEST_PHONE });
    await api.get('/api/config', { auth: 'none' });
    expect(fetchSpy).toHaveBeenCalledWith('/api/config', expect.objectContaining({ credentials: 'include' }));
  });

  it('keeps the text of a plain-text error answer (a 410 notice), and the envelope message otherwise', async () => {
    const { api } = setup({
      'GET /gear/order': () => new Response('This pack was recalled.', { status: 410 }),
      'GET /gear/requisition': () => envelope(404, 'We could not find that.'),
    });
    const gone = await failureOf(api.get('/gear/order'));
    expect(gone.status).toBe(410);
    expect(gone.message).toBe(UNEXPECTED);
    expect(gone.text).toBe('This pack was recalled.');
    const missing = await failureOf(api.get('/gear/requisition'));
    expect(missing.text).toBe('We could not find that.');
  });

  it('reads a 204 answer as null', async () => {
    const { api } = setup({ 'DELETE /api/session': noContent });
    await expect(api.delete('/api/session')).resolves.toBeNull();
  });

  it('keeps a query string given as text, as the wizard forwards its own', async () => {
    const { api, server } = setup({ 'GET /gear/order/3': () => json({ id: 3 }) });
    await api.get('/gear/order/3', { query: '?dateOfBirth=2000-01-01&x=1' });
    expect(server.callsTo('GET /gear/order/3')[0]?.search).toBe('?dateOfBirth=2000-01-01&x=1');
  });

  it('maps a network failure to the network message (kind network)', async () => {
    const { api } = setup({ 'GET /gear/order/1': networkFailure });
    const error = await failureOf(api.get('/gear/order/1'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK);
  });

  it('maps a network failure while fetching the token to the network message', async () => {
    const { api } = setup({ 'GET /mygdx/account/JWT/session': networkFailure });
    const error = await failureOf(api.get('/gear/order/1'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(NETWORK);
  });

  it('maps any other HTTP failure to the unexpected-error message and keeps the envelope', async () => {
    const { api } = setup({ 'GET /gear/order/1': () => envelope(500, 'Internal Server Error') });
    const error = await failureOf(api.get('/gear/order/1'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(error.message).toBe(UNEXPECTED);
    expect(error.body?.message).toBe('Internal Server Error');
  });

  it('maps an answer that is not JSON to the unexpected-error message', async () => {
    const { api } = setup({
      'GET /gear/order/1': () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
    });
    const error = await failureOf(api.get('/gear/order/1'));
    expect(error.message).toBe(UNEXPECTED);
    expect(error.body).toBeNull();
  });

  it("uses the field errors' messages when the answer carries them", async () => {
    const { api } = setup({
      'PUT /gear/practitioner/': () =>
        envelope(400, 'Bad Request', [
          { field: 'practAgreement', defaultMessage: 'Please verify you are authorized to order.' },
        ]),
    });
    const error = await failureOf(api.put('/gear/practitioner/', {}));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('Please verify you are authorized to order.');
    expect(error.fieldErrors).toEqual([
      { field: 'practAgreement', defaultMessage: 'Please verify you are authorized to order.' },
    ]);
  });

  it('maps 409 to the stale-order message', async () => {
    const { api } = setup({ 'PUT /gear/practitioner/': () => envelope(409, 'Conflict') });
    const error = await failureOf(api.put('/gear/practitioner/', {}));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(
      'This order was changed by someone else. Please reload it to see the latest version.',
    );
  });

  it('reports 401 so that the app shows the login-required screen', async () => {
    const { api, onUnauthorized, onForbidden } = setup({
      'GET /gear/order/1': () => envelope(401, 'Expired'),
    });
    const error = await failureOf(api.get('/gear/order/1'));
    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('reports 401 from the token service (session idle-expired)', async () => {
    const { api, server, onUnauthorized } = setup({
      'GET /mygdx/account/JWT/session': () => envelope(401, 'Not signed in'),
      'GET /gear/order/1': () => json({}),
    });
    const error = await failureOf(api.get('/gear/order/1'));
    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.callsTo('GET /gear/order/1')).toHaveLength(0);
  });

  it('renews a refused token once before giving up', async () => {
    let answers = 0;
    let tokens = 0;
    const { api, onUnauthorized } = setup({
      'GET /mygdx/account/JWT/session': () => json({ token: `jwt-${++tokens}`, expiresIn: 300 }),
      'GET /gear/order/1': (call) => {
        answers += 1;
        return call.headers.authorization === 'Bearer jwt-2' ? json({ id: 1 }) : envelope(401, 'Bad token');
      },
    });
    await expect(api.get('/gear/order/1')).resolves.toEqual({ id: 1 });
    expect(answers).toBe(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports 403 so that the app goes to /?status=non-beta', async () => {
    const { api, onUnauthorized, onForbidden } = setup({
      'GET /gear/order/1': () => envelope(403, 'Forbidden'),
    });
    const error = await failureOf(api.get('/gear/order/1'));
    expect(error.kind).toBe('forbidden');
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves 401 to callers that handle it themselves (sign-in shows the server message)', async () => {
    const { api, onUnauthorized } = setup({
      'POST /api/session': () => envelope(401, 'The login name or password is incorrect.'),
    });
    const error = await failureOf(api.post('/api/session', {}, { auth: 'none', authErrors: 'throw' }));
    expect(error.kind).toBe('unauthorized');
    expect(error.serverMessage).toBe('The login name or password is incorrect.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not fetch a token for calls made without one', async () => {
    const { api, server } = setup({ 'GET /api/config': () => json({ supportPhone: TEST_PHONE }) });
    await api.get('/api/config', { auth: 'none' });
    expect(server.callsTo('GET /mygdx/account/JWT/session')).toHaveLength(0);
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
  });
});
