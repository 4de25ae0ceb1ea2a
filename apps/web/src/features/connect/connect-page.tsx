import { notACalendarDate, PATIENT_MESSAGES, readCalendarDate } from '@gear/domain';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';

const wholeNumber = /^[1-9]\d{0,9}$/;

/**
 * /connect/{id} (spec 3 §2 'Welcome Back'), the link of the handoff email: the patient gives their date of birth and
 * the order opens on the patient step, proven as decision 0040 proves an order's address with ?dateOfBirth. The zip
 * code and captcha of spec 3 §5's Welcome Back form come with patient activation (docs/decisions/0091).
 */
export function ConnectPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [error, setError] = useState<string | null>(null);
  const orderId = id && wholeNumber.test(id) ? id : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = dateOfBirth.trim();
    if (!text) return setError(PATIENT_MESSAGES.dateOfBirthRequired);
    const date = readCalendarDate(text);
    if (!date) return setError(notACalendarDate(text));
    void navigate(`/order/${orderId}/patient?dateOfBirth=${encodeURIComponent(date)}`);
  };

  return (
    <Stack gap="md" maw={420}>
      <Title order={1}>Welcome Back</Title>
      {orderId === null ? (
        <Text>This link is not complete. Please open the link in your email again.</Text>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text>Enter your date of birth to open your order.</Text>
            <TextInput
              label="Date of birth"
              description="MM/DD/YYYY"
              required
              autoComplete="bday"
              maxLength={10}
              value={dateOfBirth}
              error={error}
              onChange={(event) => {
                setDateOfBirth(event.currentTarget.value);
                setError(null);
              }}
            />
            <Button type="submit">Continue</Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
