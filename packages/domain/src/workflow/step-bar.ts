import type { OrderFacts } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { validStepPositions } from './navigation.ts';
import type { StepId, StepKey } from './steps.ts';
import type { NavigationUser } from './validity.ts';
import { isNotStarted } from './workflow-rows.ts';

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
  current: boolean;
  /** '<label> is not available yet.' on a disabled step. */
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

/**
 * spec 1 §2.3: the valid, routed steps for the user, with requisition steps of one requisition (the given one, else
 * the last). 'A step is a link only while its position is at or before the first not-started step. A completed
 * step shows a check mark. Later steps are disabled and carry the title '<label> is not available yet.''
 */
export function stepBar(
  order: OrderFacts,
  user: NavigationUser,
  currentRoute: string,
  gearReqId?: number | null,
): StepBarItem[] {
  const lastLinkIndex = firstNotStartedIndex(order, user, gearReqId);
  return validStepPositions(order, user, gearReqId).map(
    ({ step, gearReqId: owner, row }, index): StepBarItem => {
      const base = {
        id: step.id,
        key: step.key,
        label: step.label,
        route: step.key,
        gearReqId: owner,
        completed: row?.completed ?? false,
        skipped: row?.skipped ?? false,
        current: step.route === currentRoute,
      };
      return index <= lastLinkIndex
        ? { ...base, state: 'link' }
        : { ...base, state: 'disabled', title: MESSAGES.stepNotAvailable(step.label) };
    },
  );
}

/** Where the person is among the steps the bar shows: 'Step 3 of 10: Billing Options' (issue 15, decision 0232). */
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
