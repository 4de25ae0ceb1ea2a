import {
  carrierLabel,
  compactMemberNumber,
  formatCalendarDateUs,
  formatPhone,
  type Insurance,
  type PatientInfo,
} from '@gear/domain';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

const sexLabel = (gender: PatientInfo['gender']) =>
  gender === 'F' ? 'Female' : gender === 'M' ? 'Male' : '';

/** spec 2 §2 'a patient summary': who the insurance is for. */
export function PatientSummary({ patient }: { patient: PatientInfo | null }) {
  const address = patient?.addresses.find((a) => a.type === 'shipping');
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="patient-summary-heading">
      <Text component="h2" fw={700} fz="lg" id="patient-summary-heading">
        Patient
      </Text>
      {patient ? (
        <Stack gap={2}>
          <Text>{[patient.nameFirst, patient.nameMiddle, patient.nameLast].filter(Boolean).join(' ')}</Text>
          <Text fz="sm">
            {[
              patient.dateOfBirth ? `Born ${formatCalendarDateUs(patient.dateOfBirth)}` : null,
              sexLabel(patient.gender) || null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {address && (
            <Text fz="sm">
              {[
                address.address1,
                address.address2,
                address.city,
                [address.state, address.zipCode].filter(Boolean).join(' '),
              ]
                .filter(Boolean)
                .join(', ')}
            </Text>
          )}
          {patient.voicePhone && <Text fz="sm">{formatPhone(patient.voicePhone)}</Text>}
        </Stack>
      ) : (
        <Text fz="sm">The patient's details have not been entered yet.</Text>
      )}
    </Paper>
  );
}

const providerText = (insurance: Insurance) =>
  insurance.insuranceProvider === 'other' && insurance.otherProvider
    ? insurance.otherProvider
    : carrierLabel(insurance.insuranceProvider);

function InsuranceLines({ title, insurance }: { title: string; insurance: Insurance }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{title}</Text>
      <Text fz="sm">{providerText(insurance)}</Text>
      {insurance.subscriberName && <Text fz="sm">Subscriber: {insurance.subscriberName}</Text>}
      {insurance.subscriberId && <Text fz="sm">ID: {compactMemberNumber(insurance.subscriberId)}</Text>}
      {insurance.groupNumber && <Text fz="sm">Group: {compactMemberNumber(insurance.groupNumber)}</Text>}
    </Stack>
  );
}

/** spec 2 §2 'an insurance summary': the insurances as they will be saved. */
export function InsuranceSummary({
  primary,
  secondary,
}: {
  primary: Insurance;
  secondary: Insurance | null;
}) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="insurance-summary-heading">
      <Text component="h2" fw={700} fz="lg" id="insurance-summary-heading">
        Insurance summary
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <InsuranceLines title="Primary insurance" insurance={primary} />
        {secondary && <InsuranceLines title="Secondary insurance" insurance={secondary} />}
      </SimpleGrid>
    </Paper>
  );
}
