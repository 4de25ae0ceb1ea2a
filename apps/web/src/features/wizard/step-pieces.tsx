import { Loader } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { BillingStep as EagerBillingStep } from '../billing/billing-step.tsx';
import type { HandoffFormProps } from '../handoff/index.ts';
import type { InlinePanelSelectionProps } from '../panels/inline-panel-selection.tsx';
import type { OrderPricePanelProps } from '../payment/order-price-panel.tsx';

export type { HandoffFormProps } from '../handoff/index.ts';
export { useRemovalDialog } from '../removal/remove-requisition-modal.tsx';

/**
 * Pieces of steps that other steps embed, the one way a feature reaches another (decision 0062: only through the
 * wizard): the review's Edit sections (billing, the panel selection inline, removal), the confirmation page's handoff
 * form (spec 3 §2), and the discount box with the order price summary, each loaded when it is shown (decisions
 * 0234, 0235).
 */
const LazyBillingStep = lazy(() =>
  import('../billing/billing-step.tsx').then((module) => ({ default: module.BillingStep })),
);

/** The billing option of a requisition (features/billing), for the review's Edit: loaded when it is opened. */
export function BillingStep(props: ComponentProps<typeof EagerBillingStep>) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the billing options" />}>
      <LazyBillingStep {...props} />
    </Suspense>
  );
}

const LazyHandoffForm = lazy(() =>
  import('../handoff/index.ts').then((module) => ({ default: module.HandoffForm })),
);

/** The handoff form (features/handoff), for the order confirmation page: loaded with it. */
export function HandoffForm(props: HandoffFormProps) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the handoff form" />}>
      <LazyHandoffForm {...props} />
    </Suspense>
  );
}

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
    <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the test selection" />}>
      <LazyInlinePanelSelection {...props} />
    </Suspense>
  );
}
