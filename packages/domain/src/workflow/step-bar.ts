import type { OrderFacts } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { requisitionContext, validStepPositions } from './navigation.ts';
import { STEPS, type StepDefinition, type StepId, type StepKey } from './steps.ts';
import { type NavigationUser, NEVER_VALID } from './validity.ts';
import { findWorkflowRow, isNotStarted, requisitionOfStep } from './workflow-rows.ts';

/** One button of the step bar (spec 1 §2.3). */
export interface StepBarItem {
  id: StepId;
  key: StepKey;
  label: string;
  route: StepKey;
  gearReqId: number | null;
  state: 'link' | 'disabled';
  completed: boolean;
  /** Passed over with 'Skip this step' (workflow status Skipped): shown apart from done and untouched steps (issue 15). */
  skipped: boolean;
  /**
   * A step of the user's frame that does not apply to this order now (decision 0321): kept in the bar, shown as not
   * needed and never a link, so the count 'Step n of m' stays the same from the first step to the last.
   */
  notNeeded: boolean;
  current: boolean;
  /** '<label> is not available yet.' on a disabled step, '<label> is not needed for this order.' on a not-needed one. */
  title?: string;
}

/**
 * The position of the first not-started step among the steps the bar shows, or their count when every one has
 * started. A step with no workflow row yet (an unsaved order) counts as not started.
 */
export function firstNotStartedIndex(
  order: OrderFacts,
  user: NavigationUser,
  gearReqId?: number | null,
): number {
  const positions = validStepPositions(order, user, gearReqId);
  const index = positions.findIndex(({ row }) => isNotStarted(row));
  return index === -1 ? positions.length : index;
}

/** The title of a step of the frame that does not apply to this order (decision 0321). */
export const stepNotNeededTitle = (label: string) => `${label} is not needed for this order.`;

/**
 * The steps the bar shows a user, whatever the order turns out to hold (decision 0321): the routed steps in id
 * order, less the ones spec 1 §4.1 never lets this type of user reach (skippedFor, and payment, handoff and the
 * workflow-only step, which are never valid). It depends on the user's type alone, which is known before the first
 * step, so the count 'of m' cannot change while the order grows.
 */
export function stepFrame(user: NavigationUser): readonly StepDefinition[] {
  return STEPS.filter(
    (step) => step.route !== null && !NEVER_VALID.has(step.id) && !step.skippedFor.includes(user.type),
  ).sort((a, b) => a.id - b.id);
}

/**
 * spec 1 §2.3: the steps of the user's frame, with requisition steps of one requisition (the given one, else the
 * last). 'A step is a link only while its position is at or before the first not-started step. A completed step
 * shows a check mark. Later steps are disabled and carry the title '<label> is not available yet.'' A step of the
 * frame that is not valid for this order now (spec 1 §4.1: billing skipped, shipping or customize not applicable,
 * panels after confirmation …) stays in its place as not needed (decision 0321).
 */
export function stepBar(
  order: OrderFacts,
  user: NavigationUser,
  currentRoute: string,
  gearReqId?: number | null,
): StepBarItem[] {
  const lastLinkIndex = firstNotStartedIndex(order, user, gearReqId);
  const valid = validStepPositions(order, user, gearReqId);
  const context = requisitionContext(order, gearReqId);
  return stepFrame(user).map((step): StepBarItem => {
    const index = valid.findIndex((position) => position.step.id === step.id);
    const owner = valid[index]?.gearReqId ?? requisitionOfStep(step, context);
    const row = valid[index]?.row ?? findWorkflowRow(order, step, context);
    const base = {
      id: step.id,
      key: step.key,
      label: step.label,
      route: step.key,
      gearReqId: owner,
      completed: row?.completed ?? false,
      skipped: row?.skipped ?? false,
      notNeeded: index === -1,
      current: step.route === currentRoute,
    };
    if (index === -1)
      return { ...base, completed: false, state: 'disabled', title: stepNotNeededTitle(step.label) };
    return index <= lastLinkIndex
      ? { ...base, state: 'link' }
      : { ...base, state: 'disabled', title: MESSAGES.stepNotAvailable(step.label) };
  });
}

/**
 * Where the person is among the steps the bar shows: 'Step 3 of 10: Billing Options' (issue 15, decision 0232); the
 * count is the user's frame, not-needed steps included, so it is the same on every step of an order (decision 0321).
 */
export interface StepProgress {
  number: number;
  count: number;
  label: string;
  text: string;
}

/** The current step's place in the bar, or null when the page is not one of the bar's steps. */
export function stepProgress(items: readonly StepBarItem[]): StepProgress | null {
  const index = items.findIndex((item) => item.current);
  const current = items[index];
  if (!current) return null;
  const number = index + 1;
  const count = items.length;
  return { number, count, label: current.label, text: `Step ${number} of ${count}: ${current.label}` };
}
