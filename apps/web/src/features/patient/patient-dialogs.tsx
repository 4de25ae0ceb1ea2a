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
