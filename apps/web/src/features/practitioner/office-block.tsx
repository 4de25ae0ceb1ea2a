import type { Office } from '@gear/domain';
import { Paper, Text, Title } from '@mantine/core';

/** spec 1 §2.4 office block: name, address lines, city, state, zip, phone. */
export function OfficeBlock({ office }: { office: Office }) {
  const { address } = office;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="office-heading">
      <Title order={2} size="h4" id="office-heading" mb="xs">
        Office
      </Title>
      <address className="office-address" style={{ fontStyle: 'normal' }}>
        <Text fw={600}>{office.name}</Text>
        <Text>{address.address1}</Text>
        {address.address2 && <Text>{address.address2}</Text>}
        <Text>
          {address.city}, {address.state} {address.zipCode}
        </Text>
        {office.phoneNumber && <Text>{office.phoneNumber}</Text>}
      </address>
    </Paper>
  );
}
