import {
  asksMedicareQuestion,
  type Insurance,
  isInsurancePageLocked,
  isMedicareTypeOrder,
  labToday,
  MESSAGES,
  PATIENT_SEARCH_MESSAGES,
  requiresClaimsAddress,
  type SavedOrder,
  showsPatientSearch,
  validateInsurance,
} from '@gear/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApi, useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { type FieldMessages, fieldMessages } from '../../api/field-errors.ts';
import { queryKeys } from '../../api/keys.ts';
import { lookupInsurances } from '../../api/patients.ts';
import { DismissibleNotice } from '../../components/dismissible-notice.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, useErrorSummary } from '../../components/error-summary.tsx';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { IdCardUploads } from './id-card-uploads.tsx';
import { InsuranceFields } from './insurance-fields.tsx';
import {
  blankInsuranceValues,
  type InsuranceFormValues,
  type InsuranceKey,
  insuranceFieldLabel,
  insuranceValues,
  prefixed,
  toInsurance,
} from './insurance-values.ts';
import { MedicareQuestion } from './medicare-question.tsx';
import { InsuranceSummary, PatientSummary } from './summaries.tsx';
import { useSaveInsurance } from './use-save-insurance.ts';

/** spec 2 §2, §4, §5, §7, §8: the Insurance Information step. */
export function InsuranceStep(props: StepProps) {
  if (props.order.id === 'new') return <Alert color="yellow">{MESSAGES.stepNotAvailable('Insurance')}</Alert>;
  return <InsuranceStepForm {...props} order={props.order as SavedOrder} />;
}

/**
 * The insurances on file for the order's patient (spec 2 §4 'a chart lookup result with its insurances fills the
 * form'): those the chart-number lookup brought, else GET /gear/api/insurance-lookup; only for practitioners, only
 * while the order has no insurance.
 */
function useInsurancesOnFile(order: SavedOrder, enabled: boolean) {
  const api = useApi();
  const patient = order.patientInfo;
  const gsdlNo = order.practitioner?.gsdlNo;
  return useQuery({
    queryKey: queryKeys.insurancesOnFile(order.id),
    queryFn: ({ signal }) =>
      lookupInsurances(
        api,
        {
          gsdlNo: gsdlNo as string,
          nameLast: patient?.nameLast as string,
          dob: patient?.dateOfBirth as string,
          nameFirst: patient?.nameFirst,
        },
        signal,
      ),
    enabled: enabled && Boolean(gsdlNo && patient?.nameLast && patient?.dateOfBirth),
    retry: false,
  });
}

function InsuranceStepForm({ order, user, navigation }: StepProps & { order: SavedOrder }) {
  const phoneMessages = useMessages();
  const save = useSaveInsurance();
  const locked = isInsurancePageLocked(order, user);
  const form = useForm<InsuranceFormValues>({
    defaultValues: {
      insurance: insuranceValues(order.insurance),
      secondaryInsurance: insuranceValues(order.secondaryInsurance),
      hasSecondary: order.secondaryInsurance !== null,
    },
  });
  useUnsavedChanges(!locked && form.formState.isDirty);
  const [errors, setErrorMessages] = useState<FieldMessages>({});
  const summary = useErrorSummary();
  /** The fields' messages and the summary above the form, shown together (issue 15: one way to show errors). */
  const setErrors = (next: FieldMessages) => {
    setErrorMessages(next);
    summary.show(
      Object.entries(next).map(([field, message]) => ({ field, label: insuranceFieldLabel(field), message })),
    );
  };
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [medicareConfirmed, setMedicareConfirmed] = useState(false);
  const [question, setQuestion] = useState<{ which: InsuranceKey; subscriberId: string } | null>(null);
  const declined = useRef(new Set<string>());
  const [cardsBusy, setCardsBusy] = useState(0);

  const onFile = useInsurancesOnFile(order, showsPatientSearch(user) && order.insurance === null && !locked);
  const applied = useRef(false);
  useEffect(() => {
    const found = onFile.data;
    if (applied.current || !found || found.length === 0 || form.formState.isDirty) return;
    applied.current = true;
    const primary = found.find((i) => i.insuranceRank === 0) ?? found[0] ?? null;
    const secondary = found.find((i) => i !== primary && i.insuranceRank === 1) ?? null;
    form.reset({
      insurance: insuranceValues(primary),
      secondaryInsurance: insuranceValues(secondary),
      hasSecondary: secondary !== null,
    });
    setNotice('The insurance on file for this patient is filled in. Please check it before you continue.');
  }, [onFile.data, form]);

  const values = form.watch();
  const typedPrimary = toInsurance(values.insurance, 0);
  const typedSecondary = values.hasSecondary ? toInsurance(values.secondaryInsurance, 1) : null;
  const facts = {
    medicareOrder: isMedicareTypeOrder(order),
    medicareBeneficiaryIdConfirmed: medicareConfirmed,
  };

  const clearError = (field: string) =>
    setErrorMessages((current) => {
      if (!(field in current)) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });

  const askMedicare = (which: InsuranceKey) => (subscriberId: string) => {
    if (declined.current.has(`${which}:${subscriberId.trim()}`)) return;
    if (asksMedicareQuestion({ subscriberId }, medicareConfirmed)) setQuestion({ which, subscriberId });
  };

  const failure = (error: unknown): string | null => {
    if (isApiError(error) && error.kind === 'validation') {
      const byField = fieldMessages(error.fieldErrors);
      setErrors(byField);
      // The summary lists the fields' messages; a refusal naming no field says its own message.
      return Object.keys(byField).length > 0 ? null : error.message;
    }
    if (isApiError(error) && error.kind === 'conflict') return error.message;
    // A 503 (decision 0154): "try again in a few seconds", not "call us"; what was typed stays in the form.
    if (isApiError(error) && error.kind === 'unavailable') return error.message;
    return phoneMessages.networkUnavailable;
  };

  const onSubmit = form.handleSubmit(async () => {
    if (locked) {
      await navigation.next(order);
      return;
    }
    // The schema (and zod) load with the first save, not with the page (decisions 0234, 0235).
    const { normalisedInsurance } = await import('./normalised-insurance.ts');
    const primary = normalisedInsurance(typedPrimary);
    const secondary = typedSecondary ? normalisedInsurance(typedSecondary) : null;
    const today = labToday();
    const found = [
      ...prefixed(validateInsurance(primary, { ...facts, today }), 'insurance'),
      ...(secondary ? prefixed(validateInsurance(secondary, { ...facts, today }), 'secondaryInsurance') : []),
    ];
    if (found.length > 0) {
      setErrors(fieldMessages(found));
      setSaveError(null);
      return;
    }
    setErrors({});
    setSaveError(null);
    save.mutate(
      {
        ...order,
        insurance: primary,
        secondaryInsurance: secondary,
        medicareBeneficiaryIdConfirmed: medicareConfirmed,
      },
      { onSuccess: (saved) => navigation.next(saved), onError: (error) => setSaveError(failure(error)) },
    );
  });

  const disabled = locked || save.isPending;
  const fieldsOf = (which: InsuranceKey, insurance: Insurance) => ({
    which,
    form,
    errors,
    clearError,
    disabled,
    autoComplete: user.type === 'prc' ? ('on' as const) : ('off' as const),
    claimsRequired: requiresClaimsAddress(insurance, facts),
    onSubscriberIdBlur: askMedicare(which),
  });

  return (
    <Stack gap="lg">
      <OrderLockNotice order={order} user={user} />
      <PatientSummary patient={order.patientInfo} />
      {onFile.isError && (
        <Alert color="yellow" role="alert">
          {PATIENT_SEARCH_MESSAGES.insuranceSearchFailed}
        </Alert>
      )}
      <DismissibleNotice notice={notice} onDismiss={() => setNotice(null)} />
      <form onSubmit={onSubmit} noValidate aria-label="Insurance information">
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        <Stack gap="md">
          <InsuranceFields legend="Primary insurance" {...fieldsOf('insurance', typedPrimary)} />
          {values.hasSecondary && typedSecondary ? (
            <>
              <InsuranceFields
                legend="Secondary insurance"
                {...fieldsOf('secondaryInsurance', typedSecondary)}
              />
              <Group>
                <Button
                  variant="default"
                  disabled={disabled}
                  onClick={() => {
                    form.setValue('hasSecondary', false);
                    form.setValue('secondaryInsurance', blankInsuranceValues());
                    setErrorMessages((current) =>
                      Object.fromEntries(
                        Object.entries(current).filter(([k]) => !k.startsWith('secondaryInsurance.')),
                      ),
                    );
                  }}
                >
                  Remove secondary insurance
                </Button>
              </Group>
            </>
          ) : (
            <Group>
              <Button
                variant="default"
                disabled={disabled}
                onClick={() => form.setValue('hasSecondary', true)}
              >
                Add secondary insurance
              </Button>
            </Group>
          )}
          <InsuranceSummary primary={typedPrimary} secondary={typedSecondary} />
          <IdCardUploads
            order={order}
            hasSecondary={values.hasSecondary}
            disabled={disabled || cardsBusy > 0}
            onBusy={(busy) => setCardsBusy((count) => count + (busy ? 1 : -1))}
          />
          <ErrorAlert message={saveError} />
          <WizardButtons
            onBack={() => void navigation.back()}
            saving={save.isPending}
            nextDisabled={cardsBusy > 0}
          />
        </Stack>
      </form>
      <MedicareQuestion
        opened={question !== null}
        userType={user.type}
        onYes={() => {
          if (question) form.setValue(`${question.which}.insuranceProvider`, 'medicare');
          setMedicareConfirmed(true);
          setQuestion(null);
          setNotice('Medicare or Tricare: every test on this order will be billed to Medicare or Tricare.');
        }}
        onNo={() => {
          if (question) declined.current.add(`${question.which}:${question.subscriberId.trim()}`);
          setQuestion(null);
        }}
      />
    </Stack>
  );
}
