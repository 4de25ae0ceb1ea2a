import {
  addressHasPoBox,
  availableShippingMethods,
  completeStep,
  type GearOrder,
  HANDOFF_MESSAGES,
  type HandoffBody,
  type HandoffFacts,
  type HandoffForm,
  handoffAsksShippingMethod,
  isPatientLastNameLocked,
  labToday,
  patientAfterHandoff,
  type SavedOrder,
  STEP_IDS,
  shippingAddressOf,
  type UserInfo,
  validateHandoff,
} from '@gear/domain';
import type { FastifyBaseLogger } from 'fastify';
import { MailDeliveryError, type Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/client.ts';
import { badGateway, unprocessable } from '../../lib/http-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { savedOrder } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import { handoffEmail } from './handoff-email.ts';

export interface HandoffRequest {
  orderId: number;
  body: HandoffBody;
  /** The {x} of spec 3 §7 /handoff/{x}: the shipping method of a drop-ship order (docs/decisions/0091). */
  shippingMethod: string | null;
  /** The version of the order read, from If-Match (decision 0100: 409 stale, 428 none). */
  basedOn: number | undefined;
}

export interface HandoffContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  supportPhone: string;
  log: FastifyBaseLogger;
}

/** spec 3 §5 facts of the form: drop-ship asks a method the patient's address (else the office's country) allows. */
function handoffFacts(order: SavedOrder): HandoffFacts {
  const address = order.patientInfo ? shippingAddressOf(order.patientInfo) : undefined;
  const country = address?.country ?? order.practitioner?.office.address.country ?? null;
  return {
    today: labToday(),
    dropShip: handoffAsksShippingMethod(order),
    shippingMethods: availableShippingMethods({ country, poBox: address ? addressHasPoBox(address) : false }),
  };
}

/**
 * The handoff's change (spec 3 §5, §8): refused 422 with the spec's messages when a rule of the form fails; else the
 * patient's date of birth, last name (unless locked for the caller) and email, the drop-ship shipping method, and the
 * handoff step completed.
 */
export function planHandoff(
  order: SavedOrder,
  user: UserInfo,
  form: HandoffForm,
  facts: HandoffFacts,
  stepDate: string,
): OrderChangePlan {
  const errors = validateHandoff(form, facts);
  const [first] = errors;
  if (first) throw unprocessable(first.defaultMessage, errors);
  const handedOff = patientAfterHandoff(order.patientInfo, form);
  const patientInfo =
    order.patientInfo && isPatientLastNameLocked(order, user)
      ? { ...handedOff, nameLast: order.patientInfo.nameLast }
      : handedOff;
  const shippingMethod = facts.dropShip && form.shippingMethod ? form.shippingMethod : order.shippingMethod;
  return {
    changes: { patientInfo, shippingMethod },
    steps: completeStep(order.workflow.steps, { id: STEP_IDS.handoff, userType: user.type, stepDate }),
  };
}

/**
 * POST /gear/order/{id}/handoff[/{shippingMethod}] (spec 3 §2 handoff form, §5, §7, §8; docs/decisions/0091): the
 * order's practitioner (or staff on their behalf, or an admin) gives the patient's date of birth, last name and email
 * (and for drop-ship the shipping method). They are saved on the order (the date of birth is what the patient proves
 * it with), the handoff step is completed, and an email with the link /connect/{id} goes to the patient.
 * Rule failures answer 422 with the spec's messages; a mail server's refusal 502 with the spec's message. The version
 * read comes in If-Match (decision 0100): of concurrent handoffs one is saved, the others 409.
 */
export async function handOffToPatient(
  context: HandoffContext,
  caller: Caller,
  request: HandoffRequest,
): Promise<{ gearOrder: GearOrder; email: string }> {
  const { db } = context;
  const user = caller.userInfo;
  const form: HandoffForm = {
    dateOfBirth: request.body.dateOfBirth ?? null,
    nameLast: request.body.nameLast ?? null,
    email: request.body.email ?? null,
    shippingMethod: request.shippingMethod,
  };
  const { order, replayed } = await changeOrder(db, {
    user,
    subject: { orderId: request.orderId },
    basedOn: request.basedOn,
    kind: ORDER_CHANGES.handoff,
    plan: ({ order: read }) => planHandoff(read, user, form, handoffFacts(read), new Date().toISOString()),
  });
  const { orderId } = request;
  const email = order.patientInfo?.email ?? '';
  const actor = `user:${caller.userId}`;
  // A repeat under the same Idempotency-Key (its first answer lost) answers as the handoff that was saved; the email
  // went with that request, not again (docs/decisions/0200).
  if (replayed) return { gearOrder: order, email };

  try {
    await context.mailer.send(
      handoffEmail({
        to: email,
        orderId,
        publicUrl: context.publicUrl,
        supportPhone: context.supportPhone,
        packShipsToPatient: order.requisitions.some(
          (requisition) => requisition.dropShip && !requisition.canceled,
        ),
      }),
    );
  } catch (error) {
    const code = error instanceof MailDeliveryError ? error.code : 'EOUTBOX';
    context.log.warn({ mailError: code, orderId }, 'handoff email not delivered');
    await recordAudit(db, {
      orderId,
      actor,
      action: 'handoffEmailFailed',
      outcome: 'failed',
      detail: { code },
    });
    throw badGateway(HANDOFF_MESSAGES.emailFailed);
  }
  await recordAudit(db, { orderId, actor, action: 'handoffEmailSent' });
  return { gearOrder: await savedOrder(db, orderId), email };
}
