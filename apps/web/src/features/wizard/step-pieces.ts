/**
 * Pieces of steps that other steps embed, the one way a feature reaches another (decision 0062: only through the
 * wizard): the review's Edit sections (billing, the panel selection inline, removal) and the confirmation page's
 * handoff form (spec 3 §2). A step that embeds another step's piece imports it from here.
 */
export { BillingStep } from '../billing/billing-step.tsx';
export { HandoffForm, type HandoffFormProps } from '../handoff/index.ts';
export { InlinePanelSelection } from '../panels/inline-panel-selection.tsx';
export { RemoveRequisitionModal } from '../removal/remove-requisition-modal.tsx';
