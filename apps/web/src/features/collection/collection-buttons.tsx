import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

export interface CollectionButtonsProps {
  onBack: () => void;
  /** Whether leaving would lose changes: Back then asks first (spec 2 §4). */
  dirty: boolean;
  /** Add Another Test, when spec 2 §4 offers it. */
  onAddAnother?: () => void;
  saving: boolean;
  /** Why the last save failed, shown above the buttons. */
  failure?: string | null;
}

/** spec 2 §2 'buttons Back, Add Another Test, Next'; Next submits the form. A failed save says why above them. */
export function CollectionButtons({ onBack, dirty, onAddAnother, saving, failure }: CollectionButtonsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <ErrorAlert message={failure} />
      <Group justify="space-between" mt="lg">
        <Button
          variant="default"
          type="button"
          disabled={saving}
          onClick={() => (dirty ? setConfirming(true) : onBack())}
        >
          Back
        </Button>
        <Group gap="sm">
          {onAddAnother && (
            <Button variant="default" type="button" disabled={saving} onClick={onAddAnother}>
              Add Another Test
            </Button>
          )}
          <Button type="submit" loading={saving} disabled={saving}>
            Next
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onNo={() => setConfirming(false)}
        onYes={() => {
          setConfirming(false);
          onBack();
        }}
        title="Unsaved changes will be lost"
        noLabel="Cancel"
        yesLabel="Continue"
      >
        <Text size="sm">You have changes on this page that are not saved. Go back anyway?</Text>
      </ConfirmDialog>
    </>
  );
}
