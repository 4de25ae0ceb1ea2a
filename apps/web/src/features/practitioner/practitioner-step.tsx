import {
  type FieldError,
  isAdmin,
  isCreditHold,
  isDemoAccount,
  isPractitionerStepLocked,
  MESSAGES,
  type Practitioner,
  practitionerLabel,
  requiresAuthorizationAgreement,
  validatePractitionerStep,
} from '@gear/domain';
import { Alert, Checkbox, NativeSelect, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isApiError } from '../../api/errors.ts';
import { fieldMessages, serverFieldErrors } from '../../api/field-errors.ts';
import { usePractitionerOptions } from '../../api/practitioners.ts';
import { AdminPractitionerSearch } from '../../components/admin-practitioner-search.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, useErrorSummary } from '../../components/error-summary.tsx';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { OfficeBlock } from './office-block.tsx';
import { useSavePractitioner } from './use-save-practitioner.ts';

interface PractitionerValues {
  gsdlNo: string;
  practAgreement: boolean;
}

/** Server field names (errors[].field) → this form's fields. */
/** The names people read for the fields, in the error summary. */
const SUMMARY_LABELS: Record<keyof PractitionerValues, string> = {
  gsdlNo: 'Practitioner',
  practAgreement: 'Authorization',
};

const FIELD_FOR: Record<string, keyof PractitionerValues> = {
  practAgreement: 'practAgreement',
  practitioner: 'gsdlNo',
  'practitioner.gsdlNo': 'gsdlNo',
  gsdlNo: 'gsdlNo',
};

const uniqueByGsdl = (list: (Practitioner | null | undefined)[]): Practitioner[] => {
  const seen = new Set<string>();
  return list.filter((p): p is Practitioner => {
    if (!p || seen.has(p.gsdlNo)) return false;
    seen.add(p.gsdlNo);
    return true;
  });
};

/** spec 1 §2.4, §5, §6: choose the practitioner the order is for, and confirm the authority to order. */
export function PractitionerStep({ order, user, navigation }: StepProps) {
  const orderId = typeof order.id === 'number' ? order.id : undefined;
  const options = usePractitionerOptions(orderId);
  const save = useSavePractitioner();
  const [found, setFound] = useState<Practitioner[]>([]);
  const locked = isPractitionerStepLocked(order, user);

  const practitioners = useMemo(
    () => uniqueByGsdl([...(options.data ?? []), order.practitioner, ...found]),
    [options.data, order.practitioner, found],
  );
  const byGsdl = useCallback(
    (gsdlNo: string) => practitioners.find((p) => p.gsdlNo === gsdlNo) ?? null,
    [practitioners],
  );

  const {
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors, isDirty },
  } = useForm<PractitionerValues>({
    defaultValues: {
      gsdlNo: order.practitioner?.gsdlNo ?? '',
      practAgreement: order.practAgreement ?? false,
    },
  });

  // Until the user chooses, the order's practitioner or else the first option is selected.
  const gsdlNo = watch('gsdlNo') || practitioners[0]?.gsdlNo || '';
  useUnsavedChanges(!locked && isDirty);
  const selected = byGsdl(gsdlNo);
  const needsAgreement = selected ? requiresAuthorizationAgreement(user, selected) : false;
  const creditHold = selected ? isCreditHold(selected) : false;

  const choose = useCallback(
    (next: string) => {
      setValue('gsdlNo', next);
      setValue('practAgreement', false);
      clearErrors();
      save.reset();
    },
    [setValue, clearErrors, save.reset],
  );

  const onFound = useCallback(
    (practitioner: Practitioner) => {
      setFound((list) => uniqueByGsdl([...list, practitioner]));
      choose(practitioner.gsdlNo);
    },
    [choose],
  );

  const summary = useErrorSummary();
  /** Each message beside its field and in the summary above the form (issue 15). */
  const showErrors = (found: readonly FieldError[]) => {
    const onForm = Object.entries(fieldMessages(found)).flatMap(([field, message]) => {
      const formField = FIELD_FOR[field];
      return formField ? [{ formField, message }] : [];
    });
    for (const { formField, message } of onForm) setError(formField, { message });
    summary.show(
      onForm.map(({ formField, message }) => ({
        field: formField,
        label: SUMMARY_LABELS[formField],
        message,
      })),
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    if (locked) {
      await navigation.next(order);
      return;
    }
    const practitioner = byGsdl(values.gsdlNo || gsdlNo);
    if (!practitioner) return;
    const invalid = validatePractitionerStep({ user, practitioner, practAgreement: values.practAgreement });
    if (invalid.length > 0) {
      showErrors(invalid.map((error) => (FIELD_FOR[error.field] ? error : { ...error, field: 'gsdlNo' })));
      return;
    }
    summary.clear();
    save.mutate(
      { ...order, practAgreement: needsAgreement ? values.practAgreement : false, practitioner },
      {
        onSuccess: (saved) => navigation.next(saved),
        onError: (error) => showErrors(serverFieldErrors(error)),
      },
    );
  });

  if (options.isPending && !order.practitioner) return <PageLoader />;

  const saveError =
    save.error && !(isApiError(save.error) && save.error.fieldErrors.some((e) => FIELD_FOR[e.field]))
      ? save.error.message
      : null;
  const adminSearch = isAdmin(user) && order.id === 'new' && !locked;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <OrderLockNotice order={order} user={user} />
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        {options.isError && (
          <Alert color="red" role="alert">
            {options.error.message}
          </Alert>
        )}
        {selected && <OfficeBlock office={selected.office} />}
        {practitioners.length === 0 && !options.isError && (
          <Text>No practitioner accounts are available for this sign-in.</Text>
        )}
        {practitioners.length > 0 && (
          <Controller
            control={control}
            name="gsdlNo"
            render={({ field }) => (
              <NativeSelect
                label="Practitioner"
                name={field.name}
                ref={field.ref}
                value={gsdlNo}
                onChange={(event) => choose(event.currentTarget.value)}
                onBlur={field.onBlur}
                disabled={locked || save.isPending}
                error={errors.gsdlNo?.message}
                data={practitioners.map((p) => ({ value: p.gsdlNo, label: practitionerLabel(p) }))}
                maw={480}
              />
            )}
          />
        )}
        {adminSearch && <AdminPractitionerSearch onFound={onFound} />}
        {needsAgreement && (
          <Controller
            control={control}
            name="practAgreement"
            render={({ field }) => (
              <Checkbox
                label="I verify that I am authorized to order tests for this practitioner."
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                  if (event.currentTarget.checked) clearErrors('practAgreement');
                }}
                onBlur={field.onBlur}
                disabled={locked || save.isPending}
                required
                error={errors.practAgreement?.message}
                aria-invalid={errors.practAgreement ? true : undefined}
              />
            )}
          />
        )}
        {creditHold && (
          <Alert color="red" title="Online ordering unavailable" id="credit-hold-notice">
            {MESSAGES.creditHold}
          </Alert>
        )}
        {selected && isDemoAccount(selected) && (
          <Alert color="blue" title="Demonstration account">
            {MESSAGES.demoAccount}
          </Alert>
        )}
        <ErrorAlert message={saveError} />
        <WizardButtons
          onBack={() => void navigation.back()}
          nextDisabled={!selected || creditHold}
          saving={save.isPending}
          nextDescribedBy={creditHold ? 'credit-hold-notice' : undefined}
        />
      </Stack>
    </form>
  );
}
