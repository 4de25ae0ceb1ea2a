import type { UserType } from '@gear/domain';
import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/** spec 2 §4, §6: the Medicare/Tricare question; patients read their own explanation (texts ours, decision 0026). */
export function MedicareQuestion({
  opened,
  userType,
  onYes,
  onNo,
}: {
  opened: boolean;
  userType: UserType;
  onYes(): void;
  onNo(): void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      onYes={onYes}
      onNo={onNo}
      title="Is this a Medicare or Tricare ID?"
      centered
    >
      {userType === 'prc' ? (
        <Text>
          The ID you entered looks like a Medicare number. If your insurance is Medicare or Tricare, answer
          Yes: your tests will then be billed to Medicare or Tricare.
        </Text>
      ) : (
        <Text>
          The subscriber ID looks like a Medicare Beneficiary Identifier. If the patient's insurance is
          Medicare or Tricare, answer Yes: every test on this order will then be billed to Medicare or
          Tricare.
        </Text>
      )}
    </ConfirmDialog>
  );
}
