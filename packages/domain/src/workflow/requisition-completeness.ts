import type { OrderFacts } from '../contract/order.ts';
import { STEP_IDS } from './steps.ts';
import { belongsToOtherRequisition } from './workflow-rows.ts';

/**
 * spec 1 §4.1: steps a requisition can be complete without. Patient confirmation is not a row of its own here: it is
 * workflow.patientConfirmed together with the summary step (spec/README.md resolution 5), so excluding summary covers it.
 */
const NOT_NEEDED_FOR_COMPLETENESS: ReadonlySet<number> = new Set([
  STEP_IDS.summary,
  STEP_IDS.registration,
  STEP_IDS.handoff,
  STEP_IDS.billing,
]);

/**
 * spec 1 §4.1: 'A requisition is complete when all steps other than summary, patient confirmation, practitioner
 * summary, handoff and billing are completed, not applicable, or belong to another requisition.'
 */
export const isRequisitionComplete = (order: Pick<OrderFacts, 'workflow'>, gearReqId: number): boolean =>
  order.workflow.steps.every(
    (row) =>
      NOT_NEEDED_FOR_COMPLETENESS.has(row.id) ||
      row.completed ||
      row.notApplicable ||
      belongsToOtherRequisition(row, gearReqId),
  );
