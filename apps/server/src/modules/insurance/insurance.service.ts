import {
  answerMedicareQuestionYes,
  completeStep,
  type GearOrder,
  INSURANCE_RANK,
  type Insurance,
  isMedicareTypeOrder,
  labToday,
  looksLikeMedicareId,
  MESSAGES,
  type SavedOrder,
  STEP_IDS,
  type UserInfo,
  validateInsurance,
} from '@gear/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, prefixed, refuseIfAny } from '../../lib/http-error.ts';
import { claimOrder, refuseLockedOrder } from '../../lib/order-write.ts';
import { transaction } from '../../lib/transaction.ts';
import { saveWorkflowSteps } from '../order/order.repository.ts';
import { orderForCaller, savedOrder } from '../order/order.service.ts';
import { billRequisitionsToMedicare, deleteAttachments } from './insurance.repository.ts';

/** The body of PUT /gear/order/{id}/insurance/ as insuranceStepSchema reads it, with the Medicare answer. */
export interface InsuranceStepInput {
  id: number;
  version?: number | undefined;
  insurance: Insurance | null;
  secondaryInsurance: Insurance | null;
  /** spec 2 §4: the user answered Yes to the Medicare/Tricare question (decision 0022). */
  medicareBeneficiaryIdConfirmed?: unknown;
}

const SECONDARY_CARD_SLOTS = ['ins-secondary-front', 'ins-secondary-back'] as const;

const blankInsurance = (rank: 0 | 1): Insurance => ({
  insuranceProvider: null,
  subscriberId: null,
  subscriberName: null,
  subscriberDOB: null,
  groupNumber: null,
  subscriberRelation: null,
  otherSubscriberRelation: null,
  otherProvider: null,
  phoneNumber: null,
  claimsAddress: null,
  insuranceRank: rank,
});

/** The claims address is stored with the type that tells primary from secondary (spec 2 §3 Address type). */
const ranked = (insurance: Insurance, rank: 0 | 1): Insurance => ({
  ...insurance,
  insuranceRank: rank,
  claimsAddress: insurance.claimsAddress
    ? { ...insurance.claimsAddress, type: rank === INSURANCE_RANK.primary ? 'claims' : 'secondaryClaims' }
    : null,
});

/** The insurance the Medicare answer is about: the first whose subscriber ID looks like a Medicare ID. */
const answeredRank = (primary: Insurance, secondary: Insurance | null): 0 | 1 | null => {
  if (looksLikeMedicareId(primary.subscriberId)) return INSURANCE_RANK.primary;
  if (secondary && looksLikeMedicareId(secondary.subscriberId)) return INSURANCE_RANK.secondary;
  return null;
};

/**
 * PUT /gear/order/{id}/insurance/ (spec 2 §4, §5, §7): checks the caller and the page lock (409 for non-admins once
 * received by the lab); applies a Yes to the Medicare/Tricare question with the domain's rule (provider medicare,
 * every requisition billed 'Medicare or Tricare'); checks the primary insurance and the secondary one when present
 * with validateInsurance (fields 'insurance.<name>' and 'secondaryInsurance.<name>'); saves both, completes the
 * insurance step and bumps the version. Removing the secondary insurance also removes its ID cards.
 */
export async function saveInsuranceStep(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  body: InsuranceStepInput,
): Promise<GearOrder> {
  const order = (await orderForCaller(db, user, body.id)) as SavedOrder;
  refuseLockedOrder(order, user);
  const { version } = body;
  if (version === undefined)
    throw badRequest(MESSAGES.invalidInput, [{ field: 'version', defaultMessage: MESSAGES.invalidInput }]);

  let insurance = ranked(body.insurance ?? blankInsurance(INSURANCE_RANK.primary), INSURANCE_RANK.primary);
  let secondaryInsurance = body.secondaryInsurance
    ? ranked(body.secondaryInsurance, INSURANCE_RANK.secondary)
    : null;
  let requisitions = order.requisitions;
  const rank =
    body.medicareBeneficiaryIdConfirmed === true ? answeredRank(insurance, secondaryInsurance) : null;
  if (rank !== null) {
    const answered = answerMedicareQuestionYes({ insurance, secondaryInsurance, requisitions }, rank).order;
    insurance = answered.insurance ?? insurance;
    secondaryInsurance = answered.secondaryInsurance;
    requisitions = answered.requisitions;
  }
  const facts = {
    today: labToday(),
    medicareOrder: isMedicareTypeOrder({ requisitions }),
    medicareBeneficiaryIdConfirmed: rank !== null,
  };
  const errors = [
    ...prefixed(validateInsurance(insurance, facts), 'insurance'),
    ...(secondaryInsurance
      ? prefixed(validateInsurance(secondaryInsurance, facts), 'secondaryInsurance')
      : []),
  ];
  refuseIfAny(errors);

  const removedCards = await transaction(db, async (tx) => {
    await claimOrder(tx, order, version, { insurance, secondaryInsurance });
    if (rank !== null) await billRequisitionsToMedicare(tx, order.id);
    const steps = completeStep(order.workflow.steps, {
      id: STEP_IDS.insurance,
      userType: user.type,
      stepDate: new Date().toISOString(),
    });
    await saveWorkflowSteps(tx, order.id, order.workflow.steps, steps);
    return secondaryInsurance ? [] : deleteAttachments(tx, order.id, SECONDARY_CARD_SLOTS);
  });
  await Promise.all(removedCards.map((key) => storage.delete(key)));
  return savedOrder(db, order.id);
}
