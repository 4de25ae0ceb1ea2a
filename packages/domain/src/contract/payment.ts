import { z } from 'zod';
import { PAYMENT_TYPES } from '../payment/payment-rules.ts';
import { databaseId, storableText } from './values.ts';

const shortText = (max: number) => storableText.max(max).nullable().optional();

/**
 * One payment of the submit (spec 3 §7 'Each payment carries paymentFrom, paymentType, one of tokenId,
 * prcConfirmationNo, checkNo or card fields, installmentIntervalType, installmentCount, installmentInterval, id,
 * gearReqId, cardAuthAmount, fullPaymentAmount and discount. An expeditedShipping payment adds saveForLater and
 * gearOrderId'). The browser sends a gateway token (tokenId), never card numbers; a card number sent anyway is handed
 * to the gateway and dropped (decision 0120). Amounts are recomputed by the server; those sent are ignored.
 */
export const submitPaymentSchema = z.object({
  id: databaseId.nullable().optional(),
  paymentFrom: z.enum(['prc', 'myGDX']).nullable().optional(),
  paymentType: z.enum([...PAYMENT_TYPES, 'useExpeditedShipping', 'shippingCardOnFile']).nullable(),
  tokenId: shortText(64),
  prcConfirmationNo: shortText(20),
  checkNo: shortText(30),
  cardNo: shortText(40),
  cardExpDate: shortText(10),
  cardCvv: shortText(10),
  cardholderName: shortText(100),
  cardZipCode: shortText(12),
  installmentIntervalType: z.enum(['full', 'month']).nullable().optional(),
  installmentCount: z.number().int().min(0).max(99).nullable().optional(),
  installmentInterval: z.number().int().min(0).max(12).nullable().optional(),
  gearReqId: databaseId.nullable().optional(),
  cardAuthAmount: z.number().nullable().optional(),
  fullPaymentAmount: z.number().nullable().optional(),
  discount: z
    .looseObject({})
    .nullable()
    .optional()
    .describe(
      'The applied discount, { discountCode }: checked again on the server, which charges the discounted amount (decision 0132)',
    ),
  saveForLater: z.boolean().nullable().optional(),
  gearOrderId: databaseId.nullable().optional(),
});
export type SubmitPayment = z.infer<typeof submitPaymentSchema>;

/** Body of POST /gateway/tokens: the card fields as typed, sent by the browser to the gateway only (decision 0120). */
export const tokenizeCardBodySchema = z.object({
  cardNo: storableText.max(40),
  cardExpDate: storableText.max(10),
  cardCvv: storableText.max(10),
  cardholderName: storableText.max(100),
  cardZipCode: storableText.max(12),
});
export type TokenizeCardBody = z.infer<typeof tokenizeCardBodySchema>;

/** The token answered: only the token, the brand and the last four digits ever leave the gateway. */
export const cardTokenSchema = z
  .object({ token: z.string(), brand: z.string(), last4: z.string() })
  .meta({ id: 'CardToken' });
export type CardToken = z.infer<typeof cardTokenSchema>;

/** A payment recorded on an order (spec 3 §3 gearOrder.allPayments: paymentType, cardAuthAmount, transactionId). */
export const recordedPaymentSchema = z
  .object({
    id: z.number(),
    gearReqId: z.number().nullable(),
    paymentType: z.string(),
    paymentFrom: z.string(),
    status: z.string().describe('authorized, captured, voided, refunded, scheduled, failed, recorded'),
    amountCents: z.number().int(),
    cardAuthAmount: z.number().int().nullable().describe('cents'),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    transactionId: z.string().nullable(),
    installmentIntervalType: z.string().nullable(),
    installmentCount: z.number().nullable(),
    instalments: z.array(
      z.object({
        number: z.number().int(),
        dueDate: z.string(),
        amountCents: z.number().int(),
        status: z.string().describe('charged, scheduled, failed'),
        failureMessage: z.string().nullable(),
      }),
    ),
    createdAt: z.string(),
  })
  .meta({ id: 'RecordedPayment' });
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

/** What the payment step shows before paying: amounts due per requisition, the shipping charge, the choices. */
export const paymentSummarySchema = z
  .object({
    requisitions: z.array(
      z.object({
        gearReqId: z.number(),
        name: z.string(),
        billingMethod: z.string().nullable(),
        amountCents: z.number().int().nullable(),
        paid: z.boolean(),
      }),
    ),
    expeditedShippingCents: z
      .number()
      .int()
      .describe('The expedited shipping charge due, 0 when paid or waived'),
    expeditedShippingWaived: z
      .boolean()
      .describe('An admin waived the expedited shipping fee (spec 2 §6; decision 0187)'),
    mayWaiveExpeditedShipping: z
      .boolean()
      .describe(
        'The caller may waive it: an admin acting for the practitioner (onBehalfOf) on an order with no orderFormId',
      ),
    shippingMethod: z.string(),
    discountCode: z
      .string()
      .nullable()
      .describe('The discount code applied to the amounts (decision 0132), null when none applies'),
    discountCents: z
      .number()
      .int()
      .min(0)
      .describe('Integer cents the applied code takes off the amounts due'),
    discountMessage: z
      .string()
      .nullable()
      .describe('Why the code asked for (discountCode query) does not apply now (spec 3 §8), else null'),
    dueTodayCents: z.number().int().describe('Payment Due Today, integer cents, less the applied discount'),
    paymentRequired: z.boolean(),
    configError: z.boolean(),
    planEligible: z.boolean(),
    international: z.boolean(),
    nsaRequired: z.boolean(),
    patientAgreementRequired: z.boolean(),
    captchaRequired: z.boolean(),
    cardOnFile: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    shippingCardOnFile: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    payments: z.array(recordedPaymentSchema),
    paymentReopened: z
      .boolean()
      .describe(
        "True when a paid requisition owes again (spec 3 §4 'Updated Payment Information Required', decision 0160)",
      ),
  })
  .meta({ id: 'PaymentSummary' });
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** PUT /gear/order/{id}/expedited-shipping-waiver (ours, decision 0187): an admin waives the fee, or takes it back. */
export const expeditedShippingWaiverBodySchema = z
  .object({
    waived: z.boolean(),
    version: z.number().int().nonnegative().max(2_147_483_647).optional(),
  })
  .strict()
  .meta({ id: 'ExpeditedShippingWaiverBody' });
export type ExpeditedShippingWaiverBody = z.infer<typeof expeditedShippingWaiverBodySchema>;
