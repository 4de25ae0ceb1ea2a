import {
  isOrderLocked,
  offersSkipStep,
  type SavedOrder,
  type StepDefinition,
  type UserInfo,
} from '@gear/domain';
import { Button, Group, List, Text } from '@mantine/core';
import { isApiError } from '../../api/errors.ts';
import { WarningAlert } from '../../components/warning-alert.tsx';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import { useSkipStep } from './use-removal.ts';

export interface SkipStepAlertProps {
  order: SavedOrder;
  user: UserInfo;
  step: StepDefinition;
  /** The requisition a requisition step is for (the route's, else the order's last). */
  gearReqId: number | null;
  navigation: WizardNavigation;
}

/**
 * spec 2 §2, §4: the skip-step alert, for practitioners while the step is not complete. Skipping leaves the step for
 * later (PUT /gear/order/{id}/skip-step/{stepId}[/{reqId}]) and moves on; the server's errors show as field and
 * message.
 */
export function SkipStepAlert({ order, user, step, gearReqId, navigation }: SkipStepAlertProps) {
  const skip = useSkipStep();
  const owner = step.scope === 'requisition' ? gearReqId : null;
  // A locked order (canceled, or received by the lab) has nothing to skip: the server refuses it (decision 0050).
  if (isOrderLocked(order, user) || !offersSkipStep(order, user, step.id, owner)) return null;
  const errors = isApiError(skip.error) ? skip.error.fieldErrors : [];
  return (
    <WarningAlert color="blue" title="Not ready to complete this step?" role="note">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">You can skip {step.label} for now and come back to complete it later.</Text>
        <Button
          size="xs"
          variant="default"
          loading={skip.isPending}
          onClick={() =>
            skip.mutate(
              { orderId: order.id, version: order.version, stepId: step.id, gearReqId: owner },
              { onSuccess: (saved) => void navigation.next(saved) },
            )
          }
        >
          Skip this step
        </Button>
      </Group>
      {skip.isError && (
        <div role="alert">
          {errors.length > 0 ? (
            <List size="sm" mt="xs">
              {errors.map((error) => (
                <List.Item key={`${error.field}:${error.defaultMessage}`}>
                  {error.field}: {error.defaultMessage}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" mt="xs" c="var(--mantine-color-error)">
              {isApiError(skip.error) && skip.error.kind === 'conflict'
                ? (skip.error.serverMessage ?? skip.error.message)
                : skip.error.message}
            </Text>
          )}
        </div>
      )}
    </WarningAlert>
  );
}
