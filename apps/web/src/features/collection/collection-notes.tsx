import { COLLECTION_TEXT_LIMITS, type CollectionNotes } from '@gear/domain';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';

export interface CollectionNotesProps {
  notes: CollectionNotes;
  errors: Partial<Record<keyof CollectionNotes, string>>;
  /** spec 2 §6: practitioners edit the notes; patients read them. */
  editable: boolean;
  disabled: boolean;
  onChange: (notes: CollectionNotes) => void;
}

const counter = (value: string | null, max: number) => `${(value ?? '').length}/${max} characters`;

/** spec 2 §2, §5: patient instructions and clinical findings (512, with counters) and the route number (15). */
export function CollectionNotesFields({ notes, errors, editable, disabled, onChange }: CollectionNotesProps) {
  if (!editable) {
    const shown = [
      ['Patient Instructions', notes.patientInstructions],
      ['Clinical Findings', notes.clinicalFindings],
    ].filter(([, text]) => text);
    return shown.length === 0 ? null : (
      <Stack gap="xs">
        {shown.map(([label, text]) => (
          <div key={label}>
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {text}
            </Text>
          </div>
        ))}
      </Stack>
    );
  }
  const set = (field: keyof CollectionNotes, value: string) =>
    onChange({ ...notes, [field]: value.slice(0, COLLECTION_TEXT_LIMITS[field]) });
  return (
    <Stack gap="sm">
      <Textarea
        label="Patient Instructions"
        description={counter(notes.patientInstructions, COLLECTION_TEXT_LIMITS.patientInstructions)}
        maxLength={COLLECTION_TEXT_LIMITS.patientInstructions}
        rows={3}
        value={notes.patientInstructions ?? ''}
        error={errors.patientInstructions}
        disabled={disabled}
        onChange={(event) => set('patientInstructions', event.currentTarget.value)}
      />
      <Textarea
        label="Clinical Findings"
        description={counter(notes.clinicalFindings, COLLECTION_TEXT_LIMITS.clinicalFindings)}
        maxLength={COLLECTION_TEXT_LIMITS.clinicalFindings}
        rows={3}
        value={notes.clinicalFindings ?? ''}
        error={errors.clinicalFindings}
        disabled={disabled}
        onChange={(event) => set('clinicalFindings', event.currentTarget.value)}
      />
      <TextInput
        label="Route Number"
        description={counter(notes.routeNumber, COLLECTION_TEXT_LIMITS.routeNumber)}
        maxLength={COLLECTION_TEXT_LIMITS.routeNumber}
        value={notes.routeNumber ?? ''}
        error={errors.routeNumber}
        disabled={disabled}
        onChange={(event) => set('routeNumber', event.currentTarget.value)}
        maw={240}
      />
    </Stack>
  );
}
