import {
  activationGdxId,
  activationNeedsGdxId,
  messages,
  parseRequisitionSearch,
  REGISTRATION_NAME_MAX_LENGTH,
  type RegistrationField,
  readCalendarDate,
  registrationFormErrors,
} from '@gear/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { registerPack } from '../../api/registration.ts';
import { fetchAccountType } from '../../api/session.ts';
import { CAPTCHA_LABEL, CaptchaField } from '../../components/captcha-field.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorSummary, summaryErrorsOf, useErrorSummary } from '../../components/error-summary.tsx';
import { OrderBreadcrumbs } from '../../components/order-breadcrumbs.tsx';
import { patientButton, patientInput } from '../../components/patient-touch.ts';
import { SafeHtml } from '../../components/safe-html.tsx';
import { useServices } from '../../services/app-services.tsx';
import { returningVisit } from '../../services/returning-visit.ts';
import { ScanButton } from './scan-button.tsx';

type Notice =
  | { kind: 'registeredBefore'; message: string }
  | { kind: 'retired'; html: string }
  | { kind: 'error'; message: string };

const FIELD_OF_SERVER: Record<string, RegistrationField> = {
  requisitionNumber: 'activationNumber',
  gdxId: 'gdxId',
  'patientInfo.nameFirst': 'nameFirst',
  'patientInfo.nameLast': 'nameLast',
  'patientInfo.dateOfBirth': 'dateOfBirth',
};

type FormErrors = Partial<Record<RegistrationField | 'email', string>>;

/** The names people read for the fields, in the error summary, in the form's order. */
const FIELD_LABELS: Record<RegistrationField | 'email', string> = {
  activationNumber: 'Activation number',
  gdxId: 'Practitioner GDX ID',
  nameFirst: 'First name',
  nameLast: 'Last name',
  dateOfBirth: 'Date of birth',
  email: 'Email',
  captcha: CAPTCHA_LABEL,
};

/**
 * Patient Registration at /register/{reqNum?} (spec 3 §2, §6 'Unauthenticated patients are allowed on register';
 * decision 0170): a patient registers a collection pack that is on no order with the pack's number, their name, date
 * of birth and the captcha; the order made is theirs, and they go on to the first step they complete.
 */
export function RegistrationPage() {
  const { reqNum } = useParams();
  const services = useServices();
  const navigate = useNavigate();
  const phone = services.config.supportPhone;
  const [number, setNumber] = useState(reqNum ?? '');
  const [gdxId, setGdxId] = useState('');
  const [nameFirst, setNameFirst] = useState('');
  const [nameLast, setNameLast] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [errors, setErrors] = useState<FormErrors>({});
  const summary = useErrorSummary();
  /** Each message beside its field and in the summary above the form (issue 15, decision 0322). */
  const showErrors = (found: FormErrors) => {
    setErrors(found);
    summary.show(summaryErrorsOf(found, FIELD_LABELS));
  };
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const gdxRequired = activationNeedsGdxId(number);

  useEffect(() => {
    document.title = 'Patient Registration';
  }, []);

  const clear = (field: RegistrationField | 'email') => setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = registrationFormErrors({
      activationNumber: number,
      gdxId,
      nameFirst,
      nameLast,
      dateOfBirth,
      captcha,
    });
    showErrors(found);
    if (Object.keys(found).length > 0 || !captcha) return;
    const search = parseRequisitionSearch(number);
    setBusy(true);
    try {
      const outcome = await registerPack(
        services.api,
        {
          requisitionNumber: search.kind === 'empty' ? '' : search.value,
          gdxId: activationGdxId(gdxId),
          patientInfo: {
            nameFirst: nameFirst.trim(),
            nameLast: nameLast.trim(),
            dateOfBirth: readCalendarDate(dateOfBirth) ?? dateOfBirth,
            email: email.trim() || null,
          },
          recaptcha: captcha,
        },
        phone,
      );
      // Each captcha solution is accepted once: a new one for the next try.
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
      switch (outcome.kind) {
        case 'captcha':
          return showErrors({ captcha: outcome.message });
        case 'registered-before':
          return setNotice({ kind: 'registeredBefore', message: outcome.message });
        case 'retired':
          return setNotice({ kind: 'retired', html: outcome.html });
        case 'refused': {
          const field = outcome.field ? FIELD_OF_SERVER[outcome.field] : undefined;
          if (field) return showErrors({ [field]: outcome.message });
          return setNotice({ kind: 'error', message: outcome.message });
        }
        case 'registered': {
          const user = await fetchAccountType(services.api);
          const order = outcome.order;
          if (!user || typeof order.id !== 'number')
            return setNotice({ kind: 'error', message: messages(phone).unexpectedError });
          services.session.set({ status: 'signedIn', user });
          returningVisit.remember(order.id);
          const { landingStepAfterActivation, stepPath } = await import('../../components/landing-step.ts');
          const { step, gearReqId } = landingStepAfterActivation(order, user);
          return await navigate(stepPath(order.id, step, gearReqId));
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <OrderBreadcrumbs current="Patient Registration" />
      <Title order={1}>Patient Registration</Title>
      <Text>
        Register a collection pack your provider gave you: enter the number printed on the pack and your
        details. You will then complete your order.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Patient Registration">
        <Stack gap="sm">
          <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
          <TextInput
            {...patientInput}
            label="Activation number"
            description="The number on your collection pack, for example C522552298"
            required
            value={number}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.activationNumber}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              setErrors((e) => ({ ...e, activationNumber: undefined, gdxId: undefined }));
            }}
          />
          <ScanButton
            onScanned={(value) => {
              setNumber(value);
              clear('activationNumber');
            }}
          />
          <TextInput
            {...patientInput}
            label="Practitioner GDX ID"
            description={gdxRequired ? 'Required for this number' : 'Optional'}
            required={gdxRequired}
            value={gdxId}
            maxLength={5}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.gdxId}
            onChange={(event) => {
              setGdxId(event.currentTarget.value.toUpperCase());
              clear('gdxId');
            }}
          />
          <TextInput
            {...patientInput}
            label="First name"
            required
            value={nameFirst}
            maxLength={REGISTRATION_NAME_MAX_LENGTH}
            autoComplete="given-name"
            error={errors.nameFirst}
            onChange={(event) => {
              setNameFirst(event.currentTarget.value);
              clear('nameFirst');
            }}
          />
          <TextInput
            {...patientInput}
            label="Last name"
            required
            value={nameLast}
            maxLength={REGISTRATION_NAME_MAX_LENGTH}
            autoComplete="family-name"
            error={errors.nameLast}
            onChange={(event) => {
              setNameLast(event.currentTarget.value);
              clear('nameLast');
            }}
          />
          <DateInput
            {...patientInput}
            label="Date of birth"
            required
            value={dateOfBirth}
            autoComplete="bday"
            error={errors.dateOfBirth}
            onChange={(event) => {
              setDateOfBirth(event.currentTarget.value);
              clear('dateOfBirth');
            }}
          />
          <TextInput
            {...patientInput}
            label="Email"
            description="Optional"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={200}
            value={email}
            error={errors.email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              clear('email');
            }}
          />
          <CaptchaField onChange={setCaptcha} error={errors.captcha} resetKey={captchaKey} />
          <Button type="submit" loading={busy} {...patientButton}>
            Register
          </Button>
        </Stack>
      </form>
      {notice && <RegistrationNotice notice={notice} />}
      <Text size="sm">
        Is your pack registered already?{' '}
        <Anchor component={Link} to="/">
          Activate your test
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

function RegistrationNotice({ notice }: { notice: Notice }) {
  switch (notice.kind) {
    case 'registeredBefore':
      return (
        <Alert color="blue" role="alert" title="Already registered">
          <Stack gap="xs">
            <Text size="sm">{notice.message}</Text>
            <Button component={Link} to="/" {...patientButton} w="fit-content">
              Activate your test
            </Button>
          </Stack>
        </Alert>
      );
    case 'retired':
      return (
        <Alert color="yellow" role="alert">
          <SafeHtml html={notice.html} />
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" role="alert">
          {notice.message}
        </Alert>
      );
  }
}
