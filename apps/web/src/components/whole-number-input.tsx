import { TextInput, type TextInputProps } from '@mantine/core';

export interface WholeNumberInputProps
  extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'inputMode' | 'pattern'> {
  /** The count shown; '' for none. */
  value: number | '';
  min: number;
  max: number;
  /** Called with the count typed, kept within min..max ('' while the box is empty). */
  onChange: (value: number | '') => void;
}

/** A typed count within min..max, kept there as it is typed: digits only, the number keyboard on a phone. */
export const wholeNumberOf = (text: string, min: number, max: number): number | '' => {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return '';
  return Math.min(max, Math.max(min, Number.parseInt(digits, 10)));
};

/**
 * The portal's input for counts (quantities, CPT units): a text box with the number keyboard (decision 0235), not
 * Mantine's NumberInput, whose number-formatting library the steps with counts do not need.
 */
export function WholeNumberInput({ value, min, max, onChange, ...props }: WholeNumberInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      value={value === '' ? '' : String(value)}
      onChange={(event) => onChange(wholeNumberOf(event.currentTarget.value, min, max))}
    />
  );
}
