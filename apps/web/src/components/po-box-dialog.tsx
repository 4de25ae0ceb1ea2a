import { SHIPPING_MESSAGES } from '@gear/domain';
import { Text } from '@mantine/core';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface QuestionProps {
  opened: boolean;
  onYes(): void;
  onNo(): void;
}

/**
 * spec 2 §2, §4 and spec 3 §2 (the review's 'PO-box confirmation'): 'Is this a P.O. Box?' for a drop-ship address;
 * Yes ships by Smart Post, No keeps the method.
 */
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
