import { Button, Group } from '@mantine/core';

export interface WizardButtonsProps {
  onBack: () => void;
  /** Next submits the step's form. */
  nextDisabled?: boolean;
  saving?: boolean;
  /** Describes why Next is disabled (an element id), for assistive technology. */
  nextDescribedBy?: string;
  /** A step used inline (embedded in another screen) shows Cancel and Save instead (spec 1 §2.6). */
  inline?: boolean;
}

/** Back and Next of every wizard step; Cancel and Save when the step is used inline. */
export function WizardButtons({ onBack, nextDisabled, saving, nextDescribedBy, inline }: WizardButtonsProps) {
  return (
    <Group justify="space-between" mt="lg">
      <Button variant="default" type="button" onClick={onBack} disabled={saving}>
        {inline ? 'Cancel' : 'Back'}
      </Button>
      <Button
        type="submit"
        disabled={nextDisabled || saving}
        loading={saving}
        aria-describedby={nextDescribedBy}
      >
        {inline ? 'Save' : 'Next'}
      </Button>
    </Group>
  );
}
