import {
  formatPhone,
  INSURANCE_LIMITS,
  INSURANCE_PROVIDER_OPTIONS,
  SUBSCRIBER_RELATIONS,
} from '@gear/domain';
import { Fieldset, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { Path, UseFormReturn } from 'react-hook-form';
import type { FieldMessages } from '../../api/field-errors.ts';
import { DateInput } from '../../components/date-input.tsx';
import { StateInput } from '../../components/region-inputs.tsx';
import type { InsuranceFormValues, InsuranceKey } from './insurance-values.ts';

const choose = (options: readonly (string | { value: string; label: string })[]) => [
  { value: '', label: 'Select…' },
  ...options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option)),
];

export interface InsuranceFieldsProps {
  which: InsuranceKey;
  legend: string;
  form: UseFormReturn<InsuranceFormValues>;
  errors: FieldMessages;
  clearError(field: string): void;
  disabled: boolean;
  autoComplete: 'on' | 'off';
  /** spec 2 §5: the claims address and phone, unless Medicare-type or confirmed. */
  claimsRequired: boolean;
  /** Leaving the subscriber ID (spec 2 §4: the Medicare/Tricare question). */
  onSubscriberIdBlur(subscriberId: string): void;
}

/** One insurance (primary or secondary) of spec 2 §2, with the limits of §5. */
export function InsuranceFields(props: InsuranceFieldsProps) {
  const { which, form, errors, disabled, claimsRequired } = props;
  const provider = form.watch(`${which}.insuranceProvider`);
  const relation = form.watch(`${which}.subscriberRelation`);
  const at = (name: string) => errors[`${which}.${name}`];
  const field = (name: string, options: { phone?: boolean; onBlur?: (value: string) => void } = {}) =>
    form.register(`${which}.${name}` as Path<InsuranceFormValues>, {
      onChange: () => props.clearError(`${which}.${name}`),
      onBlur: (event: { target: { value: string } }) => {
        const value = event.target.value;
        if (options.phone && value.trim())
          form.setValue(`${which}.${name}` as Path<InsuranceFormValues>, formatPhone(value) as never);
        options.onBlur?.(value);
      },
    });
  const input = { disabled, autoComplete: props.autoComplete };
  // Each insurance's inputs carry its name, so that two blocks on one page stay told apart.
  const label = (text: string) => (which === 'insurance' ? text : `${text} (secondary)`);

  return (
    <Fieldset legend={props.legend}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={label('Insurance provider')}
          required
          data={choose(INSURANCE_PROVIDER_OPTIONS)}
          error={at('insuranceProvider')}
          {...input}
          {...field('insuranceProvider')}
        />
        {provider === 'other' && (
          <TextInput
            label={label('Other insurance provider')}
            required
            maxLength={INSURANCE_LIMITS.otherProvider}
            error={at('otherProvider')}
            {...input}
            {...field('otherProvider')}
          />
        )}
        <TextInput
          label={label('Subscriber full name')}
          required
          maxLength={INSURANCE_LIMITS.subscriberName}
          error={at('subscriberName')}
          {...input}
          {...field('subscriberName')}
        />
        <TextInput
          label={label('Subscriber ID #/Medicare #')}
          required
          maxLength={INSURANCE_LIMITS.subscriberId + 10}
          error={at('subscriberId')}
          {...input}
          {...field('subscriberId', { onBlur: props.onSubscriberIdBlur })}
        />
        <DateInput
          label={label('Subscriber date of birth')}
          required
          error={at('subscriberDOB')}
          {...input}
          {...field('subscriberDOB')}
        />
        <TextInput
          label={label('Group number')}
          maxLength={INSURANCE_LIMITS.groupNumber + 10}
          error={at('groupNumber')}
          {...input}
          {...field('groupNumber')}
        />
        <NativeSelect
          label={label('Relationship to subscriber')}
          required
          data={choose(SUBSCRIBER_RELATIONS)}
          error={at('subscriberRelation')}
          {...input}
          {...field('subscriberRelation')}
        />
        {relation === 'Other' && (
          <TextInput
            label={label('Other relationship')}
            required
            maxLength={50}
            error={at('otherSubscriberRelation')}
            {...input}
            {...field('otherSubscriberRelation')}
          />
        )}
      </SimpleGrid>
      {claimsRequired && (
        <Fieldset legend={label('Claims address')} variant="unstyled" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={label('Claims street address')}
              required
              maxLength={128}
              error={at('claimsAddress.address1')}
              {...input}
              {...field('claims.address1')}
            />
            <TextInput
              label={label('Claims address line 2')}
              maxLength={128}
              error={at('claimsAddress.address2')}
              {...input}
              {...field('claims.address2')}
            />
            <TextInput
              label={label('Claims city')}
              required
              maxLength={64}
              error={at('claimsAddress.city')}
              {...input}
              {...field('claims.city')}
            />
            <StateInput
              label={label('Claims state')}
              required
              error={at('claimsAddress.state')}
              {...input}
              {...field('claims.state')}
            />
            <TextInput
              label={label('Claims zip code')}
              required
              maxLength={INSURANCE_LIMITS.claimsZipCode}
              inputMode="numeric"
              error={at('claimsAddress.zipCode')}
              {...input}
              {...field('claims.zipCode')}
            />
            <TextInput
              label={label('Claims phone')}
              type="tel"
              required
              error={at('phoneNumber')}
              {...input}
              {...field('phoneNumber', { phone: true })}
            />
          </SimpleGrid>
        </Fieldset>
      )}
    </Fieldset>
  );
}
