import { Checkbox, Stack, Text } from '@mantine/core';

/** spec 1 §5: a practitioner acknowledges medical necessity on a Medicare or Tricare order. */
export function MedicalNecessityAcknowledgement({
  checked,
  disabled,
  error,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  error: string | null | undefined;
  onChange(checked: boolean): void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        Medical necessity: Medicare and Tricare pay only for tests that are reasonable and necessary for the
        diagnosis or treatment of the patient's illness or injury, as documented in the patient's record.
      </Text>
      <Checkbox
        label="I have read the definition of medical necessity."
        checked={checked}
        required
        disabled={disabled}
        error={error}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
