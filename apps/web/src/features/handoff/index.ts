/** The handoff form, for the handoff step and the order confirmation page (spec 3 §2). */
export { HandoffForm, type HandoffFormProps } from './handoff-form.tsx';
