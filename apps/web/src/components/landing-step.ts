/**
 * The workflow rules a patient needs once an order is proven (spec 3 §2 'After activation or validation the user goes
 * to the first incomplete step valid for that user, otherwise to confirm'). Imported on demand by the patients' front
 * doors, so that the first page does not load the workflow rules and the schemas they sit with (decision 0142).
 */
export { landingStepAfterActivation, stepPath } from '@gear/domain';
