import { Alert } from '@mantine/core';

/** A blue status notice the person may dismiss (what a save or a choice just did); nothing while there is none. */
export function DismissibleNotice({ notice, onDismiss }: { notice: string | null; onDismiss(): void }) {
  if (!notice) return null;
  return (
    <Alert color="blue" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {notice}
    </Alert>
  );
}
