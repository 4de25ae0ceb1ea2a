import type { UserType } from '../contract/order.ts';

/** spec 1 §2.1 step routes, labels and ids, with spec/README.md resolution 5 (id 11 is a workflow-only step). */
export const STEP_IDS = {
  pract: 1,
  panels: 2,
  billing: 3,
  dxCodes: 4,
  collection: 5,
  patient: 6,
  insurance: 7,
  confirm: 8,
  summary: 9,
  payment: 10,
  practitionerConfirmation: 11,
  handoff: 12,
  customize: 13,
  shipping: 14,
  registration: 15,
} as const;

export type StepKey = keyof typeof STEP_IDS;
export type StepId = (typeof STEP_IDS)[StepKey];

export interface StepDefinition {
  id: StepId;
  key: StepKey;
  label: string;
  /** The route segment inside /order/{id}/…; null for a workflow-only step. */
  route: StepKey | null;
  /** A requisition step exists once per requisition (its workflow step carries the gearReqId). */
  scope: 'order' | 'requisition';
  /** spec 1 §4.1: myGDX users skip 9 and 15; prc users skip 1, 4, 8, 13 and 14. */
  skippedFor: readonly UserType[];
}

const step = (
  key: StepKey,
  label: string,
  scope: StepDefinition['scope'],
  skippedFor: readonly UserType[] = [],
  routed = true,
): StepDefinition => ({ id: STEP_IDS[key], key, label, route: routed ? key : null, scope, skippedFor });

/** Ordered 1 to 15 (spec 1 §4.1 'Steps are ordered 1 to 15'). */
export const STEPS: readonly StepDefinition[] = [
  step('pract', 'Practitioner', 'order', ['prc']),
  step('panels', 'Panel Selection', 'requisition'),
  step('billing', 'Billing Options', 'requisition'),
  step('dxCodes', 'Diagnosis Codes', 'requisition', ['prc']),
  step('collection', 'Sample Collection', 'requisition'),
  step('patient', 'Patient', 'order'),
  step('insurance', 'Insurance', 'order'),
  step('confirm', 'Review', 'order', ['prc']),
  step('summary', 'Summary', 'order', ['myGDX']),
  step('payment', 'Payment', 'order'),
  step('practitionerConfirmation', 'Practitioner Confirmation', 'order', [], false),
  step('handoff', 'Route', 'order'),
  step('customize', 'Customize', 'requisition', ['prc']),
  step('shipping', 'Shipping', 'order', ['prc']),
  step('registration', 'Practitioner Summary', 'order', ['myGDX']),
];

const byId = new Map(STEPS.map((s) => [s.id as number, s]));
const byRoute = new Map(STEPS.filter((s) => s.route).map((s) => [s.route as string, s]));

export const stepById = (id: number): StepDefinition | undefined => byId.get(id);
export const stepByRoute = (route: string): StepDefinition | undefined => byRoute.get(route);
