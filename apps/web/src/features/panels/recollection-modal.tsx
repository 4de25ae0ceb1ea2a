import { MESSAGES, type Requisition } from '@gear/domain';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';

export interface RecollectionModalProps {
  /** The order this one re-collects (recollectionFor). */
  recollectionFor: number;
  requisitions: readonly Pick<Requisition, 'id' | 'omsOrderableItemName' | 'canceled'>[];
}

/**
 * spec 1 §2.6 'recollection order modal' (decision 0049): opening panel selection of a recollection order tells the
 * practitioner which order it re-collects and which tests, and that the new pack ships to the patient (§4.4 'a
 * recollection gives dropShip'; Ship to Office is not offered).
 */
export function RecollectionModal({ recollectionFor, requisitions }: RecollectionModalProps) {
  const [opened, setOpened] = useState(true);
  const tests = requisitions.filter((requisition) => !requisition.canceled);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title="Recollection order"
      closeButtonProps={{ 'aria-label': 'Close the recollection notice' }}
    >
      <Stack gap="md">
        <Text>{MESSAGES.recollectionOrder(recollectionFor)}</Text>
        {tests.length > 0 && (
          <List size="sm" aria-label="Tests to re-collect">
            {tests.map((requisition) => (
              <List.Item key={requisition.id}>{requisition.omsOrderableItemName}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm">{MESSAGES.recollectionShipsToPatient}</Text>
        <Group justify="flex-end">
          <Button onClick={() => setOpened(false)}>Continue</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
