import { Button, Group } from '@mantine/core';

export interface WizardButtonsProps {
  onBack: () => void;
  /** Next submits the step's form. */
  nextDisabled?: boolean;
  saving?: boolean;
  /** Describes why Next is disabled (an element id), for assistive technology. */
  nextDescribedBy?: string;
}

/** Back and Next of every wizard step. */
export function WizardButtons({ onBack, nextDisabled, saving, nextDescribedBy }: WizardButtonsProps) {
  return (
    <Group justify="space-between" mt="lg">
      <Button variant="default" type="button" onClick={onBack} disabled={saving}>
        Back
      </Button>
      <Button
        type="submit"
        disabled={nextDisabled || saving}
        loading={saving}
        aria-describedby={nextDescribedBy}
      >
        Next
      </Button>
    </Group>
  );
}
