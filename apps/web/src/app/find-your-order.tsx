import { MESSAGES, PATIENT_MESSAGES, parseRequisitionSearch, readCalendarDate } from '@gear/domain';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { provePatientOrder } from '../api/patient-proof.ts';
import { useServices } from '../services/app-services.tsx';

/**
 * A signed-in patient's home (decision 0040): open another order of theirs with its requisition or activation
 * number and their date of birth, as their link does (spec 1 §2.8).
 */
export function FindYourOrder() {
  const { api } = useServices();
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [errors, setErrors] = useState<{ number?: string; dateOfBirth?: string }>({});
  const [outcome, setOutcome] = useState<{ title?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const search = parseRequisitionSearch(number);
    const date = readCalendarDate(dateOfBirth.trim());
    const next = {
      number: search.kind === 'empty' ? MESSAGES.requisitionNumberRequired : undefined,
      dateOfBirth: date ? undefined : PATIENT_MESSAGES.dateOfBirthRequired,
    };
    setErrors(next);
    if (next.number || next.dateOfBirth || !date || search.kind === 'empty') return;
    setBusy(true);
    try {
      const result = await provePatientOrder(api, { requisitionNumber: search.value, dateOfBirth: date });
      if (result.kind === 'proven') {
        const query = new URLSearchParams({ requisitionNumber: search.value, dateOfBirth: date });
        await navigate(`/order/${result.order.id}/panels?${query}`);
      } else if (result.kind === 'pending') {
        setOutcome({ title: 'Collection Pack Activation Pending', message: result.message });
      } else {
        setOutcome({ message: result.message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Find your order</Title>
      <Text>Enter the requisition or activation number of your collection pack and your date of birth.</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Requisition or Activation Number"
            value={number}
            maxLength={40}
            autoComplete="off"
            error={errors.number}
            onChange={(event) => setNumber(event.currentTarget.value)}
          />
          <TextInput
            label="Date of birth (MM/DD/YYYY)"
            value={dateOfBirth}
            maxLength={10}
            autoComplete="bday"
            error={errors.dateOfBirth}
            onChange={(event) => setDateOfBirth(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy} w="fit-content">
            Open my order
          </Button>
        </Stack>
      </form>
      {outcome && (
        <Alert color={outcome.title ? 'blue' : 'red'} title={outcome.title} role="alert">
          {outcome.message}
        </Alert>
      )}
    </Stack>
  );
}
