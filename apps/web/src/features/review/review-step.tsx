import { type GearOrder, isReviewConfirmed } from '@gear/domain';
import { useRequisitionProduct } from '../../api/requisitions.ts';
import { NoTestYet } from '../wizard/no-test-yet.tsx';
import type { StepProps } from '../wizard/types.ts';
import { InformationReview } from './information-review.tsx';
import { OrderConfirmation } from './order-confirmation.tsx';

type SavedOrder = GearOrder & { id: number };

/**
 * The review step (route confirm, 8): the Information Review until the user has confirmed the order, then the order
 * confirmation (spec 3 §2 'Back and Submit (unconfirmed) or Next (confirmed)').
 */
export function ReviewStep({ order, user, navigation }: StepProps) {
  if (order.id === 'new')
    return <NoTestYet before="reviewing the order" onBack={() => void navigation.back()} />;
  const saved = order as SavedOrder;
  if (isReviewConfirmed(saved, user))
    return <OrderConfirmation order={saved} user={user} navigation={navigation} />;
  return <ReviewWithProducts order={saved} user={user} navigation={navigation} />;
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
