import { isReviewConfirmed, type SavedOrder, STEP_IDS } from '@gear/domain';
import { Stack } from '@mantine/core';
import { usePaymentSummary } from '../../api/payment.ts';
import { useRequisitionProduct } from '../../api/requisitions.ts';
import { NoTestYet } from '../wizard/no-test-yet.tsx';
import type { StepProps } from '../wizard/types.ts';
import { ActivationPanel } from './activation-panel.tsx';
import { InformationReview } from './information-review.tsx';
import { OrderConfirmation } from './order-confirmation.tsx';
import { PatientStatusPanel } from './patient-status-panel.tsx';

/**
 * The review step (route confirm, 8): the Information Review until the user has confirmed the order, then the order
 * confirmation (spec 3 §2 'Back and Submit (unconfirmed) or Next (confirmed)').
 */
export function ReviewStep({ order, user, step, navigation }: StepProps) {
  if (order.id === 'new')
    return <NoTestYet before="reviewing the order" onBack={() => void navigation.back()} />;
  const saved = order as SavedOrder;
  const page = <ReviewOrConfirmation order={saved} user={user} navigation={navigation} />;
  // The patient's Summary step (9): the status and activation panel above the review (decision 0182).
  if (step.id !== STEP_IDS.summary || user.type !== 'prc') return page;
  return (
    <Stack gap="md">
      <ActivationPanel order={saved} reviewShown={!isReviewConfirmed(saved, user)} />
      {isReviewConfirmed(saved, user) && <PatientStatusPanel order={saved} />}
      {page}
    </Stack>
  );
}

/**
 * A patient's confirmed order whose payment owes again (spec 3 §4 'Updated Payment Information Required', decision
 * 0161) goes back to the Information Review and its payment section; otherwise a confirmed order shows its confirmation.
 */
function ReviewOrConfirmation({
  order,
  user,
  navigation,
}: Pick<StepProps, 'user' | 'navigation'> & { order: SavedOrder }) {
  const confirmed = isReviewConfirmed(order, user);
  const summary = usePaymentSummary(order.id, order.version, null, confirmed && user.type === 'prc');
  if (confirmed && summary.data?.paymentReopened !== true)
    return <OrderConfirmation order={order} user={user} navigation={navigation} />;
  return <ReviewWithProducts order={order} user={user} navigation={navigation} />;
}

/** spec 3 §5: medical necessity is off when a requisition's product has mixed component pricing. */
function ReviewWithProducts({
  order,
  user,
  navigation,
}: Pick<StepProps, 'user' | 'navigation'> & { order: SavedOrder }) {
  const first = order.requisitions.find((requisition) => !requisition.canceled) ?? null;
  const product = useRequisitionProduct(first?.id ?? null);
  const mixedPricing = product.data?.mixedComponentPricing ?? false;
  return <InformationReview order={order} user={user} navigation={navigation} mixedPricing={mixedPricing} />;
}
