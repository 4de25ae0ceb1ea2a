import type { SavedOrder } from '@gear/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { NoTestYet } from '../wizard/no-test-yet.tsx';
import type { StepProps } from '../wizard/types.ts';
import { OrderPricePanel } from './order-price-panel.tsx';

/**
 * The payment step (route payment, 10): the order price summary with the discount code box (spec 3 §2 'Payment
 * section'; decisions 0130, 0131). The payment form itself (card, check, prepay, plans) joins them here.
 */
export function PaymentStep({ order, user, navigation }: StepProps) {
  if (order.id === 'new') return <NoTestYet before="paying" onBack={() => void navigation.back()} />;
  const saved = order as SavedOrder;
  const live = saved.requisitions.filter((requisition) => !requisition.canceled);
  return (
    <Stack gap="md">
      <Title order={2}>Payment</Title>
      {live.length === 0 ? (
        <Text>This order has no tests to pay for.</Text>
      ) : (
        <OrderPricePanel order={saved} user={user} />
      )}
      <Group justify="space-between">
        <Button variant="default" mih={44} onClick={() => void navigation.back()}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}
