import type { GearOrder } from '@gear/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { StepProps } from '../wizard/types.ts';
import { HandoffForm } from './handoff-form.tsx';

/**
 * The handoff step (spec 1 §2.1 route `handoff`, id 12): the practitioner sends the patient an email with the link to
 * the order, for the patient to complete it themselves.
 */
export function HandoffStep({ order, navigation }: StepProps) {
  if (typeof order.id !== 'number') return null;
  return (
    <Stack gap="md">
      <Text>
        Send your patient an email with a link to this order. The patient opens it with their date of birth
        and completes their information.
      </Text>
      <HandoffForm order={order as GearOrder & { id: number }} />
      <Group>
        <Button variant="default" type="button" onClick={() => void navigation.back()}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}
