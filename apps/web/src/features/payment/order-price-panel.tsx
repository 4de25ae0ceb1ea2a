import type { SavedOrder, UserInfo } from '@gear/domain';
import { Paper, Stack } from '@mantine/core';
import { DiscountBox } from './discount-box.tsx';
import { PriceSummaryTable } from './price-summary.tsx';
import { type PriceSummaryOptions, usePriceSummary } from './use-price-summary.ts';

export interface OrderPricePanelProps extends PriceSummaryOptions {
  order: SavedOrder;
  user: UserInfo;
  /** false where a payment section shows 'Payment Due Today' itself (the review; decision 0132). */
  showDueToday?: boolean;
}

/**
 * The discount code box and the order price summary that accompany the payment section (spec 3 §2): the code applied
 * lowers the summary's lines and 'Payment Due Today' at once (decisions 0130, 0131).
 */
export function OrderPricePanel({ order, user, showDueToday = true, ...options }: OrderPricePanelProps) {
  const { summary, discount } = usePriceSummary(order, user, options);
  const stale = summary.discount && !summary.discount.ok ? summary.discount.message : null;
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <PriceSummaryTable
          order={order}
          summary={summary}
          discountCode={discount?.discountCode ?? null}
          showDueToday={showDueToday}
        />
        <DiscountBox
          orderId={order.id}
          label={summary.discountLabel}
          totalDiscount={summary.totalDiscount}
          staleMessage={stale}
        />
      </Stack>
    </Paper>
  );
}
