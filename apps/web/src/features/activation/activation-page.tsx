import {
  ACTIVATION_MESSAGES,
  type ActivationField,
  activationFormErrors,
  activationGdxId,
  activationNeedsGdxId,
  type GearOrder,
  messages,
  onlineActivationNotRequired,
  type PractitionerOption,
  parseRequisitionSearch,
  readCalendarDate,
} from '@gear/domain';
import { Alert, Anchor, Button, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { activateTest } from '../../api/activation.ts';
import { fetchAccountType } from '../../api/session.ts';
import { CAPTCHA_LABEL, CaptchaField } from '../../components/captcha-field.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorSummary, summaryErrorsOf, useErrorSummary } from '../../components/error-summary.tsx';
import { OrderBreadcrumbs } from '../../components/order-breadcrumbs.tsx';
import { patientButton, patientInput } from '../../components/patient-touch.ts';
import { SafeHtml } from '../../components/safe-html.tsx';
import {
  SoftLockoutChallengeField,
  useSoftLockoutChallenge,
} from '../../components/soft-lockout-challenge.tsx';
import { useServices } from '../../services/app-services.tsx';
import { AppLink, useNavigation } from '../../services/navigation.tsx';
import { returningVisit } from '../../services/returning-visit.ts';
import { ScanButton } from './scan-button.tsx';

/** The practitioner login, back to the activation page (spec 3 §8 '401 goes to login'). */
const LOGIN = `/mygdx/login?url=${encodeURIComponent('/')}`;

type Notice =
  | { kind: 'registration'; message: string; number: string }
  | { kind: 'retired'; html: string }
  | { kind: 'notRequired' }
  | { kind: 'error'; message: string };

/**
 * Activate Your Test at / and /kitordering (spec 3 §2 'Activation form', §4, §5, §8 'Activation'; decision 0140):
 * activation number, date of birth, optional practitioner GDX ID (required for 7-digit numbers over 4,000,000) and
 * the captcha. A proven order opens on the first incomplete step valid for the patient, otherwise confirm.
 */
export function ActivationPage() {
  const services = useServices();
  const { navigate } = useNavigation();
  const [number, setNumber] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [gdxId, setGdxId] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<ActivationField, string>>>({});
  const summary = useErrorSummary();
  /** Each message beside its field and in the summary above the form (issue 15, decision 0322). */
  const showErrors = (found: Partial<Record<ActivationField, string>>) => {
    setErrors(found);
    summary.show(
      summaryErrorsOf(found, {
        activationNumber: 'Activation number',
        dateOfBirth: 'Date of birth',
        gdxId: options === null ? 'Practitioner GDX ID' : 'Choose your practitioner',
        captcha: CAPTCHA_LABEL,
      } satisfies Record<ActivationField, string>),
    );
  };
  const [notice, setNotice] = useState<Notice | null>(null);
  const [options, setOptions] = useState<{ list: PractitionerOption[]; pass: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // After a 429 past the subject's budget: the challenge whose solution goes with the next attempt (decision 0229).
  const challenge = useSoftLockoutChallenge();
  const gdxRequired = activationNeedsGdxId(number);

  const opened = async (order: GearOrder) => {
    const user = await fetchAccountType(services.api);
    if (!user || typeof order.id !== 'number') {
      setNotice({ kind: 'error', message: messages(services.config.supportPhone).unexpectedError });
      return;
    }
    services.session.set({ status: 'signedIn', user });
    returningVisit.remember(order.id);
    if (onlineActivationNotRequired(order)) {
      setNotice({ kind: 'notRequired' });
      return;
    }
    // The workflow rules (and the schemas they sit with) load only now, not with the page (decision 0142).
    const { landingStepAfterActivation, stepPath } = await import('../../components/landing-step.ts');
    const { step, gearReqId } = landingStepAfterActivation(order, user);
    await navigate(stepPath(order.id, step, gearReqId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = activationFormErrors({
      activationNumber: number,
      dateOfBirth,
      gdxId,
      captcha,
      captchaRequired: options === null,
    });
    showErrors(found);
    if (!challenge.ready() || Object.keys(found).length > 0) return;
    const search = parseRequisitionSearch(number);
    setBusy(true);
    try {
      const outcome = await activateTest(services.api, {
        requisitionNumber: search.kind === 'empty' ? '' : search.value,
        dateOfBirth: readCalendarDate(dateOfBirth) ?? dateOfBirth,
        gdxId: activationGdxId(gdxId),
        recaptcha: options ? null : captcha,
        optionsPass: options?.pass ?? null,
        challenge: challenge.solution,
      });
      challenge.settled(outcome.kind === 'refused' && outcome.challenge === true);
      // Each captcha solution is accepted once: a new one for the next try.
      if (!options) {
        setCaptcha(null);
        setCaptchaKey((key) => key + 1);
      }
      switch (outcome.kind) {
        case 'proven':
          return await opened(outcome.order);
        case 'options':
          setOptions({ list: outcome.practitionerOptions, pass: outcome.optionsPass });
          setGdxId('');
          return;
        case 'captcha':
          showErrors({ captcha: outcome.message });
          return;
        case 'registration':
          setNotice({
            kind: 'registration',
            message: outcome.message,
            number: search.kind === 'empty' ? '' : search.value,
          });
          return;
        case 'retired':
          setNotice({ kind: 'retired', html: outcome.html });
          return;
        case 'login':
          return await navigate(LOGIN);
        case 'refused':
          if (
            outcome.field === 'requisitionNumber' ||
            outcome.field === 'dateOfBirth' ||
            outcome.field === 'gdxId'
          )
            showErrors({
              [outcome.field === 'requisitionNumber' ? 'activationNumber' : outcome.field]: outcome.message,
            });
          else setNotice({ kind: 'error', message: outcome.message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <OrderBreadcrumbs current="Activate Your Test" />
      <Title order={1}>Activate Your Test</Title>
      <Text>
        Enter the activation number printed on your collection pack and your date of birth. Your provider's
        GDX ID is only needed for some numbers.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Activate Your Test">
        <Stack gap="sm">
          <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
          <TextInput
            {...patientInput}
            label="Activation number"
            description="The number on your collection pack, for example C824591515"
            required
            value={number}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.activationNumber}
            disabled={options !== null}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              setErrors((e) => ({ ...e, activationNumber: undefined, gdxId: undefined }));
            }}
          />
          {options === null && (
            <ScanButton
              onScanned={(value) => {
                setNumber(value);
                setErrors((e) => ({ ...e, activationNumber: undefined }));
              }}
            />
          )}
          <DateInput
            {...patientInput}
            label="Date of birth"
            required
            value={dateOfBirth}
            autoComplete="bday"
            error={errors.dateOfBirth}
            disabled={options !== null}
            onChange={(event) => {
              setDateOfBirth(event.currentTarget.value);
              setErrors((e) => ({ ...e, dateOfBirth: undefined }));
            }}
          />
          {options === null ? (
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
                setErrors((e) => ({ ...e, gdxId: undefined }));
              }}
            />
          ) : (
            <Radio.Group
              label="Choose your practitioner"
              required
              value={gdxId}
              error={errors.gdxId}
              onChange={(value) => {
                setGdxId(value);
                setErrors((e) => ({ ...e, gdxId: undefined }));
              }}
            >
              <Stack gap="xs" mt="xs">
                {options.list.map((option) => (
                  <Radio
                    key={option.gsdlNo}
                    value={option.gsdlNo}
                    size="md"
                    label={
                      [option.firstName, option.lastName].filter(Boolean).join(' ') +
                      (option.degree ? `, ${option.degree}` : '')
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {options === null && (
            <CaptchaField onChange={setCaptcha} error={errors.captcha} resetKey={captchaKey} />
          )}
          <SoftLockoutChallengeField challenge={challenge} />
          <Button type="submit" loading={busy} {...patientButton}>
            Activate
          </Button>
        </Stack>
      </form>
      {notice && <ActivationNotice notice={notice} />}
      <Text size="sm">
        Already activated your test?{' '}
        <Anchor component={AppLink} to="/register">
          Register a collection pack
        </Anchor>{' '}
        or{' '}
        <Anchor component={AppLink} to={LOGIN}>
          sign in as a practitioner
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

function ActivationNotice({ notice }: { notice: Notice }) {
  switch (notice.kind) {
    case 'registration':
      return (
        <Alert color="blue" role="alert" title="Register your collection pack">
          <Stack gap="xs">
            <Text size="sm">{notice.message}</Text>
            <Button
              component={AppLink}
              to={`/register/${encodeURIComponent(notice.number)}`}
              {...patientButton}
              w="fit-content"
            >
              Register this collection pack
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
    case 'notRequired':
      return (
        <Alert color="blue" role="status">
          {ACTIVATION_MESSAGES.notRequired}
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
