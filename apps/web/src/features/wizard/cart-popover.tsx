import { cartActions, formatCents, type Requisition, type UserInfo } from '@gear/domain';
import { Anchor, Button, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PriceCellView, usePriceCell } from '../../components/price-cell.tsx';
import { usePriceSummary } from '../payment/use-price-summary.ts';
import { useRemovalDialog } from '../removal/remove-requisition-modal.tsx';
import { type CartProps, cartButtonProps, cartCountText, type SavedOrder } from './cart-button.ts';

/**
 * spec 3 §2 Cart dropdown in the wizard header: the order number, the quantity or requisition count, each
 * requisition's number, name and price line, Edit and Remove (domain cartActions) and 'Payment Due Today'. The
 * amount due is the payment page's (domain orderPriceSummary): a discount code applied on the payment page shows as
 * its own line and comes off it (decision 0164).
 */
export function Cart({ order, user }: CartProps) {
  // Loaded when the person first presses the cart's button (cart-dropdown.tsx): it opens as it arrives.
  const [opened, setOpened] = useState(true);
  const removal = useRemovalDialog(order, user);
  const live = order.requisitions.filter((requisition) => !requisition.canceled);

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button {...cartButtonProps(order, opened)} onClick={() => setOpened((open) => !open)} />
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Text fw={700}>Order {order.id}</Text>
            <Text size="sm">{cartCountText(order)}</Text>
            {live.map((requisition) => {
              const actions = cartActions(order, requisition, user);
              return (
                <Stack
                  key={requisition.id}
                  gap={4}
                  component="section"
                  aria-label={requisition.omsOrderableItemName}
                >
                  <Text size="sm" fw={600}>
                    {requisition.reqNumber ? `#${requisition.reqNumber} ` : ''}
                    {requisition.omsOrderableItemName}
                    {requisition.shipToOffice ? ` × ${requisition.quantity}` : ''}
                  </Text>
                  <CartPrice order={order} user={user} requisition={requisition} />
                  {(actions.edit || actions.remove) && (
                    <Group gap="xs">
                      {actions.edit && (
                        <Anchor
                          component={Link}
                          size="sm"
                          to={`/order/${order.id}/panels/${requisition.id}`}
                          onClick={() => setOpened(false)}
                          aria-label={`Edit ${requisition.omsOrderableItemName}`}
                        >
                          Edit
                        </Anchor>
                      )}
                      {actions.remove && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          onClick={() => {
                            setOpened(false);
                            removal.ask(requisition);
                          }}
                          aria-label={`Remove ${requisition.omsOrderableItemName}`}
                        >
                          Remove
                        </Button>
                      )}
                    </Group>
                  )}
                </Stack>
              );
            })}
            <Divider />
            <CartTotals order={order} user={user} />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {removal.dialog}
    </>
  );
}

/**
 * The applied discount and 'Payment Due Today', as the payment page computes them (usePriceSummary): mounted with the
 * open dropdown only, so a closed cart asks for no price.
 */
function CartTotals({ order, user }: { order: SavedOrder; user: UserInfo }) {
  const { summary, discount } = usePriceSummary(order, user);
  const due = summary.paymentDueToday;
  return (
    <>
      {discount && summary.totalDiscount > 0 && (
        <Group justify="space-between">
          <Text size="sm">Discount ({discount.discountCode})</Text>
          <Text size="sm">-{formatCents(summary.totalDiscount)}</Text>
        </Group>
      )}
      <Group justify="space-between">
        <Text fw={700}>Payment Due Today</Text>
        <Text fw={700}>{due === null ? 'Calculating…' : formatCents(due)}</Text>
      </Group>
    </>
  );
}

interface CartPriceProps {
  order: SavedOrder;
  user: UserInfo;
  requisition: Requisition;
}

/** A requisition's price line: its price under its billing method (the payment page's price cell). */
function CartPrice({ order, user, requisition }: CartPriceProps) {
  const practitioner = order.practitioner;
  const cell = usePriceCell({
    requisition,
    billingMethod: requisition.billingMethod,
    facts: {
      doNotQuotePrices: practitioner?.doNotQuotePrices ?? false,
      insuranceProvider: order.insurance?.insuranceProvider ?? null,
    },
    user,
  });
  if (!practitioner) return null;
  return (
    <PriceCellView
      cell={cell}
      billingMethod={requisition.billingMethod}
      office={practitioner.office}
      label={requisition.omsOrderableItemName}
    />
  );
}
