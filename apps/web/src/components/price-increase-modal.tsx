import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface PriceIncreaseModalProps {
  opened: boolean;
  /** What the change is, in a sentence ('Changing the billing option to …', 'Changing the tests …'). */
  change: ReactNode;
  busy?: boolean;
  /** spec 1 §4.3/§4.4: Yes continues and confirms the increase. */
  onYes: () => void;
  /** spec 1 §4.3 'No reverts the choice'; §4.4 'No restores the form'. Closing the modal is No too. */
  onNo: () => void;
}

/**
 * spec 1 §2.5/§2.6 'price-increase confirmation modal': shown to a practitioner changing an order the patient already
 * confirmed, when the change may raise what the patient pays (billing step and panel selection).
 */
export function PriceIncreaseModal({ opened, change, busy = false, onYes, onNo }: PriceIncreaseModalProps) {
  return (
    <ConfirmDialog
      opened={opened}
      onYes={onYes}
      onNo={onNo}
      busy={busy}
      title="Confirm the price change"
      closeLabel="Close and keep the current choice"
    >
      <Text>
        The patient has already confirmed this order. {change} may increase what the patient pays. Do you want
        to continue?
      </Text>
    </ConfirmDialog>
  );
}
