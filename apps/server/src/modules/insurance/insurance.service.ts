import {
  answerMedicareQuestionYes,
  completeStep,
  type GearOrder,
  INSURANCE_RANK,
  type Insurance,
  isMedicareTypeOrder,
  looksLikeMedicareId,
  STEP_IDS,
  type UserInfo,
  validateInsurance,
} from '@gear/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db } from '../../db/client.ts';
import { prefixed, refuseIfAny } from '../../lib/http-error.ts';
import type { SavedOrder } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan, type OrderWrite } from '../order/order-change.ts';
import { labToday } from '../patient/lab-day.ts';

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
 * The insurance step's change (spec 2 §4, §5, §7): applies a Yes to the Medicare/Tricare question with the domain's
 * rule (provider medicare, every requisition billed 'Medicare or Tricare'); checks the primary insurance and the
 * secondary one when present with validateInsurance (fields 'insurance.<name>' and 'secondaryInsurance.<name>');
 * saves both and completes the insurance step. Removing the secondary insurance also removes its ID cards.
 */
export function planInsuranceSave(
  order: SavedOrder,
  user: UserInfo,
  body: InsuranceStepInput,
  today: string,
): OrderChangePlan {
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
    today,
    medicareOrder: isMedicareTypeOrder({ requisitions }),
    medicareBeneficiaryIdConfirmed: rank !== null,
  };
  refuseIfAny([
    ...prefixed(validateInsurance(insurance, facts), 'insurance'),
    ...(secondaryInsurance
      ? prefixed(validateInsurance(secondaryInsurance, facts), 'secondaryInsurance')
      : []),
  ]);
  const writes: OrderWrite[] = [
    ...(rank !== null ? [{ kind: 'billRequisitionsToMedicare' } as const] : []),
    ...(secondaryInsurance ? [] : [{ kind: 'deleteAttachments', types: SECONDARY_CARD_SLOTS } as const]),
  ];
  return {
    changes: { insurance, secondaryInsurance },
    writes,
    steps: completeStep(order.workflow.steps, {
      id: STEP_IDS.insurance,
      userType: user.type,
      stepDate: new Date().toISOString(),
    }),
  };
}

/** PUT /gear/order/{id}/insurance/ (spec 2 §4, §5, §7) through the change core (decision 0065). */
export async function saveInsuranceStep(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  body: InsuranceStepInput,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const today = labToday();
  const saved = await changeOrder(db, {
    user,
    subject: { orderId: body.id },
    basedOn,
    kind: ORDER_CHANGES.insurance,
    plan: ({ order }) => planInsuranceSave(order, user, body, today),
  });
  await Promise.all(saved.removedStorageKeys.map((key) => storage.delete(key)));
  return saved.order;
}
