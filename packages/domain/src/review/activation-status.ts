import { BILLING_METHODS, type GearOrder } from '../contract/order.ts';
import { liveRequisitions } from './submit-rules.ts';

/** A missing item of 'Activation Incomplete': where to fix it (the step's route and requisition) and what it is. */
export interface MissingActivationItem {
  route: 'billing' | 'dxCodes' | 'collection' | 'confirm';
  gearReqId: number | null;
  label: string;
  /** spec 3 §2 'Missing billing, diagnosis or collection appear as red alerts with links to fix them'. */
  alert: boolean;
}

export type ActivationStatus =
  | { kind: 'complete'; confirmationNumber: number }
  | { kind: 'incomplete'; missing: MissingActivationItem[] };

type StatusOrder = Pick<GearOrder, 'requisitions' | 'workflow'> & { id: number };

/**
 * spec 3 §2 'Status and activation panels' with §4 (patient view) 6 and 7: a test without an accession is incomplete
 * while its billing method or last sample date is missing (and, billed to insurance or Medicare, its diagnosis code,
 * spec 3 §5); the activation is complete once nothing is missing and the patient has confirmed the order (decision 0182).
 */
export function activationStatus(order: StatusOrder): ActivationStatus {
  const missing: MissingActivationItem[] = liveRequisitions(order)
    .filter((requisition) => requisition.accessionNo === null)
    .flatMap((requisition) => {
      const name = requisition.omsOrderableItemName;
      const items: MissingActivationItem[] = [];
      if (requisition.billingMethod === null)
        items.push({
          route: 'billing',
          gearReqId: requisition.id,
          label: `Billing option: ${name}`,
          alert: true,
        });
      const needsCode =
        requisition.billingMethod === BILLING_METHODS.insurance ||
        requisition.billingMethod === BILLING_METHODS.medicare;
      if (needsCode && requisition.icdCodes.length === 0)
        items.push({
          route: 'dxCodes',
          gearReqId: requisition.id,
          label: `Diagnosis codes: ${name}`,
          alert: true,
        });
      if (requisition.dateLastSampleCollected === null)
        items.push({
          route: 'collection',
          gearReqId: requisition.id,
          label: `Sample collection: ${name}`,
          alert: true,
        });
      return items;
    });
  if (!order.workflow.patientConfirmed)
    missing.push({ route: 'confirm', gearReqId: null, label: 'Review and submit your order', alert: false });
  return missing.length === 0
    ? { kind: 'complete', confirmationNumber: order.id }
    : { kind: 'incomplete', missing };
}

/** The in-page anchor of a missing item (spec 3 §2 '{route}-{gearReqId}'; the submit button's section is signature). */
export const activationAnchor = (item: Pick<MissingActivationItem, 'route' | 'gearReqId'>): string =>
  item.gearReqId === null ? 'signature' : `${item.route}-${item.gearReqId}`;
