import {
  asksPoBoxQuestion,
  awaitsPatientConfirmation,
  formatCalendarDateUs,
  type Insurance,
  isEmployedOrStudent,
  isEmployerState,
  isInternationalPatient,
  isMinor,
  isPatientAddressLocked,
  isPatientLastNameLocked,
  isPatientPageLocked,
  isShippingMethod,
  isUnitedStates,
  labToday,
  MESSAGES,
  needsAgeConfirmation,
  needsSchoolDistrict,
  PATIENT_MESSAGES,
  type PatientFacts,
  type PatientInfo,
  patientAge,
  patientFactsOfOrder,
  requiresPatientAddress,
  requiresPatientContact,
  type SavedOrder,
  SCHOOL_DISTRICT_STATES,
  SHIPPING_METHODS,
  showsChartNumberLookup,
  showsPatientSearch,
  showsShippingMethodChoice,
  showsSsn,
  type UserInfo,
  validatePatient,
} from '@gear/domain';
import { Alert, Divider, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApi, useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { type FieldMessages, fieldMessages } from '../../api/field-errors.ts';
import { queryKeys } from '../../api/keys.ts';
import { subscribe, useSavePatient } from '../../api/patients.ts';
import { DismissibleNotice } from '../../components/dismissible-notice.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, useErrorSummary } from '../../components/error-summary.tsx';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { PoBoxDialog } from '../../components/po-box-dialog.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { AgeConfirmationDialog } from './patient-dialogs.tsx';
import {
  ContactFields,
  CovidFields,
  DateOfBirthField,
  EmployerFields,
  IdentificationFields,
  MailingAddressFields,
  MarketingOptIn,
  NameFields,
  ResponsiblePartyFields,
  type SectionProps,
  SexField,
  ShippingMethodField,
} from './patient-fields.tsx';
import { PatientSearch } from './patient-search.tsx';
import {
  dateOfBirthOf,
  FIELD_LABELS,
  type PatientValues,
  patientValues,
  toPatientInfo,
  UNITED_STATES,
} from './patient-values.ts';

const NUTRITIONAL_CATEGORY = 'Nutritional';

/** The facts of the patient rules (spec 2 §5), as the server reads them. */
function factsOf(order: SavedOrder, user: UserInfo, today: string, ageConfirmed: boolean): PatientFacts {
  return {
    today,
    userType: user.type,
    ...patientFactsOfOrder(order),
    nutritional: order.requisitions.some(
      (requisition) => !requisition.canceled && requisition.omsOrderableItemCategory === NUTRITIONAL_CATEGORY,
    ),
    ageConfirmed,
  };
}

/** The office's country for a new address: the United States unless the office is international. */
function defaultCountry(order: SavedOrder): string {
  const office = order.practitioner?.office;
  if (!office) return UNITED_STATES;
  return isUnitedStates(office.address.country) ? UNITED_STATES : office.address.country;
}

const addressKey = (patient: PatientInfo) => {
  const address = patient.addresses.find((a) => a.type === 'shipping');
  return `${address?.address1 ?? ''}|${address?.address2 ?? ''}`;
};

/**
 * spec 2 §4 'The page counts as confirmed…': a practitioner's drop-ship order whose patient details the patient
 * still has to confirm (the incomplete-info notice, spec 2 §2, §6).
 */
function isIncomplete(patient: PatientInfo | null, facts: PatientFacts): boolean {
  if (patient === null) return false;
  return (
    validatePatient(patient, { ...facts, userType: 'prc', dataConfirmed: true, ageConfirmed: true }).length >
    0
  );
}

/** spec 2 §2, §4, §5, §6, §8: the Patient Information step. */
export function PatientStep(props: StepProps) {
  if (props.order.id === 'new') return <Alert color="yellow">{MESSAGES.stepNotAvailable('Patient')}</Alert>;
  return <PatientStepForm {...props} order={props.order as SavedOrder} />;
}

function PatientStepForm({ order, user, navigation }: StepProps & { order: SavedOrder }) {
  const api = useApi();
  const phoneMessages = useMessages();
  const queryClient = useQueryClient();
  const save = useSavePatient();
  const today = useMemo(() => labToday(), []);
  const stored = order.patientInfo;
  const initialValues = useMemo(
    () => patientValues(stored, order.shippingMethod, defaultCountry(order)),
    [stored, order],
  );
  const form = useForm<PatientValues>({ defaultValues: initialValues });
  const [errors, setErrorMessages] = useState<FieldMessages>({});
  const summary = useErrorSummary();
  /** The fields' messages and the summary above the form, shown together (issue 15: one way to show errors). */
  const setErrors = (next: FieldMessages) => {
    setErrorMessages(next);
    summary.show(
      Object.entries(next).map(([field, message]) => ({ field, label: FIELD_LABELS[field] ?? '', message })),
    );
  };
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'age' | 'poBox' | null>(null);
  // The date of birth the user confirmed in the age dialog (a saved one under 1 was confirmed when saved).
  const [ageConfirmedFor, setAgeConfirmedFor] = useState<string | null>(
    stored?.dateOfBirth && needsAgeConfirmation(stored.dateOfBirth, today) ? stored.dateOfBirth : null,
  );
  const [poBoxAnsweredFor, setPoBoxAnsweredFor] = useState<string | null>(null);

  const values = form.watch();
  const locked = isPatientPageLocked(order, user);
  // A patient chosen in the search fills the form (a reset) and is not saved yet either: compare with the order's.
  useUnsavedChanges(!locked && JSON.stringify(values) !== JSON.stringify(initialValues));
  const patient = toPatientInfo(values);
  const dateOfBirth = patient.dateOfBirth;
  const facts = factsOf(order, user, today, ageConfirmedFor !== null && ageConfirmedFor === dateOfBirth);
  const international = isInternationalPatient(patient, facts);
  const residentState = (values.shipping.state || '').toUpperCase();
  const exempt = awaitsPatientConfirmation(facts);
  const employerState = isEmployerState(residentState);
  const showEmployer = employerState || SCHOOL_DISTRICT_STATES.includes(residentState);

  const clearError = (field: string) => {
    setErrorMessages((current) => {
      if (!(field in current)) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });
  };
  const section: SectionProps = {
    form,
    errors,
    clearError,
    disabled: locked || save.isPending,
    autoComplete: user.type === 'prc' ? 'on' : 'off',
  };

  const choose = (found: PatientInfo, insurances: Insurance[] | null) => {
    const current = form.getValues();
    const next = patientValues(found, current.shippingMethod, defaultCountry(order));
    if (isPatientLastNameLocked(order, user)) next.nameLast = current.nameLast;
    if (isPatientAddressLocked(order, user)) next.shipping = current.shipping;
    form.reset(next);
    setErrors({});
    setSaveError(null);
    if (insurances) queryClient.setQueryData(queryKeys.insurancesOnFile(order.id), insurances);
    const name = [found.nameFirst, found.nameLast].filter(Boolean).join(' ');
    setNotice(`The form is filled in with ${name}'s details. Please check them before you continue.`);
  };

  const saveError400 = (error: unknown): string | null => {
    if (!isApiError(error)) return phoneMessages.networkUnavailable;
    if (error.kind === 'validation') {
      const byField = fieldMessages(error.fieldErrors, 'patientInfo.');
      setErrors(byField);
      // The summary lists the fields' messages; a refusal naming no field says its own message.
      return Object.keys(byField).length > 0 ? null : error.message;
    }
    if (error.kind === 'conflict') return error.serverMessage ?? error.message;
    if (error.status === 400 && error.serverMessage) return error.serverMessage;
    // A 503 (decision 0154): "try again in a few seconds", not "call us"; what was typed stays in the form.
    if (error.kind === 'unavailable') return error.message;
    return phoneMessages.networkUnavailable;
  };

  /** Checks, asks the dialogs' questions when they apply, then saves (spec 2 §4, §5, §7). */
  const attempt = async (options: { confirmedAge?: boolean; poBoxAnswer?: 'yes' | 'no' } = {}) => {
    if (locked) {
      await navigation.next(order);
      return;
    }
    const current = form.getValues();
    // The schema (and zod) load with the first save, not with the page (decision 0234).
    const { normalised } = await import('./normalised-patient.ts');
    const info = normalised(toPatientInfo(current));
    const confirmedAge = options.confirmedAge ?? facts.ageConfirmed;
    const found = validatePatient(info, { ...facts, ageConfirmed: confirmedAge });
    if (found.some((error) => error.defaultMessage === PATIENT_MESSAGES.confirmAge)) {
      setDialog('age');
      return;
    }
    if (found.length > 0) {
      setErrors(fieldMessages(found, 'patientInfo.'));
      setSaveError(null);
      return;
    }
    let shippingMethod = current.shippingMethod;
    const address = info.addresses.find((a) => a.type === 'shipping');
    if (options.poBoxAnswer === undefined && poBoxAnsweredFor !== addressKey(info)) {
      if (asksPoBoxQuestion(facts.dropShip, address)) {
        setDialog('poBox');
        return;
      }
    }
    if (options.poBoxAnswer === 'yes') {
      shippingMethod = SHIPPING_METHODS.smartPost;
      form.setValue('shippingMethod', shippingMethod);
    }
    setErrors({});
    setSaveError(null);
    save.mutate(
      {
        ...order,
        patientInfo: info,
        // The form offers the shipping methods only; anything else is left as the order has it.
        shippingMethod: isShippingMethod(shippingMethod) ? shippingMethod : undefined,
        confirmedAge,
      },
      {
        onSuccess: async (saved) => {
          if (user.type === 'prc' && info.marketingOptIn && info.email) {
            // spec 2 §5 'Marketing subscription is sent only for prc users who opted in'; it never blocks the order.
            await subscribe(api, {
              email: info.email,
              first_name: info.nameFirst ?? '',
              gender: info.gender ?? '',
              age: patientAge(info.dateOfBirth, today),
            }).catch(() => null);
          }
          await navigation.next(saved);
        },
        onError: (error) => setSaveError(saveError400(error)),
      },
    );
  };

  const onSubmit = form.handleSubmit(() => attempt());

  const dropShipChoice = showsShippingMethodChoice(user, facts.dropShip, values.shipping.country || null);
  const minor = isMinor(dateOfBirth, today);

  return (
    <Stack gap="lg">
      <OrderLockNotice order={order} user={user} />
      {user.type === 'myGDX' && isIncomplete(stored, facts) && (
        <Alert color="blue" title="Patient information incomplete">
          Some of the patient's information is still missing. The patient will be asked to complete it before
          the order is processed.
        </Alert>
      )}
      {showsPatientSearch(user) && !locked && (
        <PatientSearch
          orderId={order.id}
          showChartNumber={showsChartNumberLookup(user, order.practitioner)}
          disabled={save.isPending}
          onChoose={choose}
        />
      )}
      {showsPatientSearch(user) && !locked && <Divider />}
      <DismissibleNotice notice={notice} onDismiss={() => setNotice(null)} />
      <form onSubmit={onSubmit} noValidate aria-label="Patient information">
        <Stack gap="md">
          <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
          <NameFields {...section} lastNameLocked={isPatientLastNameLocked(order, user)} />
          <DateOfBirthField {...section} />
          <SexField {...section} />
          <ContactFields
            {...section}
            contactRequired={requiresPatientContact(facts)}
            showChartNumber={user.type === 'myGDX'}
          />
          <MailingAddressFields
            {...section}
            international={international}
            required={requiresPatientAddress(facts)}
            covid={facts.covid}
            addressLocked={isPatientAddressLocked(order, user)}
          />
          {dropShipChoice && <ShippingMethodField {...section} country={values.shipping.country} />}
          {minor && <ResponsiblePartyFields {...section} required={!exempt} />}
          {showEmployer && (
            <EmployerFields
              {...section}
              required={!exempt && employerState}
              employedOrStudent={employerState && isEmployedOrStudent(values.employmentStatus || null)}
              schoolDistrict={needsSchoolDistrict(patient, residentState)}
            />
          )}
          {facts.covid && <CovidFields {...section} />}
          {(showsSsn(facts, international) || (facts.covid && facts.hrsaBilling)) && (
            <IdentificationFields
              {...section}
              showSsn={showsSsn(facts, international)}
              idRequired={facts.covid && facts.hrsaBilling}
            />
          )}
          {user.type === 'prc' && <MarketingOptIn {...section} />}
          <ErrorAlert message={saveError} />
          <WizardButtons onBack={() => void navigation.back()} saving={save.isPending} />
        </Stack>
      </form>
      <AgeConfirmationDialog
        opened={dialog === 'age'}
        dateOfBirth={dateOfBirth ? formatCalendarDateUs(dateOfBirthOf(values) ?? dateOfBirth) : ''}
        onYes={() => {
          setDialog(null);
          setAgeConfirmedFor(dateOfBirth);
          void attempt({ confirmedAge: true });
        }}
        onNo={() => {
          setDialog(null);
          setErrors({ ...errors, dateOfBirth: PATIENT_MESSAGES.confirmAge });
        }}
      />
      <PoBoxDialog
        opened={dialog === 'poBox'}
        onYes={() => {
          setDialog(null);
          setPoBoxAnsweredFor(addressKey(patient));
          void attempt({ poBoxAnswer: 'yes' });
        }}
        onNo={() => {
          setDialog(null);
          setPoBoxAnsweredFor(addressKey(patient));
          void attempt({ poBoxAnswer: 'no' });
        }}
      />
    </Stack>
  );
}
