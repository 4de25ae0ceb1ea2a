import { SHIPPING_MESSAGES } from '@gear/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export function AgeConfirmationDialog({
  opened,
  dateOfBirth,
  onYes,
  onNo,
}: {
  opened: boolean;
  dateOfBirth: string;
  onYes(): void;
  onNo(): void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onNo}
      title="Confirm patient's date of birth"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack>
        <Text>
          The date of birth {dateOfBirth} makes the patient younger than 1 year. Is this date of birth
          correct?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onNo}>
            No, change it
          </Button>
          <Button onClick={onYes}>Yes, it is correct</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** spec 2 §2, §4: 'Is this a P.O. Box?' for a drop-ship address; Yes ships by Smart Post. */
export function PoBoxDialog({ opened, onYes, onNo }: { opened: boolean; onYes(): void; onNo(): void }) {
  return (
    <Modal
      opened={opened}
      onClose={onNo}
      title={SHIPPING_MESSAGES.poBoxQuestion}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack>
        <Text>
          The address looks like a post office box. Collection packs go to a P.O. box by Smart Post (free);
          other carriers cannot deliver there.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onNo}>
            No
          </Button>
          <Button onClick={onYes}>Yes</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
