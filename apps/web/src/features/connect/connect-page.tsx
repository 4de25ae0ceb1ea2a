import { messages, readCalendarDate, WELCOME_BACK_ZIP_MAX_LENGTH, welcomeBackFormErrors } from '@gear/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { validateOrder } from '../../api/activation.ts';
import { fetchAccountType } from '../../api/session.ts';
import { CAPTCHA_LABEL, CaptchaField } from '../../components/captcha-field.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorSummary, summaryErrorsOf, useErrorSummary } from '../../components/error-summary.tsx';
import { OrderBreadcrumbs } from '../../components/order-breadcrumbs.tsx';
import { patientButton, patientInput } from '../../components/patient-touch.ts';
import {
  SoftLockoutChallengeField,
  useSoftLockoutChallenge,
} from '../../components/soft-lockout-challenge.tsx';
import { useServices } from '../../services/app-services.tsx';
import { AppLink, useNavigation } from '../../services/navigation.tsx';
import { returningVisit } from '../../services/returning-visit.ts';

const wholeNumber = /^[1-9]\d{0,9}$/;

type Field = 'zipCode' | 'dateOfBirth' | 'captcha';

/** The names people read for the fields, in the error summary, in the form's order. */
const FIELD_LABELS: Record<Field, string> = {
  zipCode: 'Zip code',
  dateOfBirth: 'Date of birth',
  captcha: CAPTCHA_LABEL,
};

/**
 * /connect/{id} 'Welcome Back' (spec 3 §2, §5 'Validation (Welcome Back) form', §8 'Validation 401'; decision 0140):
 * zip code (max 5), date of birth and captcha prove the order through GET /gear/order/validation/{id}; the patient
 * then lands on the first incomplete step valid for them (otherwise confirm), and the returning visit is remembered
 * for 30 minutes. The handoff email's link lands here (decision 0091).
 */
export function ConnectPage({ id }: { id: string | undefined }) {
  const services = useServices();
  const { navigate } = useNavigation();
  const [zipCode, setZipCode] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const summary = useErrorSummary();
  /** Each message beside its field and in the summary above the form (issue 15, decision 0322). */
  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    summary.show(summaryErrorsOf(found, FIELD_LABELS));
  };
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After a 429 past the order's budget: the challenge whose solution goes with the next attempt (decision 0229).
  const challenge = useSoftLockoutChallenge();
  const orderId = id && wholeNumber.test(id) ? Number(id) : null;
  const phone = services.config.supportPhone;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = welcomeBackFormErrors({ zipCode, dateOfBirth, captcha });
    showErrors(found);
    if (!challenge.ready() || Object.keys(found).length > 0 || orderId === null || !captcha) return;
    setBusy(true);
    try {
      const outcome = await validateOrder(
        services.api,
        orderId,
        {
          dateOfBirth: readCalendarDate(dateOfBirth) ?? dateOfBirth,
          zipCode: zipCode.trim(),
          recaptcha: captcha,
        },
        phone,
        challenge.solution,
      );
      challenge.settled(outcome.kind === 'refused' && outcome.challenge === true);
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
      if (outcome.kind === 'captcha') return showErrors({ captcha: outcome.message });
      if (outcome.kind === 'refused') {
        if (outcome.field === 'zipCode' || outcome.field === 'dateOfBirth')
          return showErrors({ [outcome.field]: outcome.message });
        return setFailure(outcome.message);
      }
      const user = await fetchAccountType(services.api);
      if (!user || typeof outcome.order.id !== 'number') return setFailure(messages(phone).unexpectedError);
      services.session.set({ status: 'signedIn', user });
      returningVisit.remember(outcome.order.id);
      // The workflow rules (and the schemas they sit with) load only now, not with the page (decision 0142).
      const { landingStepAfterActivation, stepPath } = await import('../../components/landing-step.ts');
      const { step, gearReqId } = landingStepAfterActivation(outcome.order, user);
      await navigate(stepPath(outcome.order.id, step, gearReqId));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={480}>
      <OrderBreadcrumbs current="Welcome Back" />
      <Title order={1}>Welcome Back</Title>
      {orderId === null ? (
        <Text>
          This link is not complete. Please open the link in your email again, or{' '}
          <Anchor component={AppLink} to="/">
            activate your test
          </Anchor>
          .
        </Text>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Welcome Back">
          <Stack gap="sm">
            <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
            <Text>Enter your zip code and date of birth to open your order.</Text>
            <TextInput
              {...patientInput}
              label="Zip code"
              required
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={WELCOME_BACK_ZIP_MAX_LENGTH}
              value={zipCode}
              error={errors.zipCode}
              onChange={(event) => {
                setZipCode(event.currentTarget.value);
                setErrors((e) => ({ ...e, zipCode: undefined }));
              }}
            />
            <DateInput
              {...patientInput}
              label="Date of birth"
              required
              autoComplete="bday"
              value={dateOfBirth}
              error={errors.dateOfBirth}
              onChange={(event) => {
                setDateOfBirth(event.currentTarget.value);
                setErrors((e) => ({ ...e, dateOfBirth: undefined }));
              }}
            />
            <CaptchaField onChange={setCaptcha} error={errors.captcha} resetKey={captchaKey} />
            <SoftLockoutChallengeField challenge={challenge} />
            <Button type="submit" loading={busy} {...patientButton}>
              Continue
            </Button>
          </Stack>
        </form>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
