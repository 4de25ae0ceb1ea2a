import type { Practitioner } from '@gear/domain';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AdminPractitionerSearch } from '../../components/admin-practitioner-search.tsx';

/**
 * spec 3 §2 'Admins see a Token ID field and a practitioner search by ID', §6 'any practitioner by GSDLNO'
 * (decision 0165): an admin taking a payment looks up a practitioner by GSDL number and sees who it is, the office,
 * whether a card is on file and the credit status. The lookup changes nothing: a card on file is charged only for the
 * order's own practitioner.
 */
export function AdminPractitionerLookup() {
  const [found, setFound] = useState<Practitioner | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="admin-practitioner-lookup">
      <Title order={4} id="admin-practitioner-lookup">
        Practitioner search
      </Title>
      <Stack gap="xs" mt="xs">
        <AdminPractitionerSearch onFound={setFound} />
        {found && (
          <Stack gap={2} aria-live="polite" data-testid="admin-practitioner-found">
            <Text fw={600}>
              {found.firstName} {found.lastName}
              {found.degree ? `, ${found.degree}` : ''} ({found.gsdlNo})
            </Text>
            <Text size="sm">
              {found.office.name}, {found.office.address.city}, {found.office.address.state}
            </Text>
            <Text size="sm">Card on file: {found.cardOnFile ? 'yes' : 'no'}</Text>
            <Text size="sm">Shipping card on file: {found.office.shippingCardOnFile ? 'yes' : 'no'}</Text>
            <Text size="sm">Credit status: {found.cmsCreditStatus.creditStatus ?? 'none recorded'}</Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
