import type { UserInfo } from '../contract/order.ts';
import { stepById } from '../workflow/steps.ts';

/**
 * spec 1 §4.1 'For prc users steps 1, 4, 8, 13 and 14 are skipped': a user may save a step only when it is not
 * skipped for their user type (unknown steps: never). The server refuses such a save with 403 (decision 0041).
 */
export function maySaveStep(user: Pick<UserInfo, 'type'>, stepId: number): boolean {
  const step = stepById(stepId);
  return step !== undefined && !step.skippedFor.includes(user.type);
}
