import {
  type GearOrder,
  isOrderLocked,
  isSavedOrder,
  REMOVAL_MESSAGES,
  type StepDefinition,
  stepPath,
  type UserInfo,
} from '@gear/domain';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { WarningAlert } from '../../components/warning-alert.tsx';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import { stepRequisition, type WizardOrder } from '../wizard/wizard-order.ts';
import { RemoveRequisitionModal } from './remove-requisition-modal.tsx';
import { SkipStepAlert } from './skip-step-alert.tsx';

/** The steps shown while an order has no requisition: the practitioner and panel selection (to add one). */
const STEPS_WITHOUT_REQUISITIONS: readonly string[] = ['pract', 'panels'];

/** spec 2 §4: 'An order with no requisitions left shows a notice with a link to add one.' */
export const hasNoRequisitionsLeft = (order: WizardOrder, step: StepDefinition): boolean =>
  isSavedOrder(order) && order.requisitions.length === 0 && !STEPS_WITHOUT_REQUISITIONS.includes(step.key);

/** The steps of one requisition on which the removal modal is offered (panel selection removes its own lines). */
const REMOVAL_STEPS: readonly string[] = ['billing', 'dxCodes', 'collection', 'customize'];

interface SavedForLaterState {
  savedForLater?: number;
}

export interface WizardStepExtrasProps {
  order: WizardOrder;
  user: UserInfo;
  step: StepDefinition;
  gearReqId: number | null;
  navigation: WizardNavigation;
}

/**
 * What the wizard shell adds to a step (spec 2 §2): the skip-step alert, the Remove / Save for later / Cancel order
 * modal of the step's requisition, and the notice when no requisitions remain.
 */
export function WizardStepExtras({ order, user, step, gearReqId, navigation }: WizardStepExtrasProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [removing, setRemoving] = useState(false);
  if (!isSavedOrder(order)) return null;
  const savedForLater = (location.state as SavedForLaterState | null)?.savedForLater;

  if (hasNoRequisitionsLeft(order, step)) {
    return (
      <WarningAlert title={REMOVAL_MESSAGES.noRequisitionsLeft} role="status">
        <Anchor component={Link} to={`/order/${order.id}/panels`}>
          {REMOVAL_MESSAGES.addRequisitionLink}
        </Anchor>
      </WarningAlert>
    );
  }

  const requisition =
    step.scope === 'requisition' ? (stepRequisition(order, gearReqId) ?? undefined) : undefined;

  const afterRemoval = (saved: GearOrder, newOrderId?: number) => {
    const last = saved.requisitions.at(-1);
    const to =
      step.scope === 'requisition' && last
        ? stepPath(saved.id, step, last.id)
        : `/order/${saved.id}/${step.route}`;
    void navigate(to, { state: newOrderId === undefined ? null : { savedForLater: newOrderId } });
  };

  return (
    <>
      {savedForLater !== undefined && (
        <Alert color="blue" title="Saved for later" role="status">
          <Text size="sm">
            The test was moved to order {savedForLater}.{' '}
            <Anchor component={Link} to={`/order/${savedForLater}/panels`}>
              Open order {savedForLater}
            </Anchor>
          </Text>
        </Alert>
      )}
      <SkipStepAlert
        order={order}
        user={user}
        step={step}
        gearReqId={requisition?.id ?? null}
        navigation={navigation}
      />
      {requisition && REMOVAL_STEPS.includes(step.key) && !isOrderLocked(order, user) && (
        <>
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(true)}>
              Remove this test…
            </Button>
          </Group>
          <RemoveRequisitionModal
            opened={removing}
            onClose={() => setRemoving(false)}
            order={order}
            user={user}
            requisition={requisition}
            onRemoved={afterRemoval}
            onCanceled={() => void navigate('/')}
          />
        </>
      )}
    </>
  );
}
