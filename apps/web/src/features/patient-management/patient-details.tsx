import { type ManagedPatient, PATIENT_ORDER_STATE_LABELS } from '@gear/domain';
import { Anchor, Group, List, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePatientOrders } from '../../api/patient-management.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

/** The expanded row: the patient's details and orders, each with what is known of it today (decision 0271). */
export function PatientDetails({ patient, loadFailed }: { patient: ManagedPatient; loadFailed: string }) {
  const orders = usePatientOrders(patient.gsdlNo, patient.id, true);
  const { gearPatient: p, gearInsurance: insurance } = patient;
  const address = p.addresses[0];
  const place = address
    ? [address.address1, address.address2, address.city, address.state, address.zipCode, address.country]
        .filter(Boolean)
        .join(', ')
    : null;
  return (
    <Stack gap="sm" py="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Detail label="Email" value={p.email} />
        <Detail label="Phone" value={p.voicePhone} />
        <Detail label="Address" value={place} />
        <Detail label="Source" value={p.source} />
        <Detail
          label="Insurance on file"
          value={
            insurance ? `${insurance.insuranceProvider ?? ''} ${insurance.subscriberId ?? ''}`.trim() : null
          }
        />
      </SimpleGrid>
      <Text size="sm" fw={600}>
        Orders
      </Text>
      {orders.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading orders…</Text>
        </Group>
      ) : orders.isError ? (
        <ErrorAlert message={loadFailed} />
      ) : orders.data.length === 0 ? (
        <Text size="sm">No orders yet.</Text>
      ) : (
        <List size="sm" spacing={4}>
          {orders.data.map((order) => (
            <List.Item key={order.id}>
              <Anchor component={Link} to={`/order/${order.id}/pract`} size="sm">
                Order {order.id}
              </Anchor>{' '}
              — {PATIENT_ORDER_STATE_LABELS[order.state]}, started {order.createdAt.slice(0, 10)}
              {order.products.length > 0 ? ` (${order.products.join(', ')})` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
