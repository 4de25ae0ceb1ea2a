import {
  addressHasPoBox,
  availableShippingMethods,
  formatCalendarDateUs,
  type GearOrder,
  HANDOFF_LIMITS,
  HANDOFF_MESSAGES,
  type HandoffForm as HandoffValues,
  handoffAsksShippingMethod,
  labToday,
  maySendHandoff,
  type SavedOrder,
  shippingAddressOf,
  validateHandoff,
} from '@gear/domain';
import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { type FieldMessages, fieldMessages, serverFieldErrors } from '../../api/field-errors.ts';
import { useHandOff } from '../../api/handoff.ts';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, summaryErrorsOf, useErrorSummary } from '../../components/error-summary.tsx';

export interface HandoffFormProps {
  order: SavedOrder;
  /** Called with the saved order once the email has gone. */
  onSent?: (saved: GearOrder) => void;
}

/** The names people read for the fields, in the error summary, in the form's order. */
const FIELD_LABELS: Record<keyof HandoffValues, string> = {
  dateOfBirth: 'Date of birth',
  nameLast: 'Last name',
  email: 'Email',
  shippingMethod: 'Shipping method',
};

const initialValues = (order: SavedOrder): HandoffValues => {
  const patient = order.patientInfo;
  return {
    dateOfBirth: patient?.dateOfBirth ? formatCalendarDateUs(patient.dateOfBirth) : '',
    nameLast: patient?.nameLast ?? '',
    email: patient?.email ?? '',
    shippingMethod: null,
  };
};

/** spec 2 §9 shipping methods the patient's address allows (a P.O. box Smart Post only, Canada Ground only). */
function shippingMethodsOf(order: SavedOrder): string[] {
  const address = order.patientInfo ? shippingAddressOf(order.patientInfo) : undefined;
  const country = address?.country ?? order.practitioner?.office.address.country ?? null;
  return availableShippingMethods({ country, poBox: address ? addressHasPoBox(address) : false });
}

/**
 * spec 3 §2 'Patient Information handoff form' (confirmation page and handoff step): date of birth, last name, email
 * and, for drop-ship orders, the shipping method. Send Email stays disabled until email and date of birth are given
 * (spec 3 §5); it emails the patient the link to their order (POST /gear/order/{id}/handoff).
 */
export function HandoffForm({ order, onSent }: HandoffFormProps) {
  const text = useMessages();
  const handOff = useHandOff();
  const headingId = useId();
  const [values, setValues] = useState<HandoffValues>(() => initialValues(order));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const asksShippingMethod = handoffAsksShippingMethod(order);
  const shippingMethods = asksShippingMethod ? shippingMethodsOf(order) : [];
  const errorOf = (field: keyof HandoffValues): string | undefined => errors[field];
  const summary = useErrorSummary();
  /** Each message beside its field and in the summary above the form (issue 15, decision 0322). */
  const showErrors = (found: FieldMessages) => {
    setErrors(found);
    summary.show(summaryErrorsOf(found, FIELD_LABELS));
  };

  const set = (field: keyof HandoffValues, value: string | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSentTo(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSentTo(null);
    const found = validateHandoff(values, {
      today: labToday(),
      dropShip: asksShippingMethod,
      shippingMethods,
    });
    showErrors(fieldMessages(found));
    if (found.length > 0) return;
    handOff.mutate(
      {
        order,
        patientInfo: { dateOfBirth: values.dateOfBirth, nameLast: values.nameLast, email: values.email },
        shippingMethod: asksShippingMethod ? values.shippingMethod : null,
      },
      {
        onSuccess: (answer) => {
          setSentTo(answer.email);
          onSent?.(answer.gearOrder);
        },
        onError: (error) => {
          const fromServer = serverFieldErrors(error);
          if (isApiError(error) && error.kind === 'validation' && fromServer.length > 0) {
            showErrors(fieldMessages(fromServer));
            return;
          }
          if (isApiError(error) && error.status === 502) {
            setFailure(HANDOFF_MESSAGES.emailFailed);
            return;
          }
          setFailure(isApiError(error) ? error.message : text.unexpectedError);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <h2 id={headingId}>Patient Information</h2>
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        <DateInput
          label="Date of birth"
          required
          autoComplete="off"
          value={values.dateOfBirth ?? ''}
          error={errorOf('dateOfBirth')}
          onChange={(event) => set('dateOfBirth', event.currentTarget.value)}
        />
        <TextInput
          label="Last name"
          required
          autoComplete="off"
          value={values.nameLast ?? ''}
          maxLength={HANDOFF_LIMITS.nameLast}
          error={errorOf('nameLast')}
          onChange={(event) => set('nameLast', event.currentTarget.value)}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          value={values.email ?? ''}
          maxLength={HANDOFF_LIMITS.email}
          error={errorOf('email')}
          onChange={(event) => set('email', event.currentTarget.value)}
        />
        {asksShippingMethod && (
          <NativeSelect
            label="Shipping method"
            required
            data={[{ value: '', label: 'Select a shipping method' }, ...shippingMethods]}
            value={values.shippingMethod ?? ''}
            error={errorOf('shippingMethod')}
            onChange={(event) => set('shippingMethod', event.currentTarget.value || null)}
          />
        )}
        <ErrorAlert message={failure} />
        {sentTo && (
          <Alert color="green" role="status">
            {HANDOFF_MESSAGES.emailSent(sentTo)}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={!maySendHandoff(values)} loading={handOff.isPending}>
            Send Email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
