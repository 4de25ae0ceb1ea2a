import { type OrderableItem, PATIENT_INSTRUCTIONS_MAX_LENGTH } from '@gear/domain';
import { Fieldset, Group, NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { usePreviousInstructions } from '../../api/catalogue.ts';
import {
  isProfileFieldShown,
  type ProfileField,
  profileFields,
  type SelectionErrors,
  type TestSelection,
} from './selection.ts';

export function PatientInstructions({
  gsdlNo,
  itemId,
  value,
  disabled,
  onChange,
}: {
  gsdlNo: string | null;
  itemId: number;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const previous = usePreviousInstructions(gsdlNo, itemId);
  const earlier = (previous.data ?? []).filter((text) => text.trim());
  return (
    <Stack gap="xs">
      {earlier.length > 0 && (
        <NativeSelect
          label="Use earlier patient instructions"
          disabled={disabled}
          value=""
          data={[
            { value: '', label: 'Choose earlier instructions…' },
            ...earlier.map((text, index) => ({
              value: String(index),
              label: text.length > 80 ? `${text.slice(0, 77)}…` : text,
            })),
          ]}
          onChange={(event) => {
            const chosen = earlier[Number(event.currentTarget.value)];
            if (event.currentTarget.value !== '' && chosen !== undefined) {
              onChange(chosen.slice(0, PATIENT_INSTRUCTIONS_MAX_LENGTH));
            }
          }}
          maw={480}
        />
      )}
      <Textarea
        label="Patient Instructions"
        description={`${value.length}/${PATIENT_INSTRUCTIONS_MAX_LENGTH} characters`}
        maxLength={PATIENT_INSTRUCTIONS_MAX_LENGTH}
        rows={4}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, PATIENT_INSTRUCTIONS_MAX_LENGTH))}
      />
    </Stack>
  );
}

/** spec 1 §2.6 'Profile-specific sections', rendered from the item's input fields (type, options, limits). */
export function ProfileSpecificFields({
  item,
  selection,
  onChange,
  errors,
  disabled,
}: {
  item: OrderableItem;
  selection: TestSelection;
  onChange: (selection: TestSelection) => void;
  errors: SelectionErrors;
  disabled: boolean;
}) {
  const fields = profileFields(item).filter((f) => isProfileFieldShown(f, selection));
  if (fields.length === 0) return null;
  const set = (id: number, value: string) =>
    onChange({ ...selection, fields: { ...selection.fields, [id]: value } });
  return (
    <Fieldset legend="About this test">
      <Stack gap="sm">
        {fields.map((f) => (
          <ProfileFieldInput
            key={f.field.id}
            field={f}
            value={selection.fields[f.field.id] ?? ''}
            error={errors.fields[f.field.id]}
            disabled={disabled}
            onChange={(value) => set(f.field.id, value)}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}

function ProfileFieldInput({
  field: f,
  value,
  error,
  disabled,
  onChange,
}: {
  field: ProfileField;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const common = {
    label: f.field.name,
    description: f.field.disclaimer ?? undefined,
    error,
    disabled,
    required: f.required,
  };
  if (f.control === 'radio' || f.control === 'checkbox') {
    const options =
      f.options.length > 0
        ? f.options
        : [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ];
    return (
      <Radio.Group {...common} value={value} onChange={onChange}>
        <Group gap="md" mt={4}>
          {options.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
    );
  }
  if (f.control === 'select') {
    return (
      <NativeSelect
        {...common}
        value={value}
        data={[{ value: '', label: 'Choose…' }, ...f.options]}
        onChange={(event) => onChange(event.currentTarget.value)}
        maw={360}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={value}
      maxLength={f.maxLength}
      placeholder={f.placeholder}
      inputMode={f.control === 'date' ? 'numeric' : undefined}
      onChange={(event) => onChange(event.currentTarget.value.slice(0, f.maxLength ?? undefined))}
      maw={f.control === 'date' ? 180 : 360}
    />
  );
}
