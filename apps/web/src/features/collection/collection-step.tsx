import { canAddAnotherTest, type GearOrder, isSavedOrder, showsDropShipInstructions } from '@gear/domain';
import { Alert, Stack } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useRequisitionProduct } from '../../api/requisitions.ts';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { LEAVING_SAVED } from '../../components/unsaved-changes.tsx';
import type { StepProps } from '../wizard/types.ts';
import { stepRequisition } from '../wizard/wizard-order.ts';
import { DropShipInstructionsForm } from './drop-ship-instructions-form.tsx';
import { SampleCollectionForm } from './sample-collection-form.tsx';

/**
 * spec 2 §2 Sample Collection Information (route collection[/{gearReqId}]): the requisition's collection form, or the
 * drop-ship instructions for a practitioner's drop-ship requisition without a number. Add Another Test saves and
 * starts a new requisition on the panel step (spec 2 §4).
 */
export function CollectionStep({ order, user, gearReqId, navigation }: StepProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const requisition = stepRequisition(order, gearReqId);
  const product = useRequisitionProduct(requisition?.id ?? null);
  if (!isSavedOrder(order) || !requisition) return null;

  const offerAddAnother = canAddAnotherTest(order);
  const onSaved = (saved: GearOrder, then: 'next' | 'addAnother') => {
    if (then === 'next') void navigation.next(saved);
    // spec 2 §4: 'sets add-new-requisition mode, clears the current requisition and goes to the panel step'.
    else void navigate(`/order/${saved.id}/panels${search}`, { state: LEAVING_SAVED });
  };
  const common = {
    order,
    user,
    requisition,
    onBack: () => void navigation.back(),
    onSaved,
    offerAddAnother,
  };

  return (
    <Stack gap="md">
      <OrderLockNotice order={order} user={user} />
      {showsDropShipInstructions(user, requisition) ? (
        <DropShipInstructionsForm key={requisition.id} {...common} />
      ) : product.isPending ? (
        <PageLoader />
      ) : product.isError ? (
        <Alert color="red" role="alert">
          {product.error.message}
        </Alert>
      ) : (
        <SampleCollectionForm key={`${requisition.id}:${order.version}`} {...common} item={product.data} />
      )}
    </Stack>
  );
}
