import type { SavedOrder } from '@gear/domain';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useOrderStatus } from '../../api/order-status.ts';
import { RequisitionStatusBlocks } from '../../components/requisition-status-blocks.tsx';

/**
 * The patient view's status panel once the order is placed (spec 3 §2 'Status and activation panels'): the derived
 * status of the patient/payment view (spec 3 §4) and the per-requisition blocks, with the order status page one click
 * away.
 */
export function PatientStatusPanel({ order }: { order: SavedOrder }) {
  const status = useOrderStatus(order.id, null);
  if (!status.data) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="patient-view-status">
      <Stack gap="sm">
        <Title order={2} id="patient-view-status">
          {status.data.patientView.headline}
        </Title>
        <RequisitionStatusBlocks order={order} status={status.data} />
        <Button component={Link} to={`/order-status/${order.id}`} variant="default" mih={44} w="fit-content">
          Order Status and History
        </Button>
      </Stack>
    </Paper>
  );
}
