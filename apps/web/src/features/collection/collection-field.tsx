import { fieldOptions, INPUT_FIELD_PARAM, type InputField, numericParam, paramValue } from '@gear/domain';
import { Checkbox, Group, NativeSelect, NumberInput, Radio, TextInput } from '@mantine/core';

export interface CollectionFieldProps {
  field: InputField;
  value: string;
  error?: string;
  disabled: boolean;
  required: boolean;
  onChange: (value: string) => void;
  /** Overrides the field's name as its label (the SIBO table labels its rows itself). */
  label?: string;
  description?: string;
  /** For a date field: the first and last dates allowed (YYYY-MM-DD). */
  min?: string;
  max?: string;
}

/** The control of one collection field, by its params (spec 2 §2): select, radio, number, text, date, time, checkbox. */
export function CollectionField(props: CollectionFieldProps) {
  const { field, value, error, disabled, required, onChange } = props;
  const type = paramValue(field, INPUT_FIELD_PARAM.type) ?? 'text';
  const unit = paramValue(field, INPUT_FIELD_PARAM.unit);
  const common = {
    label: props.label ?? (unit && type === 'number' ? `${field.name} (${unit})` : field.name),
    description: props.description ?? field.disclaimer ?? undefined,
    error,
    disabled,
    required,
  };
  const options = fieldOptions(field).map((option) => ({ value: option.name, label: option.value }));

  if (type === 'checkbox') {
    return (
      <Checkbox
        label={common.label}
        description={common.description}
        error={error}
        disabled={disabled}
        checked={value === 'true'}
        onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
      />
    );
  }
  if (type === 'radio') {
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
  if (type === 'select') {
    return (
      <NativeSelect
        {...common}
        value={value}
        data={[{ value: '', label: 'Choose…' }, ...options]}
        onChange={(event) => onChange(event.currentTarget.value)}
        maw={360}
      />
    );
  }
  if (type === 'number') {
    return (
      <NumberInput
        {...common}
        value={value}
        min={numericParam(field, INPUT_FIELD_PARAM.min) ?? undefined}
        max={numericParam(field, INPUT_FIELD_PARAM.max) ?? undefined}
        allowNegative={false}
        onChange={(next) => onChange(next === '' ? '' : String(next))}
        maw={220}
      />
    );
  }
  const maxLength = numericParam(field, INPUT_FIELD_PARAM.maxLength) ?? undefined;
  return (
    <TextInput
      {...common}
      type={type === 'date' ? 'date' : type === 'time' ? 'time' : 'text'}
      value={value}
      min={type === 'date' ? props.min : undefined}
      max={type === 'date' ? props.max : undefined}
      maxLength={maxLength}
      placeholder={
        type === 'text' ? (paramValue(field, INPUT_FIELD_PARAM.placeholder) ?? undefined) : undefined
      }
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={type === 'text' ? 360 : 200}
    />
  );
}
