import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { InlinePanelSelectionProps } from '../panels/inline-panel-selection.tsx';
import type { OrderPricePanelProps } from '../payment/order-price-panel.tsx';

export { BillingStep } from '../billing/billing-step.tsx';
export { HandoffForm, type HandoffFormProps } from '../handoff/index.ts';
export { RemoveRequisitionModal } from '../removal/remove-requisition-modal.tsx';

/**
 * Pieces of steps that other steps embed, the one way a feature reaches another (decision 0062: only through the
 * wizard): the review's Edit sections (billing, the panel selection inline, removal), the confirmation page's handoff
 * form (spec 3 §2), and the discount box with the order price summary, loaded with the step that shows it.
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

const LazyInlinePanelSelection = lazy(() =>
  import('../panels/inline-panel-selection.tsx').then((module) => ({
    default: module.InlinePanelSelection,
  })),
);

/** The panel selection inline (the review's Edit of a requisition's tests), loaded when it is opened. */
export function InlinePanelSelection(props: InlinePanelSelectionProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the test selection" />}>
      <LazyInlinePanelSelection {...props} />
    </Suspense>
  );
}
