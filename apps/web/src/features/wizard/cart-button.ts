import { cartCount, type GearOrder, type UserInfo } from '@gear/domain';
import type { WizardOrder } from './wizard-order.ts';

export type SavedOrder = GearOrder & { id: number };

export interface CartProps {
  order: SavedOrder;
  user: UserInfo;
}

export const isSaved = (order: WizardOrder): order is SavedOrder => typeof order.id === 'number';

/** spec 3 §2: the quantity or requisition count ('2 requisitions', '5 packs'). */
export function cartCountText(order: SavedOrder): string {
  const { count, unit } = cartCount(order);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The cart's button, the same before its dropdown has loaded (cart-dropdown.tsx) and after (cart-popover.tsx). */
export const cartButtonProps = (order: SavedOrder, opened: boolean) => ({
  variant: 'default',
  mih: 44,
  'aria-expanded': opened,
  children: `Cart (${cartCountText(order)})`,
});
