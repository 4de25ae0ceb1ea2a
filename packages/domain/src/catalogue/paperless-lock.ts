import type { AddOnSelection, Requisition, UserInfo } from '../contract/order.ts';

/** Ours (decision 0041): the refusal of a patient's change to the tests of a paperless requisition. */
export const PAPERLESS_LOCKED_MESSAGE =
  'The tests of this requisition were chosen by your provider and cannot be changed.';

/** The tests a save asks for (spec 1 §7 PUT /gear/testSelection requisitions[0]). */
export interface TestSelectionAsked {
  omsOrderableItemId: number;
  panel: number | null;
  components: readonly number[];
  addons: readonly Pick<AddOnSelection, 'omsInputFieldID'>[];
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
};

/**
 * spec 1 §4.4 'Paperless requisitions (patients): the tests are preselected and locked': a patient's save of a
 * paperless requisition must keep its product, panel, components and add-ons exactly; practitioners and admins may
 * change them. True when the save is allowed.
 */
export function keepsPaperlessSelection(
  user: Pick<UserInfo, 'type'>,
  existing: Pick<Requisition, 'paperless' | 'omsOrderableItemId' | 'panel' | 'components' | 'addons'> | null,
  asked: TestSelectionAsked,
): boolean {
  if (user.type !== 'prc' || !existing?.paperless) return true;
  return (
    asked.omsOrderableItemId === existing.omsOrderableItemId &&
    asked.panel === existing.panel &&
    sameIds(asked.components, existing.components) &&
    sameIds(
      asked.addons.map((addon) => addon.omsInputFieldID),
      existing.addons.map((addon) => addon.omsInputFieldID),
    )
  );
}
