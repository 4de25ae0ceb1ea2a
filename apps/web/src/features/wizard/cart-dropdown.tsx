import type { UserInfo } from '@gear/domain';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { cartButtonProps, isSaved } from './cart-button.ts';
import type { WizardOrder } from './wizard-order.ts';

const Cart = lazy(async () => ({ default: (await import('./cart-popover.tsx')).Cart }));

/**
 * The wizard header's cart: shown for a saved order with requisitions. Its dropdown (the popover, the price lines,
 * the removal dialog) loads when the button is first pressed and opens as it arrives, so that no step carries it
 * before it is wanted (decision 0323).
 */
export function CartDropdown({ order, user }: { order: WizardOrder; user: UserInfo }) {
  const [wanted, setWanted] = useState(false);
  if (!isSaved(order) || order.requisitions.length === 0) return null;
  const button = <Button {...cartButtonProps(order, wanted)} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <Cart order={order} user={user} />
    </Suspense>
  );
}
