import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, forwardRef } from 'react';

/**
 * What a date field holds after a keystroke (decision 0327): digits and the separators of the spec's two forms
 * (MM/DD/YYYY, YYYY-MM-DD), at most 10 characters; typing the second digit of the month or of the day adds the
 * slash, so a phone's number pad is enough; a slash typed after it is not doubled. Deleting never adds one back.
 */
export function typedDate(text: string, deleting = false): string {
  const kept = text
    .replace(/[^\d/-]/g, '')
    .replace(/\/{2,}/g, '/')
    .slice(0, 10);
  return !deleting && /^(\d{2}|\d{2}\/\d{2})$/.test(kept) ? `${kept}/` : kept;
}

export type DateInputProps = Omit<TextInputProps, 'type' | 'inputMode' | 'maxLength' | 'placeholder'>;

/**
 * The one date input of the portal (decision 0327): text in MM/DD/YYYY (YYYY-MM-DD also read), a number pad on
 * phones, 16 px text and 44 px tall (phone.css). Works controlled (value/onChange) and with react-hook-form's
 * register().
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { onChange, description, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      {...props}
      description={description ?? 'MM/DD/YYYY'}
      placeholder="MM/DD/YYYY"
      inputMode="numeric"
      maxLength={10}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
        const value = typedDate(input.value, inputType.startsWith('delete'));
        if (value !== input.value) input.value = value;
        onChange?.(event);
      }}
    />
  );
});
