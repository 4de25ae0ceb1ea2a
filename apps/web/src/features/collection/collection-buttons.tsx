import { Button, Group } from '@mantine/core';
import { ErrorAlert } from '../../components/error-alert.tsx';

export interface CollectionButtonsProps {
  /** Back; a form holding changes asks first (useUnsavedChanges, spec 2 §4). */
  onBack: () => void;
  /** Add Another Test, when spec 2 §4 offers it. */
  onAddAnother?: () => void;
  saving: boolean;
  /** Why the last save failed, shown above the buttons. */
  failure?: string | null;
}

/** spec 2 §2 'buttons Back, Add Another Test, Next'; Next submits the form. A failed save says why above them. */
export function CollectionButtons({ onBack, onAddAnother, saving, failure }: CollectionButtonsProps) {
  return (
    <>
      <ErrorAlert message={failure} />
      <Group justify="space-between" mt="lg">
        <Button variant="default" type="button" disabled={saving} onClick={onBack}>
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
    </>
  );
}
