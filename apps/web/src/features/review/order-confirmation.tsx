import {
  awaitsAuthorization,
  MESSAGES,
  nextStep,
  type SavedOrder,
  STEP_IDS,
  type UserInfo,
} from '@gear/domain';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { HandoffForm } from '../wizard/step-pieces.tsx';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import { ConfirmationCodeImage } from './confirmation-code-image.tsx';
import { PackingSlipButton } from './packing-slip-modal.tsx';

const collectionIncomplete = (order: SavedOrder) =>
  order.requisitions.filter((requisition) =>
    order.workflow.steps.some(
      (row) =>
        row.id === STEP_IDS.collection &&
        row.gearReqId === requisition.id &&
        !row.completed &&
        !row.notApplicable,
    ),
  );

/**
 * spec 3 §2 Order confirmation (after submit): Success, the confirmation code (the order id) and where to write it,
 * the warnings that apply, the packs to be shipped, and Back and Start New Order; Next while steps remain for the
 * user (customize, shipping: decision 0081).
 */
export function OrderConfirmation({
  order,
  user,
  navigation,
}: {
  order: SavedOrder;
  user: UserInfo;
  navigation: WizardNavigation;
}) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const next = nextStep(order, user, STEP_IDS.confirm);
  const packs = order.requisitions.filter(
    (requisition) => !requisition.canceled && (requisition.dropShip || requisition.shipToOffice),
  );
  const incomplete = collectionIncomplete(order);
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" p="lg">
        <Stack gap="xs">
          <Title order={2} ref={heading} tabIndex={-1}>
            Success
          </Title>
          <Text>Your order has been submitted.</Text>
        </Stack>
      </Alert>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3}>Confirmation code</Title>
          <Text size="xl" fw={700} data-testid="confirmation-code">
            {order.id}
          </Text>
          <Text>
            Write this confirmation code in the Confirmation Code box at the top of each requisition form
            before the sample is sent to the lab.
          </Text>
          <ConfirmationCodeImage code={order.id} />
        </Stack>
      </Paper>
      {awaitsAuthorization(order) && (
        <Alert color="yellow" title="Not yet authorized" role="status">
          The authorizing practitioner has not yet agreed to this order. The lab processes it once they have.
        </Alert>
      )}
      {incomplete.length > 0 && (
        <Alert color="yellow" title="Sample Collection Incomplete" role="status">
          <List size="sm">
            {incomplete.map((requisition) => (
              <List.Item key={requisition.id}>{requisition.omsOrderableItemName}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {packs.length > 0 && (
        <Paper withBorder p="md">
          <Title order={3}>Packs to be shipped</Title>
          <List size="sm" mt="xs">
            {packs.map((requisition) => (
              <List.Item key={requisition.id}>
                {requisition.quantity} × {requisition.omsOrderableItemName}
                {requisition.dropShip ? ', shipped to the patient' : ', shipped to the office'}
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            {MESSAGES.packsArrive}
          </Text>
          {user.type === 'myGDX' && packs.some((requisition) => requisition.shipToOffice) && (
            <Group mt="sm">
              <PackingSlipButton order={order} user={user} />
            </Group>
          )}
        </Paper>
      )}
      {order.governmentPayor && (
        <Alert color="blue" title="Medicare documentation" role="note">
          Keep the documentation of medical necessity for this Medicare or Tricare order in the patient's
          record.
        </Alert>
      )}
      {user.type !== 'prc' && (
        <Paper withBorder p="md">
          <HandoffForm order={order} />
        </Paper>
      )}
      <Group justify="space-between" mt="md">
        <Button variant="default" mih={44} onClick={() => void navigation.back()}>
          Back
        </Button>
        <Group gap="sm">
          <Button variant="default" mih={44} onClick={() => void navigate('/order/new/pract')}>
            Start New Order
          </Button>
          {next.kind === 'step' && (
            <Button mih={44} onClick={() => void navigation.next(order)}>
              Next
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
