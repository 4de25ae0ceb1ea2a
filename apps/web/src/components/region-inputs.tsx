import { REGIONS } from '@gear/domain';
import { NativeSelect, type NativeSelectProps, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, type Ref, useMemo } from 'react';
import { countryNames } from './countries.ts';

/** The USPS and Canadian codes of ../shared/data/regions.tsv (the domain's REGIONS), as 'North Carolina (NC)'. */
const REGION_OPTIONS = REGIONS.map((region) => ({
  value: region.code,
  label: `${region.name} (${region.code})`,
}));

type ChoiceProps = Omit<NativeSelectProps, 'data'> & {
  placeholder?: string;
  /** The value now chosen, when a form library holds it rather than `value` (react-hook-form's register). */
  current?: string;
};

/** A list of choices with an empty first line; a saved value that is not in the list is kept as a choice. */
const withChoice = (
  placeholder: string,
  options: readonly { value: string; label: string }[],
  value: unknown,
) => {
  const known = typeof value !== 'string' || value === '' || options.some((option) => option.value === value);
  return [
    { value: '', label: placeholder },
    ...(known ? [] : [{ value: String(value), label: String(value) }]),
    ...options,
  ];
};

export type StateInputProps = ChoiceProps & {
  /** spec 2 §5: an international address takes any state or province (up to 32 characters) as text. */
  international?: boolean;
};

/**
 * The one state input of the portal (decision 0327): a list of US states, territories, military codes and Canadian
 * provinces for a US or Canadian address, free text for an international one.
 */
export const StateInput = forwardRef<HTMLSelectElement | HTMLInputElement, StateInputProps>(
  function StateInput({ international = false, placeholder = 'Select…', current, ...props }, ref) {
    if (international)
      return (
        <TextInput
          ref={ref as Ref<HTMLInputElement>}
          maxLength={32}
          {...(props as unknown as TextInputProps)}
        />
      );
    return (
      <NativeSelect
        ref={ref as Ref<HTMLSelectElement>}
        {...props}
        data={withChoice(placeholder, REGION_OPTIONS, current ?? props.value)}
      />
    );
  },
);

/** The one country input of the portal (decision 0327): the list of about 250 names of spec 2 §9. */
export const CountryInput = forwardRef<HTMLSelectElement, ChoiceProps>(function CountryInput(
  { placeholder = 'Select…', current, ...props },
  ref,
) {
  const countries = useMemo(() => countryNames().map((name) => ({ value: name, label: name })), []);
  return (
    <NativeSelect ref={ref} {...props} data={withChoice(placeholder, countries, current ?? props.value)} />
  );
});
