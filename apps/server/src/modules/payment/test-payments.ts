import { BILLING_METHODS } from '@gear/domain';
import { solvedCaptcha } from '../../test/captcha.ts';
import {
  type Caller,
  callAs,
  GI_EFFECTS,
  ifMatchNow,
  ok,
  type SavedOrder,
  type SignedIn,
  type TestContext,
} from '../../test/helper.ts';
import { dropShipOrder, signInPatient } from '../../test/order-builders.ts';
import { patientInfo } from '../patient/test-orders.ts';

/** Jane's drop-ship GI Effects order of dr.avery (P1001), billed so the patient pays the full amount. */
export async function patientPaysOrder(ctx: TestContext, avery: Caller): Promise<SavedOrder> {
  const created = await dropShipOrder(ctx.app, 'dr.avery', 'P1001', [GI_EFFECTS]);
  const withPatient = ok<SavedOrder>(
    await callAs(ctx.app, avery, 'PUT', `/gear/order/${created.id}/patient/`, {
      id: created.id,
      version: created.version,
      patientInfo: patientInfo(),
    }),
  );
  return ok<SavedOrder>(
    await callAs(ctx.app, avery, 'PUT', '/gear/billingMethod/', {
      billingMethod: BILLING_METHODS.patientPay,
      gearReqId: withPatient.requisitions[0]?.id,
      version: withPatient.version,
    }),
  );
}

/** A card token from the local gateway's tokenization endpoint (decision 0120). */
export async function cardToken(ctx: TestContext, cardNo: string): Promise<string> {
  return ok<{ token: string }>(
    await ctx.app.inject({
      method: 'POST',
      url: '/gateway/tokens',
      payload: {
        cardNo,
        cardExpDate: '12/30',
        cardCvv: '123',
        cardholderName: 'Jane Testpatient',
        cardZipCode: '28801',
      },
    }),
  ).token;
}

/** The patient's submit of `order` paying its first requisition by card (a plan when `count` is given). */
export async function patientPaysByCard(
  ctx: TestContext,
  order: SavedOrder,
  patient: SignedIn,
  cardNo: string,
  count: number | null = null,
) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/gear/order/${order.id}/confirm-and-pay`,
    headers: { ...patient.headers, ...(await ifMatchNow(ctx.database.db, { orderId: order.id })) },
    payload: {
      patientAgreement: true,
      nsaAcknowledged: true,
      recaptcha: await solvedCaptcha(ctx.app),
      payments: [
        {
          paymentType: 'card',
          paymentFrom: 'prc',
          gearReqId: order.requisitions[0]?.id,
          tokenId: await cardToken(ctx, cardNo),
          installmentIntervalType: count === null ? 'full' : 'month',
          ...(count === null ? {} : { installmentCount: count }),
        },
      ],
    },
  });
}

/** Jane's order paid by the patient with `cardNo` (on a plan of `count` monthly instalments when given). */
export async function patientPaidOrder(
  ctx: TestContext,
  avery: SignedIn,
  cardNo: string,
  count: number | null = null,
) {
  const order = await patientPaysOrder(ctx, avery);
  const patient = await signInPatient(ctx.app, ctx.database.db, [order.id]);
  ok(await patientPaysByCard(ctx, order, patient, cardNo, count));
  return { order, patient };
}
