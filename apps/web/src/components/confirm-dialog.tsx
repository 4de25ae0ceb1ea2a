import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  /** What is being asked (text the caller lays out). */
  children: ReactNode;
  onYes(): void;
  /** No, the close button and Escape all answer No. */
  onNo(): void;
  yesLabel?: string;
  noLabel?: string;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** Yes shows a spinner while the answer is being saved. */
  busy?: boolean;
  centered?: boolean;
}

/** The one yes/no question of the wizard: a modal with the question and two buttons, No first, Yes primary. */
export function ConfirmDialog({
  opened,
  title,
  children,
  onYes,
  onNo,
  yesLabel = 'Yes',
  noLabel = 'No',
  closeLabel = 'Close',
  busy = false,
  centered = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onNo}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      centered={centered}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onNo}>
            {noLabel}
          </Button>
          <Button loading={busy} onClick={onYes}>
            {yesLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
