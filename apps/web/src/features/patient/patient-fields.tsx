import {
  availableShippingMethods,
  EMPLOYMENT_STATUS_OPTIONS,
  ETHNICITY_OPTIONS,
  formatPhone,
  PATIENT_LIMITS,
  RACE_OPTIONS,
  SEX_OPTIONS,
  SHIPPING_CUTOFFS,
  type ShippingMethod,
} from '@gear/domain';
import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Path, type UseFormReturn, useController } from 'react-hook-form';
import type { FieldMessages } from '../../api/field-errors.ts';
import { DateInput } from '../../components/date-input.tsx';
import { CountryInput, StateInput } from '../../components/region-inputs.tsx';
import { usePostalCodeFill } from '../../components/use-postal-code-fill.ts';
import type { PatientValues } from './patient-values.ts';

/** What every section needs: the form, the rules' messages by field, and whether the page is locked. */
export interface SectionProps {
  form: UseFormReturn<PatientValues>;
  errors: FieldMessages;
  clearError(field: string): void;
  disabled: boolean;
  /** spec 2 §6: browser autocomplete is on for prc users (patients typing their own details), off otherwise. */
  autoComplete: 'on' | 'off';
}

const choose = (placeholder: string, options: readonly (string | { value: string; label: string })[]) => [
  { value: '', label: placeholder },
  ...options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option)),
];

/** register() with the rule's field name to clear when the value changes, and phones shown (###) ###-####. */
function useField(props: SectionProps) {
  const { form, clearError } = props;
  return (name: Path<PatientValues>, ruleField: string, options: { phone?: boolean } = {}) =>
    form.register(name, {
      onChange: () => clearError(ruleField),
      onBlur: options.phone
        ? (event: { target: { value: string } }) => {
            const value = event.target.value;
            if (value.trim()) form.setValue(name, formatPhone(value) as never);
          }
        : undefined,
    });
}

export function NameFields(props: SectionProps & { lastNameLocked: boolean }) {
  const field = useField(props);
  const { errors, disabled } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        label="First name"
        required
        maxLength={PATIENT_LIMITS.name}
        autoComplete={props.autoComplete}
        disabled={disabled}
        error={errors.nameFirst}
        {...field('nameFirst', 'nameFirst')}
      />
      <TextInput
        label="Middle initial"
        maxLength={PATIENT_LIMITS.middleInitial}
        autoComplete={props.autoComplete}
        disabled={disabled}
        error={errors.nameMiddle}
        {...field('nameMiddle', 'nameMiddle')}
      />
      <TextInput
        label="Last name"
        required
        maxLength={PATIENT_LIMITS.name}
        autoComplete={props.autoComplete}
        disabled={disabled || props.lastNameLocked}
        description={
          props.lastNameLocked ? 'The last name cannot change once the order is confirmed.' : undefined
        }
        error={errors.nameLast}
        {...field('nameLast', 'nameLast')}
      />
    </SimpleGrid>
  );
}

/** spec 2 §2 'date of birth (day, month, year)', §5 'format YYYY-MM-DD or MM/DD/YYYY': the one date input. */
export function DateOfBirthField(props: SectionProps) {
  const field = useField(props);
  return (
    <DateInput
      label="Date of birth"
      required
      autoComplete={props.autoComplete === 'on' ? 'bday' : 'off'}
      disabled={props.disabled}
      error={props.errors.dateOfBirth}
      maw={240}
      {...field('dateOfBirth', 'dateOfBirth')}
    />
  );
}

export function SexField(props: SectionProps) {
  const field = useField(props);
  return (
    <NativeSelect
      label="Sex"
      required
      data={choose('Select…', SEX_OPTIONS)}
      disabled={props.disabled}
      error={props.errors.gender}
      maw={240}
      {...field('gender', 'gender')}
    />
  );
}

export function ContactFields(props: SectionProps & { contactRequired: boolean; showChartNumber: boolean }) {
  const field = useField(props);
  const { errors, disabled, contactRequired } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Email"
        type="email"
        required={contactRequired}
        maxLength={PATIENT_LIMITS.email}
        autoComplete={props.autoComplete}
        disabled={disabled}
        error={errors.email}
        {...field('email', 'email')}
      />
      <TextInput
        label="Cell phone"
        type="tel"
        required={contactRequired}
        autoComplete={props.autoComplete}
        disabled={disabled}
        error={errors.voicePhone}
        {...field('voicePhone', 'voicePhone', { phone: true })}
      />
      <TextInput
        label="Alternate phone"
        type="tel"
        autoComplete={props.autoComplete}
        disabled={disabled}
        error={errors.alternatePhone}
        {...field('alternatePhone', 'alternatePhone', { phone: true })}
      />
      {props.showChartNumber && (
        <TextInput
          label="Chart number"
          maxLength={PATIENT_LIMITS.chartNumber}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={errors.chartNumber}
          {...field('chartNumber', 'chartNumber')}
        />
      )}
    </SimpleGrid>
  );
}

export interface AddressFieldsProps extends SectionProps {
  international: boolean;
  required: boolean;
  covid: boolean;
  addressLocked: boolean;
}

/** spec 2 §2 'Mailing Address (US layout or international layout)', §5 limits. */
export function MailingAddressFields(props: AddressFieldsProps) {
  const field = useField(props);
  const { errors, international, required, covid } = props;
  const disabled = props.disabled || props.addressLocked;
  const at = (name: string) => errors[`addresses.shipping.${name}`];
  const country = props.form.watch('shipping.country');
  const state = props.form.watch('shipping.state');
  const zipCode = props.form.watch('shipping.zipCode');
  usePostalCodeFill(
    zipCode,
    (place) => {
      const { getValues, setValue } = props.form;
      if (!getValues('shipping.city')) setValue('shipping.city', place.city as never);
      if (!getValues('shipping.state')) setValue('shipping.state', place.state as never);
    },
    !disabled,
  );
  return (
    <Fieldset legend="Mailing Address">
      {props.addressLocked && (
        <Text fz="sm" mb="xs">
          The address cannot change once the practitioner has confirmed the order.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountryInput
          label="Country"
          required={required}
          current={country}
          disabled={disabled}
          error={at('country')}
          {...field('shipping.country', 'addresses.shipping.country')}
        />
        <TextInput
          label="Phone"
          type="tel"
          required={required}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={at('voicePhone')}
          {...field('shipping.voicePhone', 'addresses.shipping.voicePhone', { phone: true })}
        />
        <TextInput
          label="Street address"
          required={required}
          maxLength={128}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={at('address1')}
          {...field('shipping.address1', 'addresses.shipping.address1')}
        />
        <TextInput
          label="Address line 2"
          maxLength={128}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={at('address2')}
          {...field('shipping.address2', 'addresses.shipping.address2')}
        />
        <TextInput
          label="City"
          required={required}
          maxLength={64}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={at('city')}
          {...field('shipping.city', 'addresses.shipping.city')}
        />
        <StateInput
          international={international}
          label={international ? 'State or province' : 'State'}
          required={!international && required}
          autoComplete={props.autoComplete}
          current={state}
          disabled={disabled}
          error={at('state')}
          {...field('shipping.state', 'addresses.shipping.state')}
        />
        <TextInput
          label={international ? 'Postal code' : 'Zip code'}
          required={required}
          maxLength={international ? 10 : 5}
          inputMode={international ? undefined : 'numeric'}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={at('zipCode')}
          {...field('shipping.zipCode', 'addresses.shipping.zipCode')}
        />
        {covid && (
          <TextInput
            label="County"
            required={required}
            maxLength={64}
            autoComplete={props.autoComplete}
            disabled={disabled}
            error={at('county')}
            {...field('shipping.county', 'addresses.shipping.county')}
          />
        )}
      </SimpleGrid>
    </Fieldset>
  );
}

export function ShippingMethodField(props: SectionProps & { country: string }) {
  const field = useField(props);
  const methods = availableShippingMethods({ country: props.country || null, poBox: false });
  return (
    <NativeSelect
      label="Shipping method"
      description="Orders placed by 2:30 PM ET ship the same day; overnight by 12:00 noon ET."
      data={methods.map((method: ShippingMethod) => ({
        value: method,
        label: `${method} (order by ${SHIPPING_CUTOFFS[method]})`,
      }))}
      disabled={props.disabled}
      maw={420}
      {...field('shippingMethod', 'shippingMethod')}
    />
  );
}

export function ResponsiblePartyFields(props: SectionProps & { required: boolean }) {
  const field = useField(props);
  const { errors, disabled, required } = props;
  return (
    <Fieldset legend="Responsible Party">
      <Text fz="sm" mb="xs">
        The patient is under 18: please name the parent or guardian responsible for them.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Responsible party first name"
          required={required}
          maxLength={PATIENT_LIMITS.name}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={errors.responsibleNameFirst}
          {...field('responsibleNameFirst', 'responsibleNameFirst')}
        />
        <TextInput
          label="Responsible party middle initial"
          maxLength={PATIENT_LIMITS.middleInitial}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={errors.responsibleNameMiddle}
          {...field('responsibleNameMiddle', 'responsibleNameMiddle')}
        />
        <TextInput
          label="Responsible party last name"
          required={required}
          maxLength={PATIENT_LIMITS.name}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={errors.responsibleNameLast}
          {...field('responsibleNameLast', 'responsibleNameLast')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

export interface EmployerFieldsProps extends SectionProps {
  required: boolean;
  employedOrStudent: boolean;
  schoolDistrict: boolean;
}

/** spec 2 §5 employer block: NH and OH residents employed or students; NY students give their school district. */
export function EmployerFields(props: EmployerFieldsProps) {
  const field = useField(props);
  const { errors, disabled, required } = props;
  const at = (name: string) => errors[`addresses.employer.${name}`];
  return (
    <Fieldset legend="Employer or School">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label="Employment status"
          required={required}
          data={choose('Select…', EMPLOYMENT_STATUS_OPTIONS)}
          disabled={disabled}
          error={errors.employmentStatus}
          {...field('employmentStatus', 'employmentStatus')}
        />
        {props.employedOrStudent && (
          <>
            <TextInput
              label="Occupation"
              required={required}
              maxLength={64}
              autoComplete={props.autoComplete}
              disabled={disabled}
              error={errors.occupation}
              {...field('occupation', 'occupation')}
            />
            <TextInput
              label="Employer or school name"
              required={required}
              maxLength={128}
              autoComplete={props.autoComplete}
              disabled={disabled}
              error={errors.employer}
              {...field('employer', 'employer')}
            />
            <TextInput
              label="Employer or school street address"
              required={required}
              maxLength={128}
              autoComplete={props.autoComplete}
              disabled={disabled}
              error={at('address1')}
              {...field('employerAddress.address1', 'addresses.employer.address1')}
            />
            <TextInput
              label="Employer or school city"
              required={required}
              maxLength={64}
              autoComplete={props.autoComplete}
              disabled={disabled}
              error={at('city')}
              {...field('employerAddress.city', 'addresses.employer.city')}
            />
            <StateInput
              label="Employer or school state"
              required={required}
              disabled={disabled}
              error={at('state')}
              {...field('employerAddress.state', 'addresses.employer.state')}
            />
            <TextInput
              label="Employer or school zip code"
              required={required}
              maxLength={5}
              inputMode="numeric"
              autoComplete={props.autoComplete}
              disabled={disabled}
              error={at('zipCode')}
              {...field('employerAddress.zipCode', 'addresses.employer.zipCode')}
            />
            <TextInput
              label="Employer or school phone"
              type="tel"
              required={required}
              autoComplete={props.autoComplete}
              disabled={disabled}
              error={at('voicePhone')}
              {...field('employerAddress.voicePhone', 'addresses.employer.voicePhone', { phone: true })}
            />
          </>
        )}
        {props.schoolDistrict && (
          <TextInput
            label="School district"
            required={required}
            maxLength={64}
            autoComplete={props.autoComplete}
            disabled={disabled}
            error={at('schoolDistrict')}
            {...field('employerAddress.schoolDistrict', 'addresses.employer.schoolDistrict')}
          />
        )}
      </SimpleGrid>
    </Fieldset>
  );
}

export function CovidFields(props: SectionProps) {
  const field = useField(props);
  const { errors, disabled } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NativeSelect
        label="Race"
        required
        data={choose('Select…', RACE_OPTIONS)}
        disabled={disabled}
        error={errors.race}
        {...field('race', 'race')}
      />
      <NativeSelect
        label="Ethnicity"
        required
        data={choose('Select…', ETHNICITY_OPTIONS)}
        disabled={disabled}
        error={errors.ethnicity}
        {...field('ethnicity', 'ethnicity')}
      />
    </SimpleGrid>
  );
}

export function IdentificationFields(props: SectionProps & { showSsn: boolean; idRequired: boolean }) {
  const field = useField(props);
  const { errors, disabled } = props;
  return (
    <Fieldset legend="Identification">
      {props.idRequired && (
        <Text fz="sm" mb="xs">
          A Social Security number or a driver's license number is required for HRSA billing.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {props.showSsn && (
          <TextInput
            label="Social Security number"
            placeholder="###-##-####"
            maxLength={PATIENT_LIMITS.ssn}
            autoComplete={props.autoComplete}
            disabled={disabled}
            error={errors.ssn}
            {...field('ssn', 'ssn')}
          />
        )}
        <TextInput
          label="Driver's license number"
          maxLength={PATIENT_LIMITS.driverLicenseNumber}
          autoComplete={props.autoComplete}
          disabled={disabled}
          error={errors.driverLicenseNumber}
          {...field('driverLicenseNumber', 'driverLicenseNumber')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

export function MarketingOptIn(props: SectionProps) {
  const { field } = useController({ control: props.form.control, name: 'marketingOptIn' });
  return (
    <Checkbox
      label="Yes, email me news and offers about laboratory testing."
      name={field.name}
      ref={field.ref}
      checked={field.value}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      disabled={props.disabled}
    />
  );
}

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Fieldset legend={title} variant="unstyled">
    {children}
  </Fieldset>
);
