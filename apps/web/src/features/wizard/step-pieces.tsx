import { lazy, Suspense } from 'react';
import type { OrderPricePanelProps } from '../payment/order-price-panel.tsx';

/**
 * Pieces of one feature that another step shows (decision 0062: features meet only through the wizard). Each is
 * loaded with the step that shows it.
 */
const LazyOrderPricePanel = lazy(() =>
  import('../payment/order-price-panel.tsx').then((module) => ({ default: module.OrderPricePanel })),
);

/** The discount box and the order price summary (features/payment), for the review and payment step. */
export function OrderPricePanel(props: OrderPricePanelProps) {
  return (
    <Suspense fallback={null}>
      <LazyOrderPricePanel {...props} />
    </Suspense>
  );
}
