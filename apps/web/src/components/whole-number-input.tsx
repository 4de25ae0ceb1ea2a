import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface WholeNumberInputProps
  extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'inputMode' | 'pattern'> {
  /** The count shown; '' for none. */
  value: number | '';
  min: number;
  max: number;
  /** Called with the count typed ('' while the box is empty); a keystroke that leaves min..max is refused. */
  onChange: (value: number | '') => void;
}

/**
 * What a count box holds after a keystroke: the digits typed as a number, '' when empty, or null when the text would
 * leave min..max (the keystroke is refused, as Mantine's NumberInput did with clampBehavior 'strict').
 */
export const wholeNumberOf = (text: string, min: number, max: number): number | '' | null => {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return '';
  const value = Number.parseInt(digits, 10);
  return value < min || value > max ? null : value;
};

/**
 * The portal's input for counts (quantities, CPT units): a text box with the number keyboard (decision 0235), not
 * Mantine's NumberInput, whose number-formatting library the steps with counts do not need.
 */
export function WholeNumberInput({ value, min, max, onChange, ...props }: WholeNumberInputProps) {
  // The box keeps what was typed (an emptied box stays empty while the count it shows elsewhere is kept), and follows
  // the count when it changes from outside.
  const [text, setText] = useState(value === '' ? '' : String(value));
  useEffect(() => {
    setText((current) =>
      wholeNumberOf(current, min, max) === value ? current : value === '' ? '' : String(value),
    );
  }, [value, min, max]);
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = wholeNumberOf(event.currentTarget.value, min, max);
        if (next === null) return;
        setText(next === '' ? '' : String(next));
        onChange(next);
      }}
    />
  );
}
