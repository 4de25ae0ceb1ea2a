import {
  addressHasPoBox,
  countryName,
  DEFAULT_SHIPPING_METHOD,
  type FieldError,
  formatCents,
  isCanada,
  isInternationalAddress,
  isOrderLocked,
  type SavedOrder,
  SHIPPING_ERROR_CODES,
  SHIPPING_FIELD_LABELS,
  SHIPPING_LIMITS,
  SHIPPING_MESSAGES,
  type ShippingFieldError,
  type ShippingInformation,
  type ShippingMethod,
  shippingMethodChoices,
  shippingMethodFor,
  shippingWarnings,
  validateShipping,
} from '@gear/domain';
import { Alert, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { useShippingCharges } from '../../api/shipping.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, summaryErrorOf, useErrorSummary } from '../../components/error-summary.tsx';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { CountryInput, StateInput } from '../../components/region-inputs.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { usePostalCodeFill } from '../../components/use-postal-code-fill.ts';
import { WarningAlert } from '../../components/warning-alert.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { useSaveShipping } from './use-save-shipping.ts';

type TextField = Exclude<keyof ShippingInformation, 'shippingMethod'>;

const blank = (value: string | null | undefined) => value ?? '';

/** spec 2 §5 limits; the country is chosen from a list of about 250 names (spec 2 §9), none longer than this. */
const LIMITS: Record<TextField, number> = { ...SHIPPING_LIMITS, country: 64 };

/**
 * The form's first values: what was saved, else where the packs go by default (decision 0033): the patient on a
 * drop-ship order, otherwise the practitioner's office.
 */
function initialInformation(order: SavedOrder): ShippingInformation {
  if (order.shippingInformation) return order.shippingInformation;
  const patient = order.patientInfo;
  const patientAddress = patient?.addresses.find((address) => address.type === 'shipping');
  if (order.containsDropShipRequisition && patientAddress) {
    return {
      shippingMethod: order.shippingMethod || DEFAULT_SHIPPING_METHOD,
      company: null,
      attention: [patient?.nameFirst, patient?.nameLast].filter(Boolean).join(' ') || null,
      address1: patientAddress.address1,
      address2: patientAddress.address2,
      city: patientAddress.city,
      state: patientAddress.state,
      zipCode: patientAddress.zipCode,
      country: patientAddress.country,
      instructions: null,
    };
  }
  const practitioner = order.practitioner;
  const office = practitioner?.office;
  return {
    shippingMethod: order.shippingMethod || DEFAULT_SHIPPING_METHOD,
    company: office?.name ?? null,
    attention: practitioner
      ? `${practitioner.firstName} ${practitioner.lastName}, ${practitioner.degree}`
      : null,
    address1: office?.address.address1 ?? null,
    address2: office?.address.address2 ?? null,
    city: office?.address.city ?? null,
    state: office?.address.state ?? null,
    zipCode: office?.address.zipCode ?? null,
    country: office?.address.country ? countryName(office.address.country) : null,
    instructions: null,
  };
}

const trimmed = (info: ShippingInformation): ShippingInformation => {
  const out = { ...info };
  for (const key of Object.keys(out) as (keyof ShippingInformation)[]) {
    if (key === 'shippingMethod') continue;
    const value = out[key]?.trim() ?? '';
    out[key] = value === '' ? null : value;
  }
  return out;
};

/**
 * spec 2 §2, §4, §5, §8, §9 Shipping step: the shipping method with its charge and cutoff time, company, attention,
 * address and order instructions with their limits. A PO box only warns (and the method becomes Smart Post);
 * Canada ships by Ground; NY with products ending in * is refused, listing them; the country must be the
 * practitioner's. Next saves (PUT /gear/order/{id}/shippingInfo/) and moves on.
 */
export function ShippingStep({ order, user, navigation }: StepProps) {
  if (typeof order.id !== 'number') return null;
  return <ShippingForm order={order as SavedOrder} user={user} navigation={navigation} />;
}

/** The names people read for the fields, in the error summary. */
const FIELD_LABELS: Record<string, string> = {
  ...SHIPPING_FIELD_LABELS,
  shippingMethod: 'Shipping Method',
  country: 'Country',
};

function ShippingForm({
  order,
  user,
  navigation,
}: Pick<StepProps, 'user' | 'navigation'> & { order: SavedOrder }) {
  const text = useMessages();
  const charges = useShippingCharges(order.id);
  const save = useSaveShipping();
  const locked = isOrderLocked(order, user);
  const initial = useMemo(() => initialInformation(order), [order]);
  const [info, setInfo] = useState<ShippingInformation>(initial);
  const [errors, setFieldErrors] = useState<ShippingFieldError[]>([]);
  const summary = useErrorSummary();
  /** The fields' messages and the summary above the form (issue 15); a coded refusal keeps its own alert below. */
  const setErrors = (found: ShippingFieldError[]) => {
    setFieldErrors(found);
    summary.show(
      found
        .filter((error) => error.code === undefined)
        .map((error) => summaryErrorOf(error, FIELD_LABELS[error.field] ?? '')),
    );
  };
  const [failure, setFailure] = useState<string | null>(null);
  useUnsavedChanges(!locked && JSON.stringify(info) !== JSON.stringify(initial));

  const practitioner = order.practitioner;
  const facts = {
    practitionerCountry: practitioner?.office.address.country ?? null,
    reqLayoutId: practitioner?.office.reqLayoutId ?? null,
    productNames: order.requisitions.filter((r) => !r.canceled).map((r) => r.omsOrderableItemName),
  };
  const international = isInternationalAddress(facts.reqLayoutId, info.country);
  const destination = { country: info.country, poBox: addressHasPoBox(info) };
  const choices = shippingMethodChoices(destination, charges.data);
  const method: ShippingMethod = shippingMethodFor(info.shippingMethod, destination);
  const warnings = shippingWarnings(info);
  const fieldError = (field: string) => errors.find((error) => error.field === field)?.defaultMessage;
  const coded = errors.filter((error) => error.code !== undefined);

  const set = (field: TextField, value: string) =>
    setInfo((current) => ({ ...current, [field]: value.slice(0, LIMITS[field]) }));
  // Address autocomplete (decision 0184): a whole ZIP or postal code fills the city and state left empty.
  usePostalCodeFill(
    info.zipCode,
    (place) =>
      setInfo((current) => ({
        ...current,
        city: current.city?.trim() ? current.city : place.city.slice(0, LIMITS.city),
        state: current.state?.trim() ? current.state : place.state.slice(0, LIMITS.state),
      })),
    !locked,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (locked) {
      void navigation.next(order);
      return;
    }
    const body = { ...trimmed(info), shippingMethod: method };
    const found = validateShipping(body, facts);
    setErrors(found);
    if (found.length > 0) return;
    save.mutate(
      { ...body, gearOrderId: order.id, version: order.version },
      {
        onSuccess: (saved) => void navigation.next(saved),
        onError: (error) => {
          if (isApiError(error) && error.kind === 'validation' && error.fieldErrors.length > 0) {
            setErrors(error.fieldErrors as FieldError[] as ShippingFieldError[]);
            return;
          }
          if (isApiError(error) && error.kind === 'conflict') {
            setFailure(error.serverMessage ?? error.message);
            return;
          }
          // spec 2 §8: 'Any other shipping error' / 'Shipping save failure'.
          setFailure(
            isApiError(error) && error.status === 400 ? text.shippingUnexpectedError : text.unexpectedError,
          );
        },
      },
    );
  };

  const disabled = locked || save.isPending;
  const input = (field: TextField, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={blank(info[field])}
      maxLength={LIMITS[field]}
      name={field}
      error={fieldError(field)}
      disabled={disabled}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <OrderLockNotice order={order} user={user} />
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        {charges.isError && (
          <Alert color="red" role="alert">
            {SHIPPING_MESSAGES.chargesLoadFailed}
          </Alert>
        )}
        <Radio.Group
          label="Shipping Method"
          required
          value={method}
          onChange={(value) => setInfo((current) => ({ ...current, shippingMethod: value }))}
          error={fieldError('shippingMethod')}
        >
          <Stack gap={6} mt={6}>
            {choices.map((choice) => (
              <Radio
                key={choice.shippingMethod}
                value={choice.shippingMethod}
                disabled={disabled}
                label={`${choice.shippingMethod}: ${
                  choice.price === null
                    ? 'price unavailable'
                    : choice.price === 0
                      ? 'Free'
                      : formatCents(choice.price)
                }`}
                description={`Order by ${choice.cutoff} to ship the same business day`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {isCanada(info.country) && <Text size="sm">Collection packs to Canada ship by FedEx Ground.</Text>}
        {warnings.map((warning) => (
          <WarningAlert key={warning} title="P.O. Box" role="status">
            {warning} Smart Post is the only method for this address; you may still save it.
          </WarningAlert>
        ))}
        {coded.map((error) => (
          <Alert
            key={error.code}
            color="red"
            role="alert"
            title={
              error.code === SHIPPING_ERROR_CODES.orderingRestricted
                ? 'Not orderable in this state'
                : undefined
            }
          >
            {error.defaultMessage}
          </Alert>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input('company', 'Company')}
          {input('attention', 'Attention')}
          {input('address1', 'Address line 1', true)}
          {input('address2', 'Address line 2')}
          {input('city', 'City', true)}
          <StateInput
            international={international}
            label={international ? 'State or province' : 'State'}
            required
            value={blank(info.state)}
            error={fieldError('state')}
            disabled={disabled}
            onChange={(event) => set('state', event.currentTarget.value)}
          />
          {input('zipCode', international ? 'Postal code' : 'Zip code', true)}
          <CountryInput
            label="Country"
            required
            value={blank(info.country)}
            error={fieldError('country')}
            disabled={disabled}
            onChange={(event) => set('country', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label="Order instructions"
          description={`${blank(info.instructions).length}/${SHIPPING_LIMITS.instructions} characters`}
          rows={3}
          maxLength={SHIPPING_LIMITS.instructions}
          value={blank(info.instructions)}
          name="instructions"
          error={fieldError('instructions')}
          disabled={disabled}
          onChange={(event) => set('instructions', event.currentTarget.value)}
        />
        <ErrorAlert message={failure} />
        <WizardButtons onBack={() => void navigation.back()} saving={save.isPending} />
      </Stack>
    </form>
  );
}
