import {
  accessionsInView,
  activeRequisitions,
  expectedDate,
  isResultReady,
  type OrderStatusFacts,
  TRACKING_CANCELED,
} from './facts.ts';

/** spec 3 §4 'Derived order status (patient/payment view)', in the spec's order. */
export const PATIENT_VIEW_STATUSES = [
  'Canceled',
  'MultipleOrders',
  'SpecimenProblem',
  'ResultsReady',
  'TestingInProgress',
  'ActivationIncomplete',
  'ActivationComplete',
] as const;
export type PatientViewStatus = (typeof PATIENT_VIEW_STATUSES)[number];

/** The headline each status shows (spec 3 §4 wording where it gives one). */
export const PATIENT_VIEW_HEADLINES: Record<PatientViewStatus, string> = {
  Canceled: 'Canceled',
  MultipleOrders: 'Multiple orders',
  SpecimenProblem: 'There was a problem with your specimens',
  ResultsReady: 'Results Ready',
  TestingInProgress: 'Testing in Progress',
  ActivationIncomplete: 'Activation Incomplete',
  ActivationComplete: 'Activation Complete',
};

export interface PatientViewResult {
  status: PatientViewStatus;
  /** Only for TestingInProgress, and only when the practitioner lacks cms attribute 48. */
  expectedDate: string | null;
}

const result = (status: PatientViewStatus, date: string | null = null): PatientViewResult => ({
  status,
  expectedDate: date,
});

/**
 * spec 3 §4 'Derived order status (patient/payment view)', evaluated in order 1–7. When no rule of 1–6 holds and
 * steps still remain incomplete, the order is 'Activation Incomplete' (decision 0250).
 */
export function patientViewStatus(facts: OrderStatusFacts): PatientViewResult {
  if (facts.tracking?.status === TRACKING_CANCELED) return result('Canceled');
  const selectionMissing = activeRequisitions(facts).some(
    (requisition) =>
      requisition.accessions.length > 1 &&
      !requisition.accessions.some((a) => a.accessionNo === facts.selectedAccessionNo),
  );
  if (selectionMissing) return result('MultipleOrders');
  const accessions = accessionsInView(facts);
  if (accessions.some((accession) => accession.discarded)) return result('SpecimenProblem');
  const first = accessions[0];
  if (first && isResultReady(first.requisitionStatusId)) return result('ResultsReady');
  if (first) return result('TestingInProgress', expectedDate(first, facts.practitionerCmsAttributes));
  const missingActivation = activeRequisitions(facts).some(
    (requisition) => !requisition.billingMethod || !requisition.dateLastSampleCollected,
  );
  if (missingActivation) return result('ActivationIncomplete');
  return facts.workflowComplete ? result('ActivationComplete') : result('ActivationIncomplete');
}
