import { CONTACT_LIMITS, CONTACT_MESSAGES, type ContactAudience, validateContactMessage } from '@gear/domain';
import { Alert, Anchor, Button, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useContactDetails, useSendContactMessage } from '../../api/contact.ts';
import { useConfig } from '../../api/context.tsx';
import { type FieldMessages, fieldMessages, serverFieldErrors } from '../../api/field-errors.ts';
import { CAPTCHA_LABEL, CaptchaField } from '../../components/captcha-field.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, summaryErrorsOf, useErrorSummary } from '../../components/error-summary.tsx';
import { patientButton, patientInput } from '../../components/patient-touch.ts';
import { useAnchorFocus } from '../../components/use-anchor-focus.ts';
import { useCurrentUser } from '../../services/app-services.tsx';

/**
 * The contact pages (spec 3 §2 'Other links used'; decision 0183): /mygdx/contact for practitioners, /contact and
 * /contact/providers#contact-us for patients. The support phone (configuration), its hours, and a message form that
 * mails support through the portal's mailer.
 */
export function ContactPage({ audience }: { audience: ContactAudience }) {
  const { supportPhone } = useConfig();
  const details = useContactDetails();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    document.title = 'Contact us';
    if (!hash) heading.current?.focus();
  }, [hash]);
  useAnchorFocus(true);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} ref={heading} tabIndex={-1}>
        Contact us
      </Title>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text>
            Call us at{' '}
            <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} fw={700}>
              {supportPhone}
            </Anchor>
          </Text>
          {details.data && <Text data-testid="support-hours">Hours: {details.data.supportHours}</Text>}
        </Stack>
      </Paper>
      <ContactForm audience={audience} />
    </Stack>
  );
}

/** The names people read for the fields, in the error summary, in the form's order. */
const FIELD_LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
  captcha: CAPTCHA_LABEL,
} as const;

function ContactForm({ audience }: { audience: ContactAudience }) {
  const user = useCurrentUser();
  const send = useSendContactMessage(user !== null);
  const needsCaptcha = user?.type !== 'myGDX';
  const [form, setForm] = useState({ name: '', email: '', phone: '', message: '' });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const summary = useErrorSummary();
  /** Each message beside its field and in the summary at the top of the form (issue 15, decision 0332). */
  const showErrors = (found: FieldMessages) => {
    setErrors(found);
    summary.show(summaryErrorsOf(found, FIELD_LABELS));
  };
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }) as FieldMessages);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = fieldMessages(validateContactMessage({ ...form, phone: form.phone || null }));
    if (needsCaptcha && !captcha) found.captcha = CONTACT_MESSAGES.captchaRequired;
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(
      { audience, ...form, phone: form.phone || null, recaptcha: captcha },
      {
        onSuccess: ({ message }) => setSent(message),
        onError: (error) => {
          setCaptcha(null);
          setCaptchaKey((key) => key + 1);
          const fields = serverFieldErrors(error);
          if (fields.length > 0) showErrors(fieldMessages(fields));
          else setFailure(CONTACT_MESSAGES.sendFailed);
        },
      },
    );
  };

  if (sent)
    return (
      <Alert color="green" role="status" ref={sentRef} tabIndex={-1} title="Message sent">
        {sent}
      </Alert>
    );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="contact-us">
      <Stack gap="sm">
        {/* The anchor of /contact/providers#contact-us. */}
        <Title order={2} id="contact-us" tabIndex={-1}>
          Send us a message
        </Title>
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        <TextInput
          {...patientInput}
          label="Name"
          required
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          {...field('name')}
        />
        <TextInput
          {...patientInput}
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          {...field('email')}
        />
        <TextInput
          {...patientInput}
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          maxLength={CONTACT_LIMITS.phone}
          {...field('phone')}
        />
        <Textarea
          {...patientInput}
          label="Message"
          required
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          {...field('message')}
        />
        {needsCaptcha && <CaptchaField onChange={setCaptcha} error={errors.captcha} resetKey={captchaKey} />}
        <ErrorAlert message={failure} />
        <Button type="submit" loading={send.isPending} {...patientButton}>
          Send message
        </Button>
      </Stack>
    </form>
  );
}
