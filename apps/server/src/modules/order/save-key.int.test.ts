// Decision 0200 (issue 21 item 6): a save repeated under its Idempotency-Key, after its answer was lost, answers the
// saved order instead of a 409 about the person's own change; concurrent repeats change the order once.
import { BILLING_METHODS, MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import {
  currentVersion,
  expectEnvelope,
  ok,
  type SavedOrder,
  signIn,
  useTestApp,
} from '../../test/helper.ts';
import { dropShipOrder, PRODUCTS } from '../../test/order-builders.ts';

const ctx = useTestApp();

const signedIn = new Map<string, Promise<Record<string, string>>>();
/** One sign-in per login for the file: the concurrent saves measure the save, not password hashing. */
const headersOf = (login: string) => {
  if (!signedIn.has(login))
    signedIn.set(
      login,
      signIn(ctx.app, login as 'dr.avery').then((who) => who.headers),
    );
  return signedIn.get(login) as Promise<Record<string, string>>;
};

const CONCURRENT = 200;

async function billedOrder() {
  const order = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [PRODUCTS.giEffects]);
  const gearReqId = order.requisitions[0]?.id as number;
  const body = (billingMethod: string) => ({ gearReqId, billingMethod, version: order.version });
  return { order, body };
}

async function save(
  body: Record<string, unknown>,
  key: string | null,
  login: 'dr.avery' | 'dr.chen' = 'dr.avery',
) {
  const headers = await headersOf(login);
  return ctx.app.inject({
    method: 'PUT',
    url: '/gear/billingMethod/',
    headers: key === null ? headers : { ...headers, 'idempotency-key': key },
    payload: body,
  });
}

const versionOf = (order: SavedOrder) => currentVersion(ctx.database.db, { orderId: order.id });

describe('saves under an Idempotency-Key (decision 0200)', () => {
  it('answers the saved order to a repeat whose first answer was lost, where a repeat without a key gets 409', async () => {
    const { order, body } = await billedOrder();
    const sent = body(BILLING_METHODS.patientPay);
    const lost = ok(await save(sent, 'save-lost-answer-1'));
    expect(lost.version).toBe(order.version + 1);

    const repeat = ok(await save(sent, 'save-lost-answer-1'));
    expect(repeat.version).toBe(order.version + 1);
    expect(repeat.requisitions[0]?.billingMethod).toBe(BILLING_METHODS.patientPay);
    expect(repeat).toEqual(lost);
    expect(await versionOf(order)).toBe(order.version + 1);

    expectEnvelope(await save(sent, null), 409, MESSAGES.staleOrder);
    expectEnvelope(await save(sent, 'save-another-key-1'), 409, MESSAGES.staleOrder);
  });

  it(`changes the order once under ${CONCURRENT} concurrent repeats after the save landed`, async () => {
    const { order, body } = await billedOrder();
    const sent = body(BILLING_METHODS.patientPay);
    ok(await save(sent, 'save-concurrent-repeats'));
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => save(sent, 'save-concurrent-repeats')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(CONCURRENT).fill(200));
    expect(new Set(answers.map((answer) => answer.json<SavedOrder>().version))).toEqual(
      new Set([order.version + 1]),
    );
    expect(await versionOf(order)).toBe(order.version + 1);
  }, 60_000);

  it(`changes the order once under ${CONCURRENT} concurrent identical first saves, each answered 200`, async () => {
    const { order, body } = await billedOrder();
    const sent = body(BILLING_METHODS.patientPay);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => save(sent, 'save-concurrent-first')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(CONCURRENT).fill(200));
    expect(await versionOf(order)).toBe(order.version + 1);
  }, 60_000);

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const { order, body } = await billedOrder();
    ok(await save(body(BILLING_METHODS.patientPay), 'save-other-body'));
    expectEnvelope(
      await save(body(BILLING_METHODS.physicianAccount), 'save-other-body'),
      422,
      MESSAGES.saveKeyReused,
    );
    expect(await versionOf(order)).toBe(order.version + 1);
  });

  it('checks who calls before replaying: another practice gets no answer kept for the order', async () => {
    const { order, body } = await billedOrder();
    const sent = body(BILLING_METHODS.patientPay);
    const saved = ok(await save(sent, 'save-other-practice'));
    const stranger = await save(sent, 'save-other-practice', 'dr.chen');
    expect([403, 404]).toContain(stranger.statusCode);
    expect(stranger.body).not.toContain(String(saved.requisitions[0]?.billingMethod));
    expect(await versionOf(order)).toBe(order.version + 1);
  });

  it('refuses a key that is not one (400) before any change', async () => {
    const { order, body } = await billedOrder();
    for (const key of ['short', 'x'.repeat(101), 'spaces are not allowed', 'nul\u0000byte-key']) {
      const answer = await save(body(BILLING_METHODS.patientPay), key).catch(() => null);
      if (answer) expect(answer.statusCode).toBe(400);
    }
    expect(await versionOf(order)).toBe(order.version);
  });
});
