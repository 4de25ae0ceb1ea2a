import { MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUBSCRIPTION_LIST_ID } from '../../adapters/subscription/subscription-list.ts';
import { subscriptionOutbox } from '../../db/schema/index.ts';
import { expectEnvelope, useTestApp } from '../../test/helper.ts';
import { headersOf, patientHeaders } from './test-orders.ts';

const ctx = useTestApp();

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const subscribe = (payload: string | Record<string, unknown>, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/subscribe',
    headers:
      typeof payload === 'string'
        ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' }
        : headers,
    payload,
  });

const outbox = () => ctx.database.db.select().from(subscriptionOutbox);

describe('POST /subscribe (spec 2 §5, §7: marketing opt-in of prc users)', () => {
  it('records the opt-in of a patient through the subscription adapter (form data), once per list and email', async () => {
    const fields = {
      email: 'Jane.Testpatient@Example.com',
      first_name: 'Jane',
      gender: 'F',
      age: '40',
      subscription_list_id: DEFAULT_SUBSCRIPTION_LIST_ID,
    };
    const response = await subscribe(form(fields), await patientHeaders(ctx.app));
    expect(response.statusCode, response.body).toBe(204);
    expect(await outbox()).toEqual([
      expect.objectContaining({
        listId: DEFAULT_SUBSCRIPTION_LIST_ID,
        email: 'jane.testpatient@example.com',
        firstName: 'Jane',
        gender: 'F',
        age: 40,
        sentAt: null,
      }),
    ]);
    const again = await subscribe(
      { email: 'jane.testpatient@example.com', age: 41 },
      await patientHeaders(ctx.app),
    );
    expect(again.statusCode, again.body).toBe(204);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ age: 41 });
  });

  it('refuses practitioners (403), anonymous calls (401), bad fields and unknown lists (400)', async () => {
    const before = (await outbox()).length;
    expectEnvelope(
      await subscribe({ email: 'a@example.com' }, await headersOf(ctx.app, 'dr.avery')),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(
      await ctx.app.inject({ method: 'POST', url: '/subscribe', payload: { email: 'a@example.com' } }),
      401,
    );
    expectEnvelope(await subscribe(form({ email: 'not-an-email' }), await patientHeaders(ctx.app)), 400);
    expectEnvelope(
      await subscribe({ email: 'a@example.com', age: 'old' }, await patientHeaders(ctx.app)),
      400,
    );
    expectEnvelope(
      await subscribe(
        { email: 'a@example.com', subscription_list_id: 'everyone' },
        await patientHeaders(ctx.app),
      ),
      400,
      MESSAGES.invalidInput,
    );
    expect(await outbox()).toHaveLength(before);
  });
});
