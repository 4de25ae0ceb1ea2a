import {
  completeStep,
  documentAccess,
  type GearOrder,
  initialWorkflowSteps,
  isPitlOrder,
  MESSAGES,
  PATIENT_MESSAGES,
  type PatientInfo,
  type PhysicianFeePayment,
  PITL_TRANSFER_FEE_CENTS,
  PITL_TRANSFER_MESSAGES,
  type PitlRecollectionOrderSummary,
  type PitlTransferBody,
  type PitlTransferResponse,
  pitlRecollectionOrderSummaryOf,
  type Requisition,
  type SavedOrder,
  type ShippingInformation,
  STEP_IDS,
  shippingAddressOf,
  transferablePacks,
  transferFeeErrors,
  transferPackErrors,
  type UserInfo,
  validatePatient,
  type WorkflowStep,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import {
  badRequest,
  conflict,
  HttpError,
  namedRefusal,
  notFound,
  preconditionRequired,
  prefixed,
} from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import { patientFacts } from '../patient/patient.service.ts';
import type { PaymentGateway } from '../payment/gateway/gateway.ts';
import {
  cardPaymentRow,
  insertPayments,
  markCaptured,
  type NewPayment,
  recordedTransactions,
} from '../payment/payment.repository.ts';
import { recollectionRowsOf, transferredOrderOfKey } from './pitl.repository.ts';

/** The transfer's payment refusal (spec 3 §8 'Transfer payment errors are generic'; decision 0290). */
export const TRANSFER_PAYMENT_ERROR = 'PitlTransferPaymentException';

const mapOf = (summary: PitlRecollectionOrderSummary): Record<number, number> =>
  Object.fromEntries(Object.entries(summary.gearReqRecollectionMap).map(([id, to]) => [Number(id), to]));

/** spec 3 §6 'Patient-side downloads need dateOfBirth': the same proof for the patient's PITL actions. */
async function requireDateOfBirth(
  db: Db,
  user: UserInfo,
  order: GearOrder,
  dateOfBirth: string | null,
  action: string,
) {
  const access = documentAccess(user, dateOfBirth, order);
  if (access === 'allowed') return;
  await recordAudit(db, {
    action,
    outcome: 'refused',
    orderId: order.id as number,
    detail: { reason: access === 'missing' ? 'dateOfBirthRequired' : 'dateOfBirthMismatch' },
  });
  if (access === 'missing')
    throw badRequest(PATIENT_MESSAGES.dateOfBirthRequired, [
      { field: 'dateOfBirth', defaultMessage: PATIENT_MESSAGES.dateOfBirthRequired },
    ]);
  // A wrong date of birth tells nothing about the order (as the results, decision 0261).
  throw notFound(MESSAGES.orderNotFound);
}

// --- Transfer ---------------------------------------------------------------------------------------------------

/**
 * The new patient's order steps (decision 0290): the order rows afresh for the moved packs, the practitioner step
 * carried (same practitioner), the packs' own rows as they were, and the patient step completed by the transfer form.
 */
export function transferredOrderSteps(
  order: SavedOrder,
  moved: readonly Requisition[],
  stepDate: string,
): WorkflowStep[] {
  const fresh = initialWorkflowSteps({
    requisitions: [...moved],
    containsDropShipRequisition: false,
    containsShipToOfficeRequisition: false,
  }).filter((row) => row.gearReqId === null);
  const carried = fresh.map((row) => {
    const old = order.workflow.steps.find((step) => step.id === row.id && step.gearReqId === null);
    return old && row.id === STEP_IDS.pract ? { ...old, notApplicable: row.notApplicable } : row;
  });
  const movedIds = new Set(moved.map((pack) => pack.id));
  const movedRows = order.workflow.steps.filter(
    (row) => row.gearReqId !== null && movedIds.has(row.gearReqId),
  );
  return completeStep([...carried, ...movedRows], {
    id: STEP_IDS.patient,
    gearReqId: null,
    userType: 'prc',
    stepDate,
  });
}

/** The new patient's shipping information, from the address the transfer form gave (decision 0290). */
function shippingInformationOf(patient: PatientInfo, shippingMethod: string): ShippingInformation | null {
  const address = shippingAddressOf(patient);
  if (!address) return null;
  return {
    shippingMethod,
    company: null,
    attention: [patient.nameFirst, patient.nameLast].filter(Boolean).join(' ') || null,
    address1: address.address1 ?? null,
    address2: address.address2 ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    zipCode: address.zipCode ?? null,
    country: address.country ?? null,
    instructions: null,
  };
}

/** Every refusal of the form: the packs (spec 3 §5), the new patient (spec 2 §5 as PITL), the card (spec 3 §5). */
function transferFormErrors(order: SavedOrder, eligible: readonly number[], body: PitlTransferBody) {
  const moved = order.requisitions.filter((pack) => body.gearReqIds.includes(pack.id));
  const facts = {
    ...patientFacts({ ...order, requisitions: moved }, { type: 'prc' } as UserInfo, false),
    pitl: true,
    dropShip: false,
    dataConfirmed: false,
  };
  const fee = body.physicianFeePayment;
  const feeErrors = fee.tokenId
    ? transferFeeErrors({
        cardNo: '000000000000',
        cardExpDate: '12/99',
        cardCvv: '0',
        cardholderName: 'token',
        cardZipCode: '0',
        cardAuthAmount: fee.cardAuthAmount,
      })
    : transferFeeErrors(fee);
  return [
    ...(body.gearOrderId === order.id
      ? []
      : [{ field: 'gearOrderId', defaultMessage: MESSAGES.orderNotFound }]),
    ...transferPackErrors(body, eligible),
    ...prefixed(validatePatient(body.newPatient, facts), 'newPatient'),
    ...feeErrors,
  ];
}

function planTransfer(
  order: SavedOrder,
  map: Record<number, number>,
  body: PitlTransferBody,
  userId: number | null,
): OrderChangePlan {
  const eligible = transferablePacks({ ...order, canceled: order.canceled ?? false }, map);
  const errors = transferPackErrors(body, eligible);
  const [first] = errors;
  if (first) throw badRequest(first.defaultMessage, errors);
  const moved = order.requisitions.filter((pack) => body.gearReqIds.includes(pack.id));
  return {
    writes: [
      {
        kind: 'transferToNewOrder',
        gearReqIds: moved.map((pack) => pack.id),
        createdByUserId: userId,
        patientInfo: body.newPatient,
        shippingInformation: shippingInformationOf(body.newPatient, order.shippingMethod),
        steps: transferredOrderSteps(order, moved, new Date().toISOString()),
      },
    ],
  };
}

async function tokenOf(gateway: PaymentGateway, fee: PhysicianFeePayment) {
  if (fee.tokenId) {
    const card = await gateway.cardOf(fee.tokenId);
    return card ? { token: fee.tokenId, brand: card.brand, last4: card.last4 } : null;
  }
  const result = await gateway.tokenize({
    cardNo: fee.cardNo ?? '',
    cardExpDate: fee.cardExpDate ?? '',
    cardCvv: fee.cardCvv ?? '',
    cardholderName: fee.cardholderName ?? '',
    cardZipCode: fee.cardZipCode ?? '',
  });
  return result.ok ? { token: result.token, brand: result.brand, last4: result.last4 } : null;
}

const isStale = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.message === MESSAGES.staleOrder;

/**
 * POST /gear/order/{id}/pitl-transfer?dateOfBirth (spec 3 §4 Transfer, §7; decision 0290): the unused packs chosen
 * leave the order for a new order of the new patient, once the $15 physician transfer fee is authorized on the card.
 * Refusals: a form error (400, nothing charged), a declined card (402, generic, nothing moved). The packs move in one
 * transaction through the order-change core, which records the fee (pitlclientfee) and a pitlpendingtransfer payment
 * per pack on the new order and an audit event on both orders. Concurrent identical transfers authorize one charge
 * (its gateway key) and move the packs once; each answers the one transferred order.
 */
export async function transferPacks(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  orderId: number,
  dateOfBirth: string | null,
  body: PitlTransferBody,
  basedOn: number | undefined,
): Promise<PitlTransferResponse> {
  const user = caller.userInfo;
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  await requireDateOfBirth(db, user, order, dateOfBirth, 'pitlTransferRefused');
  const refuse = (reason: string) =>
    recordAudit(db, { action: 'pitlTransferRefused', outcome: 'refused', orderId, detail: { reason } });
  if (!isPitlOrder(order)) {
    await refuse('notPitl');
    throw badRequest(PITL_TRANSFER_MESSAGES.notPitl);
  }
  // The version rule before any charge (decision 0294): 428 without one, 409 when stale; the core claims it again.
  if (basedOn === undefined) throw preconditionRequired(MESSAGES.orderVersionRequired);
  if (basedOn !== order.version) throw conflict(MESSAGES.staleOrder);
  const map = mapOf(pitlRecollectionOrderSummaryOf(await recollectionRowsOf(db, orderId)));
  const eligible = transferablePacks({ ...order, canceled: order.canceled ?? false }, map);
  const errors = transferFormErrors(order, eligible, body);
  const [first] = errors;
  if (first) {
    await refuse('form');
    throw badRequest(first.defaultMessage, errors);
  }

  const gearReqIds = [...body.gearReqIds].sort((a, b) => a - b);
  const declined = async (reason: string) => {
    await refuse(reason);
    return namedRefusal(402, TRANSFER_PAYMENT_ERROR, PITL_TRANSFER_MESSAGES.paymentFailed, [
      { field: 'physicianFeePayment', defaultMessage: PITL_TRANSFER_MESSAGES.paymentFailed },
    ]);
  };
  const card = await tokenOf(gateway, body.physicianFeePayment);
  if (!card) throw await declined('cardRefused');
  // The fee's gateway key: one per order version, choice of packs and card, so identical transfers are one charge
  // and a card declined does not answer for the next one.
  const key = `pitl-transfer:${orderId}:v${basedOn}:${gearReqIds.join('-')}:${card.token}`;
  const authorization = await gateway.authorize({
    token: card.token,
    amountCents: PITL_TRANSFER_FEE_CENTS,
    idempotencyKey: key,
    description: `Order ${orderId} physician transfer fee`,
  });
  if (!authorization.approved) throw await declined('declined');
  const transactionId = authorization.transactionId;

  const feeRows = (newOrderId: number): NewPayment[] => [
    cardPaymentRow({
      orderId: newOrderId,
      gearReqId: null,
      paymentType: 'pitlclientfee',
      amountCents: PITL_TRANSFER_FEE_CENTS,
      card,
      transactionId,
      idempotencyKey: key,
      by: { type: user.type, userId: caller.userId },
    }),
    // The packs themselves were paid on the original order: recorded as paid by transfer on the new one.
    ...gearReqIds.map(
      (gearReqId): NewPayment => ({
        orderId: newOrderId,
        gearReqId,
        paymentType: 'pitlpendingtransfer',
        paymentFrom: user.type,
        amountCents: 0,
        fullPaymentAmountCents: null,
        cardAuthAmountCents: null,
        cardLast4: null,
        cardBrand: null,
        checkNo: null,
        prepayCode: null,
        tokenId: null,
        transactionId: null,
        installmentIntervalType: null,
        installmentCount: null,
        installmentInterval: null,
        status: 'recorded',
        idempotencyKey: `${key}:pack:${gearReqId}`,
        createdByUserId: caller.userId,
        instalments: [],
      }),
    ),
  ];

  let saved: { order: GearOrder; newOrderId: number };
  try {
    const outcome = await changeOrder(db, {
      user,
      subject: { orderId },
      basedOn,
      kind: ORDER_CHANGES.pitlTransfer,
      plan: ({ order: current }) => planTransfer(current, map, { ...body, gearReqIds }, caller.userId),
      record: async (tx, _saved, result) => {
        const newOrderId = result.newOrderId as number;
        await insertPayments(tx, feeRows(newOrderId));
        await recordAudit(tx, {
          action: 'pitlTransferredIn',
          orderId: newOrderId,
          detail: { fromOrderId: orderId, gearReqIds },
        });
        await recordAudit(tx, {
          action: 'pitlTransferredOut',
          orderId,
          detail: { toOrderId: newOrderId, gearReqIds },
        });
      },
    });
    saved = { order: outcome.order, newOrderId: outcome.newOrderId as number };
  } catch (refusal) {
    // An identical transfer came first: its answer, when it recorded this very fee; else the authorization goes back.
    const transferred = isStale(refusal) ? await transferredOrderOfKey(db, key) : null;
    if (transferred !== null)
      return {
        gearOrder: await orderForCaller(db, user, orderId),
        error: null,
        transferredOrderId: transferred,
      };
    if (!(await recordedTransactions(db, [transactionId])).has(transactionId))
      await gateway.void({ transactionId, idempotencyKey: `void:${transactionId}:transfer` });
    throw refusal;
  }
  await gateway.capture({ transactionId, idempotencyKey: `capture:${transactionId}` });
  await markCaptured(db, [transactionId]);
  return { gearOrder: saved.order, error: null, transferredOrderId: saved.newOrderId };
}
