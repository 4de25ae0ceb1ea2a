import { createHmac } from 'node:crypto';
import {
  type AcknowledgementFacts,
  amountsLessDiscount,
  BILLING_METHODS,
  type BillingMethod,
  type FieldError,
  type GearOrder,
  INSTALMENT_INTERVAL_DEFAULT,
  instalmentDates,
  isAdmin,
  isPracticumTestingApplied,
  mayWaiveExpeditedShippingFee,
  PAYMENT_MESSAGES,
  type PaymentSummary,
  paymentFieldErrors,
  paymentPlanAmounts,
  paymentPlanEligible,
  type Reopened,
  reopenedPayments,
  requiresNsaAcknowledgement,
  requiresPatientAgreement,
  SAVED_CARD_MARKER,
  type SubmitPayment,
  type UserInfo,
} from '@gear/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardsOnFile, payments as paymentsTable } from '../../db/schema/index.ts';
import { HttpError, namedRefusal, unprocessable } from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { type CarriedDiscount, discountCarried } from '../discount/discount.service.ts';
import { orderForCaller } from '../order/order.service.ts';
import { priceOfRequisition } from '../pricing/pricing.service.ts';
import type { Carrier } from '../shipping/carrier.ts';
import { destinationOf } from '../shipping/shipping.service.ts';
import type { DeclineCode, PaymentGateway } from './gateway/gateway.ts';
import {
  cardOnFileOf,
  type NewPayment,
  paymentsOfOrder,
  prepayCodeUsable,
  recordedTransactions,
  SETTLED_STATUSES,
} from './payment.repository.ts';
import { isExpeditedShippingWaived } from './shipping-waiver.ts';

/** What the payment code needs from outside (wired in app.ts). */
export interface PaymentDeps {
  gateway: PaymentGateway;
  carrier: Carrier;
  /** The captcha's once-only check (modules/captcha, decision of the captcha issue). */
  captchaAccepted: (db: Db, payload: unknown) => Promise<boolean>;
  /** A server secret: typed cards are fingerprinted with it for the submit's idempotency hash, never stored. */
  fingerprintKey: string;
}

/** What an order owes, as the server prices it (amounts sent by the browser are never trusted). */
export interface Dues {
  requisitions: {
    gearReqId: number;
    name: string;
    billingMethod: BillingMethod | null;
    amountCents: number;
  }[];
  /** Requisitions whose price cannot be determined (spec 3 §4 'Config error … submits without payment'). */
  configError: boolean;
  /** The unpaid requisitions whose price could not be determined (spec 3 §5 PITL rule, pitlUnpricedBlockers). */
  unpricedGearReqIds: number[];
  expeditedShippingCents: number;
  shippingMethod: string;
  international: boolean;
  shippingCountry: string | null;
  /** The discount code applied to the amounts (decision 0132): its code, total and whether it is Practicum Testing. */
  discount: { code: string; totalCents: number; practicumTesting: boolean } | null;
  /** Paid requisitions that owe again (spec 3 §4 'Updated Payment Information Required', decision 0160). */
  reopened: Reopened[];
}

const OWED_BILLING: readonly (BillingMethod | null)[] = [
  BILLING_METHODS.insurance,
  BILLING_METHODS.patientPay,
  BILLING_METHODS.medicare,
  BILLING_METHODS.uninsured,
  BILLING_METHODS.uninsuredHrsa,
];

async function settledOf(db: Db, orderId: number) {
  return db
    .select({
      gearReqId: paymentsTable.gearReqId,
      paymentType: paymentsTable.paymentType,
      // What the payment covers: the whole of a plan, plus the discount it carried.
      coveredCents: sql<number>`(coalesce(${paymentsTable.fullPaymentAmountCents}, ${paymentsTable.amountCents}) + coalesce(${paymentsTable.discountCents}, 0))::int`,
      cardOnFile: sql<boolean>`exists (select 1 from ${cardsOnFile} where ${cardsOnFile.gatewayToken} = ${paymentsTable.tokenId})`,
    })
    .from(paymentsTable)
    .where(and(eq(paymentsTable.orderId, orderId), inArray(paymentsTable.status, [...SETTLED_STATUSES])));
}

/** What each paid requisition's settled payments cover, and the part paid with a card on file. */
function paidFactsOf(settled: Awaited<ReturnType<typeof settledOf>>) {
  const paid = new Map<number, { paidCents: number; cardOnFileCents: number }>();
  for (const row of settled) {
    if (row.gearReqId === null) continue;
    const facts = paid.get(row.gearReqId) ?? { paidCents: 0, cardOnFileCents: 0 };
    facts.paidCents += Number(row.coveredCents);
    if (row.cardOnFile) facts.cardOnFileCents += Number(row.coveredCents);
    paid.set(row.gearReqId, facts);
  }
  return paid;
}

/**
 * spec 3 §4, §9: what each unpaid requisition costs under its billing method, and the expedited shipping charge.
 * For a patient (`userType` 'prc') a paid requisition owes again what spec 3 §4 'Payment page' reopens
 * (`reopenedPayments`, decision 0160).
 */
export async function duesOf(
  db: Db,
  order: GearOrder,
  carrier: Carrier,
  userType: string | null = null,
): Promise<Dues> {
  const settled = await settledOf(db, order.id as number);
  const paid = paidFactsOf(settled);
  const shippingPaid =
    settled.some((row) => row.gearReqId === null) ||
    (await isExpeditedShippingWaived(db, order.id as number));
  const live = order.requisitions.filter((requisition) => !requisition.canceled);
  let configError = false;
  const unpriced: number[] = [];
  const requisitions: Dues['requisitions'] = [];
  const reopened: Reopened[] = [];
  for (const requisition of live) {
    if (!OWED_BILLING.includes(requisition.billingMethod)) continue;
    const paidFacts = paid.get(requisition.id);
    const reopenable = userType === 'prc' && !order.physicianInTheLoop;
    if (paidFacts && !reopenable) continue;
    const price = await priceOfRequisition(
      db,
      order,
      requisition,
      requisition.billingMethod as BillingMethod,
    );
    if (price.price === null) {
      if (!paidFacts) {
        configError = true;
        unpriced.push(requisition.id);
      }
      continue;
    }
    let amountCents = price.price;
    if (paidFacts) {
      const [again] = reopenedPayments({ userType: userType ?? '', pitl: order.physicianInTheLoop }, [
        {
          gearReqId: requisition.id,
          billingMethod: requisition.billingMethod,
          priceCents: price.price,
          ...paidFacts,
        },
      ]);
      if (!again) continue;
      reopened.push(again);
      amountCents = again.dueCents;
    }
    if (amountCents > 0)
      requisitions.push({
        gearReqId: requisition.id,
        name: requisition.omsOrderableItemName,
        billingMethod: requisition.billingMethod,
        amountCents,
      });
  }
  const destination = destinationOf(order);
  const shippingCountry = destination?.country ?? null;
  const charges = await carrier.shippingCharges({ country: shippingCountry, poBox: false });
  const charge = charges.find((row) => row.shippingMethod === order.shippingMethod)?.price ?? 0;
  const practitionerCountry = order.practitioner?.office.address.country ?? null;
  return {
    requisitions,
    configError,
    unpricedGearReqIds: unpriced,
    expeditedShippingCents: shippingPaid ? 0 : charge,
    shippingMethod: order.shippingMethod,
    international:
      order.practitioner?.office.reqLayoutId === 3 ||
      (practitionerCountry !== null && !/^(US|USA|United States)$/i.test(practitionerCountry.trim())),
    shippingCountry,
    discount: null,
    reopened,
  };
}

/**
 * The dues less a discount that applies (decision 0132): each requisition's share of discountOutcome taken off its
 * amount, never below zero. A requisition the discount covers entirely stays due at $0.00 (its payment records the
 * code; no card is charged for it).
 */
export function discountedDues(dues: Dues, carried: Extract<CarriedDiscount, { ok: true }>): Dues {
  const less = amountsLessDiscount(dues.requisitions, carried.outcome);
  return {
    ...dues,
    requisitions: less.requisitions,
    discount: {
      code: carried.code,
      totalCents: less.totalCents,
      practicumTesting: isPracticumTestingApplied(carried.discount, carried.outcome),
    },
  };
}

/**
 * The one discount code the submit's payments carry (spec 3 §7 'Each payment carries … discount'; decision 0132):
 * the distinct `discount.discountCode`s of the payments, upper case ('' for one that is not a string). One code is
 * checked again; more than one is refused as a code that does not apply (duesWithDiscount).
 */
export function discountCodesOf(payments: readonly SubmitPayment[]): string[] {
  const codes = new Set<string>();
  for (const payment of payments) {
    const code = (payment.discount as { discountCode?: unknown } | null | undefined)?.discountCode;
    if (typeof code === 'string' && code.trim() !== '') codes.add(code.trim().toUpperCase());
    else if (code !== undefined && code !== null) codes.add('');
  }
  return [...codes];
}

/**
 * What the order owes with the code carried by its payments checked again (decision 0132): the dues, or the named
 * refusal of spec 3 §8 (DiscountNotFoundException / PitlDiscountNotFoundException, 422) when the code no longer
 * applies or the payments name more than one code.
 */
export async function duesWithDiscount(
  db: Db,
  caller: Caller,
  order: GearOrder,
  carrier: Carrier,
  codes: readonly string[],
): Promise<Dues> {
  const dues = await duesOf(db, order, carrier, caller.userInfo.type);
  if (codes.length === 0) return dues;
  const carried = await discountCarried(db, caller, order, codes.length === 1 ? (codes[0] ?? '') : '');
  if (!carried.ok)
    throw namedRefusal(422, carried.error, carried.message, [
      { field: 'payments.discount', defaultMessage: carried.message },
    ]);
  return discountedDues(dues, carried);
}

export function acknowledgementFactsOf(order: GearOrder, user: UserInfo, dues: Dues): AcknowledgementFacts {
  return {
    userType: user.type,
    shippingCountry: dues.shippingCountry,
    configError: dues.configError,
    pitl: order.physicianInTheLoop,
    billingMethods: order.requisitions.filter((r) => !r.canceled).map((r) => r.billingMethod),
    patientAgreementGiven: order.patientAgreement,
    nsaAlreadyAcknowledged: order.nsaAcknowledged,
  };
}

const planEligibleOf = (order: GearOrder, dues: Dues) =>
  paymentPlanEligible({
    shippingCountry: dues.shippingCountry,
    hasInsurance: order.insurance !== null,
    pitlRequisition: order.requisitions.some((r) => !r.canceled && r.physicianInTheLoop),
    billingMethods: order.requisitions.filter((r) => !r.canceled).map((r) => r.billingMethod),
    netPriceCents: dues.requisitions.reduce((sum, due) => sum + due.amountCents, 0),
    // spec 3 §5: a Practicum Testing discount applied lifts the plan's floor (decision 0132).
    practicumDiscount: dues.discount?.practicumTesting ?? false,
  });

/** Whether the submitter must pay now: a patient owing tests or shipping, a practitioner owing shipping. */
export const owesNow = (user: UserInfo, dues: Dues): boolean =>
  dues.expeditedShippingCents > 0 || (user.type === 'prc' && dues.requisitions.length > 0);

// --- Card numbers never go further than the gateway ----------------------------------------------------------------

/**
 * A card number posted to the API (decision 0120) is handed to the gateway and dropped: the payment goes on with the
 * token. The submit's idempotency hash reads a keyed fingerprint of the typed card instead (the same card typed again
 * is the same submission). A card the gateway refuses answers the card form's field error.
 */
export async function dropTypedCards(
  deps: PaymentDeps,
  payments: readonly SubmitPayment[],
): Promise<{ payments: SubmitPayment[]; forHash: SubmitPayment[] }> {
  const kept: SubmitPayment[] = [];
  const forHash: SubmitPayment[] = [];
  for (const [index, payment] of payments.entries()) {
    const { cardNo, cardCvv, cardExpDate, cardholderName, cardZipCode, ...rest } = payment;
    if (!cardNo) {
      kept.push(rest);
      forHash.push(rest);
      continue;
    }
    const fingerprint = createHmac('sha256', deps.fingerprintKey)
      .update(
        `${cardNo.replace(/\D/g, '')}|${cardExpDate ?? ''}|${cardCvv ?? ''}|${cardholderName ?? ''}|${cardZipCode ?? ''}`,
      )
      .digest('hex');
    forHash.push({ ...rest, tokenId: `card:${fingerprint}` });
    const errors = paymentFieldErrors(
      { ...payment, paymentType: 'card' },
      { international: false, prefix: `payments.${index}.` },
    ).filter(
      (error) =>
        !error.field.endsWith('installmentCount') && !error.field.endsWith('installmentIntervalType'),
    );
    const [first] = errors;
    if (first) throw unprocessable(first.defaultMessage, errors);
    const token = await deps.gateway.tokenize({
      cardNo,
      cardExpDate: cardExpDate ?? '',
      cardCvv: cardCvv ?? '',
      cardholderName: cardholderName ?? '',
      cardZipCode: cardZipCode ?? '',
    });
    if (!token.ok) {
      const message = declineMessage(token.code);
      throw unprocessable(message, [{ field: `payments.${index}.cardNo`, defaultMessage: message }]);
    }
    kept.push({ ...rest, tokenId: token.token });
  }
  return { payments: kept, forHash };
}

/** The processor's refusal in words a payer understands (ours, decision 0120). */
export function declineMessage(code: DeclineCode): string {
  switch (code) {
    case 'insufficient_funds':
      return PAYMENT_MESSAGES.insufficientFunds;
    case 'expired_card':
      return PAYMENT_MESSAGES.cardExpired;
    case 'incorrect_cvc':
      return PAYMENT_MESSAGES.cvvMismatch;
    case 'processing_error':
      return PAYMENT_MESSAGES.processingError;
    case 'incorrect_number':
      return PAYMENT_MESSAGES.cardNumberInvalid;
    case 'invalid_expiry':
      return PAYMENT_MESSAGES.expiryInvalid;
    case 'token_unknown':
      return PAYMENT_MESSAGES.tokenUnknown;
    default:
      return PAYMENT_MESSAGES.cardDeclined;
  }
}

// --- What the submit charges -------------------------------------------------------------------------------------

/** One payment of the submit, resolved: what it pays, how much, and how. */
export interface Charge {
  index: number;
  kind: 'requisition' | 'shipping';
  gearReqId: number | null;
  paymentType: string;
  /** card: authorized through the gateway now; check and external: recorded; prepay: a code redeemed. */
  method: 'card' | 'check' | 'prepay' | 'external';
  token: string | null;
  brand: string | null;
  last4: string | null;
  checkNo: string | null;
  prepayCode: string | null;
  externalReference: string | null;
  /** The full amount owed, and what is charged at submit (the first instalment of a plan). */
  fullAmountCents: number;
  nowCents: number;
  plan: { count: number; amounts: number[]; dates: string[] } | null;
}

/** Refuses the payments with their field errors (never called without one). */
const refuse = (errors: FieldError[]): never => {
  const [first] = errors;
  if (!first) throw new Error('a payment refusal needs a field error');
  throw unprocessable(first.defaultMessage, errors);
};

/**
 * The submit's payments checked against what the order owes (spec 3 §5, §6) and resolved to charges: every owed
 * requisition of a patient has a payment; expedited shipping has one; practitioners pay with the shipping card on
 * file, their card on file or a check (admins also by card or token id); plans only where eligible. Field errors 422.
 */
export async function chargesOf(
  db: Db,
  deps: PaymentDeps,
  order: GearOrder,
  user: UserInfo,
  payments: readonly SubmitPayment[],
  dues: Dues,
  today: string,
): Promise<Charge[]> {
  const admin = isAdmin(user);
  const charges: Charge[] = [];
  const prefix = (index: number) => `payments.${index}.`;
  const gsdlNo = order.practitioner?.gsdlNo ?? null;
  const covered = new Set<number>();
  let shippingCovered = false;
  for (const [index, payment] of payments.entries()) {
    const isShipping = payment.gearReqId === null || payment.gearReqId === undefined;
    const due = isShipping ? null : dues.requisitions.find((row) => row.gearReqId === payment.gearReqId);
    if (!isShipping && !due)
      refuse([{ field: `${prefix(index)}gearReqId`, defaultMessage: PAYMENT_MESSAGES.paymentNotExpected }]);
    if (isShipping && dues.expeditedShippingCents === 0)
      refuse([{ field: `${prefix(index)}paymentType`, defaultMessage: PAYMENT_MESSAGES.paymentNotExpected }]);
    const amount = isShipping ? dues.expeditedShippingCents : (due?.amountCents ?? 0);
    const type =
      payment.paymentType === 'useExpeditedShipping' || payment.paymentType === 'expeditedShipping'
        ? 'card'
        : payment.paymentType;
    const base = {
      index,
      kind: isShipping ? ('shipping' as const) : ('requisition' as const),
      gearReqId: isShipping ? null : (payment.gearReqId ?? null),
      paymentType: isShipping ? 'expeditedShipping' : (type ?? 'card'),
      token: null,
      brand: null,
      last4: null,
      checkNo: null,
      prepayCode: null,
      externalReference: null,
      fullAmountCents: amount,
      nowCents: amount,
      plan: null,
    };
    if (
      user.type === 'myGDX' &&
      !admin &&
      (type === 'card' || type === 'prepay') &&
      payment.tokenId !== SAVED_CARD_MARKER
    )
      refuse([
        {
          field: `${prefix(index)}paymentType`,
          defaultMessage: PAYMENT_MESSAGES.practitionerMethodNotAllowed,
        },
      ]);
    switch (type) {
      case null:
      case undefined:
        refuse([
          { field: `${prefix(index)}paymentType`, defaultMessage: PAYMENT_MESSAGES.paymentTypeRequired },
        ]);
        break;
      case 'check': {
        const errors = paymentFieldErrors(
          { ...payment, paymentType: 'check' },
          { international: false, prefix: prefix(index) },
        );
        if (errors.length > 0) refuse(errors);
        charges.push({ ...base, method: 'check', checkNo: (payment.checkNo ?? '').trim() });
        break;
      }
      case 'prepay': {
        if (isShipping)
          refuse([
            { field: `${prefix(index)}paymentType`, defaultMessage: PAYMENT_MESSAGES.paymentNotExpected },
          ]);
        const errors = paymentFieldErrors(
          { ...payment, paymentType: 'prepay' },
          { international: false, prefix: prefix(index) },
        );
        if (errors.length > 0) refuse(errors);
        const code = (payment.prcConfirmationNo ?? '').trim().toUpperCase();
        if (!(await prepayCodeUsable(db, code)))
          refuse([
            {
              field: `${prefix(index)}prcConfirmationNo`,
              defaultMessage: PAYMENT_MESSAGES.prepayCodeUnknown,
            },
          ]);
        charges.push({ ...base, method: 'prepay', prepayCode: code });
        break;
      }
      case 'cardOnFile':
      case 'shippingCardOnFile': {
        if (user.type !== 'myGDX' || !gsdlNo)
          refuse([
            { field: `${prefix(index)}paymentType`, defaultMessage: PAYMENT_MESSAGES.cardOnFileMissing },
          ]);
        const card = await cardOnFileOf(
          db,
          gsdlNo as string,
          type === 'cardOnFile' ? 'practitioner' : 'shipping',
        );
        if (!card)
          refuse([
            { field: `${prefix(index)}paymentType`, defaultMessage: PAYMENT_MESSAGES.cardOnFileMissing },
          ]);
        charges.push({
          ...base,
          method: 'card',
          paymentType: isShipping ? 'expeditedShipping' : 'cardOnFile',
          token: card?.token ?? null,
          brand: card?.brand ?? null,
          last4: card?.last4 ?? null,
        });
        break;
      }
      case 'card': {
        const tokenId = (payment.tokenId ?? '').trim();
        if (tokenId === SAVED_CARD_MARKER) {
          // spec/README.md resolution 4: the saved card on file (the shipping card for shipping).
          const card = gsdlNo
            ? await cardOnFileOf(db, gsdlNo, isShipping ? 'shipping' : 'practitioner')
            : null;
          if (!card || user.type !== 'myGDX')
            refuse([
              { field: `${prefix(index)}tokenId`, defaultMessage: PAYMENT_MESSAGES.cardOnFileMissing },
            ]);
          charges.push({
            ...base,
            method: 'card',
            token: card?.token ?? null,
            brand: card?.brand ?? null,
            last4: card?.last4 ?? null,
          });
          break;
        }
        if (tokenId === '')
          refuse([{ field: `${prefix(index)}cardNo`, defaultMessage: PAYMENT_MESSAGES.cardNumberRequired }]);
        const card = await deps.gateway.cardOf(tokenId);
        if (!card) {
          if (admin && tokenId.length === 6) {
            // An admin's Token ID (spec 3 §5): a payment taken outside the portal, recorded by its reference.
            charges.push({ ...base, method: 'external', externalReference: tokenId });
            break;
          }
          refuse([{ field: `${prefix(index)}cardNo`, defaultMessage: PAYMENT_MESSAGES.tokenUnknown }]);
        }
        let plan: Charge['plan'] = null;
        if (!isShipping && payment.installmentIntervalType === 'month') {
          const errors = paymentFieldErrors(
            { ...payment, paymentType: 'card', tokenId },
            { international: dues.international, prefix: prefix(index), tokenized: true },
          );
          const planErrors = errors.length ? errors : [];
          if (planErrors.length) refuse(planErrors);
          const count = payment.installmentCount ?? 0;
          if (!Number.isInteger(count) || count < 2 || count > 4)
            refuse([
              {
                field: `${prefix(index)}installmentCount`,
                defaultMessage: PAYMENT_MESSAGES.instalmentCountOutOfRange,
              },
            ]);
          if (!planEligibleOf(order, dues))
            refuse([
              {
                field: `${prefix(index)}installmentIntervalType`,
                defaultMessage: PAYMENT_MESSAGES.planNotEligible,
              },
            ]);
          const amounts = paymentPlanAmounts(amount, {
            installmentIntervalType: 'month',
            installmentCount: count,
          });
          plan = {
            count,
            amounts,
            dates: instalmentDates(today, count, payment.installmentInterval || INSTALMENT_INTERVAL_DEFAULT),
          };
        }
        charges.push({
          ...base,
          method: 'card',
          token: tokenId,
          brand: card?.brand ?? null,
          last4: card?.last4 ?? null,
          nowCents: plan ? (plan.amounts[0] ?? amount) : amount,
          plan,
        });
        break;
      }
      default:
        refuse([
          { field: `${prefix(index)}paymentType`, defaultMessage: PAYMENT_MESSAGES.paymentTypeRequired },
        ]);
    }
    if (isShipping) {
      if (shippingCovered)
        refuse([
          { field: `${prefix(index)}paymentType`, defaultMessage: PAYMENT_MESSAGES.paymentNotExpected },
        ]);
      shippingCovered = true;
    } else {
      if (covered.has(payment.gearReqId as number))
        refuse([{ field: `${prefix(index)}gearReqId`, defaultMessage: PAYMENT_MESSAGES.paymentNotExpected }]);
      covered.add(payment.gearReqId as number);
    }
  }
  // What must be paid now (spec 3 §5 'Payment type required … when payment is required and the user chose to pay now').
  const missingTests = user.type === 'prc' && dues.requisitions.some((due) => !covered.has(due.gearReqId));
  const missingShipping = dues.expeditedShippingCents > 0 && !shippingCovered;
  if (missingTests || missingShipping)
    refuse([{ field: 'payments', defaultMessage: PAYMENT_MESSAGES.paymentTypeRequired }]);
  return charges;
}

/** A payment's gateway key: one per order version, submission and payment, so a repeat is the same call. */
export const gatewayKeyOf = (orderId: number, version: number, bodyHash: string, index: number) =>
  `submit:${orderId}:v${version}:${bodyHash.slice(0, 32)}:${index}`;

/**
 * Authorizes the card charges (the amounts due now) through the gateway, each with its key. A decline voids what this
 * call authorized and answers spec 3 §8's RequisitionPaymentException or ExpeditedShippingPaymentException (402) with
 * the processor's refusal in words; nothing is confirmed.
 */
export async function authorizeCharges(
  deps: PaymentDeps,
  orderId: number,
  version: number,
  bodyHash: string,
  charges: readonly Charge[],
): Promise<Map<number, string>> {
  const authorized = new Map<number, string>();
  for (const charge of charges) {
    if (charge.method !== 'card' || charge.token === null || charge.nowCents <= 0) continue;
    const key = gatewayKeyOf(orderId, version, bodyHash, charge.index);
    const result = await deps.gateway.authorize({
      token: charge.token,
      amountCents: charge.nowCents,
      idempotencyKey: key,
      description: `Order ${orderId} ${charge.kind === 'shipping' ? 'shipping' : `requisition ${charge.gearReqId}`}`,
    });
    if (!result.approved) {
      await voidAll(deps, [...authorized.values()], 'declined');
      throw namedRefusal(
        402,
        charge.kind === 'shipping' ? 'ExpeditedShippingPaymentException' : 'RequisitionPaymentException',
        declineMessage(result.code),
        [{ field: `payments.${charge.index}`, defaultMessage: declineMessage(result.code) }],
      );
    }
    authorized.set(charge.index, result.transactionId);
  }
  return authorized;
}

export async function voidAll(deps: PaymentDeps, transactionIds: readonly string[], reason: string) {
  for (const transactionId of transactionIds)
    await deps.gateway.void({ transactionId, idempotencyKey: `void:${transactionId}:${reason}` });
}

/** After a submit that did not commit: voids the authorizations no committed payment holds (a concurrent twin's are kept). */
export async function voidUnrecorded(db: Db, deps: PaymentDeps, transactionIds: readonly string[]) {
  const recorded = await recordedTransactions(db, transactionIds);
  await voidAll(
    deps,
    transactionIds.filter((id) => !recorded.has(id)),
    'not-recorded',
  );
}

/** The payment rows of the charges, as the submit's transaction inserts them. */
export function paymentRowsOf(
  charges: readonly Charge[],
  authorized: ReadonlyMap<number, string>,
  facts: { orderId: number; user: UserInfo; userId: number | null; gatewayKey: (index: number) => string },
): NewPayment[] {
  return charges.map((charge) => {
    const transactionId = authorized.get(charge.index) ?? null;
    const status =
      charge.method === 'card'
        ? transactionId
          ? 'authorized'
          : 'recorded'
        : charge.method === 'prepay'
          ? 'captured'
          : 'recorded';
    return {
      orderId: facts.orderId,
      gearReqId: charge.gearReqId,
      paymentType: charge.paymentType,
      paymentFrom: facts.user.type,
      amountCents: charge.nowCents,
      fullPaymentAmountCents: charge.fullAmountCents,
      cardAuthAmountCents: transactionId ? charge.nowCents : null,
      cardLast4: charge.last4,
      cardBrand: charge.brand,
      checkNo: charge.checkNo,
      prepayCode: charge.prepayCode,
      tokenId: charge.method === 'card' ? charge.token : charge.externalReference,
      transactionId,
      installmentIntervalType: charge.plan ? 'month' : charge.method === 'card' ? 'full' : null,
      installmentCount: charge.plan?.count ?? null,
      installmentInterval: charge.plan ? INSTALMENT_INTERVAL_DEFAULT : null,
      status,
      idempotencyKey: facts.gatewayKey(charge.index),
      createdByUserId: facts.userId,
      instalments: charge.plan
        ? charge.plan.amounts.map((amountCents, i) => ({
            number: i + 1,
            dueDate: charge.plan?.dates[i] ?? '',
            amountCents,
            status: i === 0 ? 'charged' : 'scheduled',
            transactionId: i === 0 ? transactionId : null,
          }))
        : [],
    };
  });
}

/** Captures what the committed submit authorized (the money taken; the first instalment of a plan). */
export async function captureAll(deps: PaymentDeps, transactionIds: readonly string[]) {
  for (const transactionId of transactionIds)
    await deps.gateway.capture({ transactionId, idempotencyKey: `capture:${transactionId}` });
}

/** GET /gear/order/{id}/payment-summary: what the payment step shows (amounts due, choices, acknowledgements, payments). */
export async function paymentSummaryFor(
  db: Db,
  deps: PaymentDeps,
  caller: Caller,
  orderId: number,
  discountCode: string | null = null,
): Promise<PaymentSummary> {
  const user = caller.userInfo;
  const order = await orderForCaller(db, user, orderId);
  // The applied code (decision 0132): the amounts less its shares, as the submit will charge them; a code that no
  // longer applies leaves them whole and says why.
  let dues = await duesOf(db, order, deps.carrier, user.type);
  let discountMessage: string | null = null;
  if (discountCode !== null) {
    const carried = await discountCarried(db, caller, order, discountCode);
    if (carried.ok) dues = discountedDues(dues, carried);
    else discountMessage = carried.message;
  }
  const facts = acknowledgementFactsOf(order, user, dues);
  const recorded = await paymentsOfOrder(db, orderId);
  const gsdlNo = order.practitioner?.gsdlNo ?? null;
  const mayUseCardsOnFile = user.type === 'myGDX' && gsdlNo !== null;
  const live = order.requisitions.filter((r) => !r.canceled);
  return {
    requisitions: live.map((requisition) => {
      const due = dues.requisitions.find((row) => row.gearReqId === requisition.id);
      return {
        gearReqId: requisition.id,
        name: requisition.omsOrderableItemName,
        billingMethod: requisition.billingMethod,
        amountCents: due?.amountCents ?? null,
        paid:
          !dues.reopened.some((row) => row.gearReqId === requisition.id) &&
          recorded.some(
            (payment) =>
              payment.gearReqId === requisition.id &&
              (SETTLED_STATUSES as readonly string[]).includes(payment.status),
          ),
      };
    }),
    expeditedShippingCents: dues.expeditedShippingCents,
    expeditedShippingWaived: await isExpeditedShippingWaived(db, orderId),
    mayWaiveExpeditedShipping: mayWaiveExpeditedShippingFee(user, order),
    shippingMethod: dues.shippingMethod,
    discountCode: dues.discount?.code ?? null,
    discountCents: dues.discount?.totalCents ?? 0,
    discountMessage,
    dueTodayCents:
      (user.type === 'prc' ? dues.requisitions.reduce((sum, due) => sum + due.amountCents, 0) : 0) +
      dues.expeditedShippingCents,
    paymentRequired: owesNow(user, dues),
    configError: dues.configError,
    planEligible: planEligibleOf(order, dues),
    international: dues.international,
    nsaRequired: requiresNsaAcknowledgement(facts),
    patientAgreementRequired: requiresPatientAgreement(facts),
    captchaRequired: user.type === 'prc' && owesNow(user, dues),
    cardOnFile: mayUseCardsOnFile ? await publicCard(db, gsdlNo, 'practitioner') : null,
    shippingCardOnFile: mayUseCardsOnFile ? await publicCard(db, gsdlNo, 'shipping') : null,
    payments: recorded,
    paymentReopened: dues.reopened.length > 0,
  };
}

async function publicCard(db: Db, gsdlNo: string, purpose: 'practitioner' | 'shipping') {
  const card = await cardOnFileOf(db, gsdlNo, purpose);
  return card ? { brand: card.brand, last4: card.last4 } : null;
}

export { HttpError };
