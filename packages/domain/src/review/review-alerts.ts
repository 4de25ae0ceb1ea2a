import type { GearOrder } from '../contract/order.ts';
import { isUnderNutritionalAge } from '../patient/age.ts';
import { lacksTestSelection, liveRequisitions, NUTRITIONAL_CATEGORY } from './submit-rules.ts';

/**
 * spec 3 §8 Review 'Alerts: Medicare or Tricare without confirmed medical necessity; test selections required;
 * nutritional tests for patients under 2 ('specimens will be discarded')', in the spec's own words (decision 0181).
 */
export const REVIEW_ALERTS = {
  medicareWithoutMedicalNecessity: 'Medicare or Tricare without confirmed medical necessity.',
  testSelectionsRequired: (productName: string) => `Test selections required: ${productName}.`,
  nutritionalUnderTwo: (productName: string) =>
    `Nutritional tests for patients under 2: specimens will be discarded (${productName}).`,
} as const;

export interface ReviewAlert {
  kind: 'medicareWithoutMedicalNecessity' | 'testSelectionsRequired' | 'nutritionalUnderTwo';
  message: string;
  /** The requisition it is about (null for the order). */
  gearReqId: number | null;
}

type AlertOrder = Pick<GearOrder, 'requisitions' | 'governmentPayor' | 'dateMedicalNecessityAcknowledged'> & {
  patientInfo: Pick<NonNullable<GearOrder['patientInfo']>, 'dateOfBirth'> | null;
};

/** The review's alerts for this order on the lab's calendar day (YYYY-MM-DD). */
export function reviewAlerts(order: AlertOrder, today: string): ReviewAlert[] {
  const alerts: ReviewAlert[] = [];
  if (order.governmentPayor && order.dateMedicalNecessityAcknowledged === null)
    alerts.push({
      kind: 'medicareWithoutMedicalNecessity',
      message: REVIEW_ALERTS.medicareWithoutMedicalNecessity,
      gearReqId: null,
    });
  const dateOfBirth = order.patientInfo?.dateOfBirth ?? null;
  for (const requisition of liveRequisitions(order)) {
    const name = requisition.omsOrderableItemName;
    if (lacksTestSelection(requisition))
      alerts.push({
        kind: 'testSelectionsRequired',
        message: REVIEW_ALERTS.testSelectionsRequired(name),
        gearReqId: requisition.id,
      });
    if (
      requisition.omsOrderableItemCategory === NUTRITIONAL_CATEGORY &&
      dateOfBirth !== null &&
      isUnderNutritionalAge(dateOfBirth, today)
    )
      alerts.push({
        kind: 'nutritionalUnderTwo',
        message: REVIEW_ALERTS.nutritionalUnderTwo(name),
        gearReqId: requisition.id,
      });
  }
  return alerts;
}
