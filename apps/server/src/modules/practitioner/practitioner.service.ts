import {
  completeStep,
  type GearOrder,
  initialWorkflowSteps,
  isAdmin,
  MESSAGES,
  mayOrderFor,
  normaliseGsdlNo,
  type Practitioner,
  type PractitionerStepBody as PractitionerStepInput,
  practiceOf,
  STEP_IDS,
  type UserInfo,
  userGsdlNumbers,
  validatePractitionerStep,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { insertOrderWithSteps } from '../order/order.repository.ts';
import { createdOrder, orderForCaller } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import { findPractitioner, findPractitionersFor } from './practitioner.repository.ts';

/** The practitioners a user may order for (spec 1 §2.4 dropdown, §6 authorizing rule). */
export const practitionerOptions = (db: Db, user: UserInfo) =>
  findPractitionersFor(db, userGsdlNumbers(user));

/**
 * The practitioners the caller may choose for an existing order, with the order's own. A patient's are the order's
 * practice (the practitioner's authorizing doctor and everyone that doctor authorizes; decision 0111).
 */
export async function practitionerOptionsForOrder(db: Db, user: UserInfo, orderId: number) {
  const order = await orderForCaller(db, user, orderId);
  const patient = user.type === 'prc' && !isAdmin(user);
  const options =
    patient && order.practitioner
      ? await findPractitionersFor(db, [practiceOf(order.practitioner)])
      : patient
        ? []
        : await practitionerOptions(db, user);
  const current = order.practitioner;
  return current && !options.some((p) => p.gsdlNo === current.gsdlNo) ? [current, ...options] : options;
}

/** spec 1 §2.4 lookup by GSDL number; admins may look up anyone, others only practitioners they may order for. */
export async function practitionerByGsdlNo(db: Db, user: UserInfo, input: string): Promise<Practitioner> {
  const gsdlNo = normaliseGsdlNo(input);
  if (!gsdlNo) throw notFound(MESSAGES.practitionerNotFound(input.trim().toUpperCase()));
  const practitioner = await findPractitioner(db, gsdlNo);
  if (!practitioner) throw notFound(MESSAGES.practitionerNotFound(gsdlNo));
  if (!isAdmin(user) && !mayOrderFor(user, practitioner)) throw forbidden(MESSAGES.forbidden);
  return practitioner;
}

/**
 * Saves the practitioner step (PUT /gear/practitioner/): creates the order when it is new, otherwise changes
 * its practitioner and agreement, checking the caller's rights, the step's lock and the order's version.
 */
export async function savePractitionerStep(
  db: Db,
  user: UserInfo,
  userId: number,
  input: PractitionerStepInput,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const practitioner = await findPractitioner(db, input.practitioner.gsdlNo);
  if (!practitioner) throw badRequest(MESSAGES.practitionerNotFound(input.practitioner.gsdlNo));
  const errors = validatePractitionerStep({ user, practitioner, practAgreement: input.practAgreement });
  if (errors.some((e) => e.defaultMessage === MESSAGES.forbidden)) throw forbidden(MESSAGES.forbidden);
  if (errors.length) throw badRequest(errors[0]?.defaultMessage ?? MESSAGES.invalidInput, errors);

  const orderId = typeof input.id === 'number' && input.id > 0 ? input.id : null;
  if (orderId) {
    const saved = await changeOrder(db, {
      user,
      subject: { orderId },
      basedOn,
      kind: ORDER_CHANGES.practitioner,
      plan: () => planPractitionerChange(user, input, practitioner),
    });
    return saved.order;
  }
  // A new order is answered from what its insert returned: one statement in all (decision 0055).
  return createdOrder(db, () => insertNewOrder(db, user, userId, input, practitioner));
}

/**
 * Inserts a new order of a practitioner with its workflow rows, the practitioner step completed (spec 3 §4), in one
 * statement (the practitioner step; inside a transaction when ordering a custom profile).
 */
export async function insertNewOrder(
  tx: Db,
  user: UserInfo,
  userId: number,
  input: Pick<PractitionerStepInput, 'practAgreement'>,
  practitioner: Pick<Practitioner, 'gsdlNo'>,
) {
  const steps = completeStep(
    initialWorkflowSteps({
      requisitions: [],
      containsDropShipRequisition: false,
      containsShipToOfficeRequisition: false,
    }),
    {
      id: STEP_IDS.pract,
      userType: user.type,
      stepDate: new Date().toISOString(),
    },
  );
  return insertOrderWithSteps(
    tx,
    {
      practitionerGsdlNo: practitioner.gsdlNo,
      onBehalfOf: user.gsdlNo === practitioner.gsdlNo ? null : user.gsdlNo,
      practAgreement: input.practAgreement,
      createdByUserId: userId,
    },
    steps,
  );
}

/** A saved order's practitioner and agreement changed (the step's rules are checked before: validatePractitionerStep). */
export function planPractitionerChange(
  user: UserInfo,
  input: Pick<PractitionerStepInput, 'practAgreement'>,
  practitioner: Pick<Practitioner, 'gsdlNo'>,
): OrderChangePlan {
  return {
    changes: {
      practitionerGsdlNo: practitioner.gsdlNo,
      onBehalfOf: user.gsdlNo === practitioner.gsdlNo ? null : user.gsdlNo,
      practAgreement: input.practAgreement,
      practAgreementDate: input.practAgreement ? new Date() : null,
    },
  };
}
