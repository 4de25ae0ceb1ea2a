/** What is known today of an order, for a patient's row (decision 0271): from the order's own facts. */
export type PatientOrderState = 'inProgress' | 'submitted' | 'receivedByLab' | 'canceled';

export interface PatientOrderFacts {
  /** The order canceled, or every requisition of it. */
  canceled: boolean;
  /** A requisition has an accession number (spec 1 §4.2 'received by the lab'). */
  receivedByLab: boolean;
  /** The practitioner confirmed the order (spec 1 §4.1 workflow step 11). */
  practitionerConfirmed: boolean;
}

export function patientOrderState(facts: PatientOrderFacts): PatientOrderState {
  if (facts.canceled) return 'canceled';
  if (facts.receivedByLab) return 'receivedByLab';
  return facts.practitionerConfirmed ? 'submitted' : 'inProgress';
}

export const PATIENT_ORDER_STATE_LABELS: Readonly<Record<PatientOrderState, string>> = {
  inProgress: 'In progress',
  submitted: 'Submitted',
  receivedByLab: 'Received by the lab',
  canceled: 'Canceled',
};

/**
 * An order still on its way to the lab keeps its patient on the list: the practice will look the patient up again
 * (decision 0271). Once the lab has received it, or it is canceled, the order no longer needs the list.
 */
export const isOpenOrder = (state: PatientOrderState): boolean =>
  state === 'inProgress' || state === 'submitted';
