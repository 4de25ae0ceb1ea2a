import { SHIPPING_MESSAGES } from '@gear/domain';
import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

interface QuestionProps {
  opened: boolean;
  onYes(): void;
  onNo(): void;
}

export function AgeConfirmationDialog({ dateOfBirth, ...question }: QuestionProps & { dateOfBirth: string }) {
  return (
    <ConfirmDialog
      {...question}
      title="Confirm patient's date of birth"
      yesLabel="Yes, it is correct"
      noLabel="No, change it"
      centered
    >
      <Text>
        The date of birth {dateOfBirth} makes the patient younger than 1 year. Is this date of birth correct?
      </Text>
    </ConfirmDialog>
  );
}

/** spec 2 §2, §4: 'Is this a P.O. Box?' for a drop-ship address; Yes ships by Smart Post. */
export function PoBoxDialog(question: QuestionProps) {
  return (
    <ConfirmDialog {...question} title={SHIPPING_MESSAGES.poBoxQuestion} centered>
      <Text>
        The address looks like a post office box. Collection packs go to a P.O. box by Smart Post (free);
        other carriers cannot deliver there.
      </Text>
    </ConfirmDialog>
  );
}
