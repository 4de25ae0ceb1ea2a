import { MESSAGES, type SavedOrder, STEP_IDS, type UserInfo } from '@gear/domain';
import { Alert, Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePackingSlip } from '../api/documents.ts';
import { isApiError } from '../api/errors.ts';
import { useOrder } from '../api/orders.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { PackingSlip } from '../components/packing-slip.tsx';
import { RequireSignIn } from '../features/login/require-sign-in.tsx';
import { useCurrentUser } from '../services/app-services.tsx';

const wholeNumber = /^[1-9]\d{0,9}$/;

/**
 * /view/{orderId} (spec 3 §2): 'Building Requisition' while the packing slip is made, then the packing slip itself
 * (the spec's packing-slip customize page is not specified further; decision 0110). A practitioner reads the order's
 * form id from the order; a patient's link carries ?dateOfBirth (decision 0092).
 */
export function ViewPage() {
  const { orderId } = useParams();
  if (!orderId || !wholeNumber.test(orderId)) return <NotFoundPage />;
  return (
    <RequireSignIn>
      <ViewPackingSlip orderId={Number(orderId)} />
    </RequireSignIn>
  );
}

function ViewPackingSlip({ orderId }: { orderId: number }) {
  const user = useCurrentUser() as UserInfo;
  const [params] = useSearchParams();
  const patient = user.type === 'prc';
  const order = useOrder(patient ? 'new' : orderId);
  const slipOrder = patient
    ? { id: orderId, orderFormId: null, version: 0 }
    : order.data && order.data.id !== 'new'
      ? { ...order.data, id: order.data.id }
      : null;
  const slip = usePackingSlip(slipOrder, user, true, params.get('dateOfBirth'));
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = slip.data !== undefined;
  useEffect(() => {
    document.title = ready ? `Packing slip – Order ${orderId}` : 'Building Requisition';
    heading.current?.focus();
  }, [ready, orderId]);
  const error = order.error ?? slip.error;
  return (
    <Stack gap="md">
      <Title order={1} ref={heading} tabIndex={-1}>
        {ready ? `Packing slip for order ${orderId}` : 'Building Requisition'}
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {isApiError(error) && error.status === 404
            ? MESSAGES.orderNotFound
            : isApiError(error)
              ? error.message
              : 'An unexpected error has occurred.'}
        </Alert>
      ) : (
        <>
          {!ready && <Text>Your packing slip is being prepared…</Text>}
          {ready && !patient && order.data && order.data.id !== 'new' && (
            <PacksToCustomize order={order.data as SavedOrder} />
          )}
          <PackingSlip orderId={orderId} pdf={slip.data} error={null} loading={!ready} />
        </>
      )}
    </Stack>
  );
}

/**
 * The packing-slip customize page (spec 3 §2 '/view/{orderId} … redirects to a packing-slip customize page'; decisions
 * 0081, 0110, 0180): with the slip, each ship-to-office pack links to its customize step (13), marked once customized.
 */
function PacksToCustomize({ order }: { order: SavedOrder }) {
  const packs = order.requisitions.filter((requisition) => requisition.shipToOffice && !requisition.canceled);
  if (packs.length === 0) return null;
  const customized = (gearReqId: number) =>
    order.workflow.steps.some(
      (row) => row.id === STEP_IDS.customize && row.gearReqId === gearReqId && row.completed,
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="customize-packs">
      <Title order={2} id="customize-packs">
        Customize the packs
      </Title>
      <List size="sm" mt="xs">
        {packs.map((requisition) => (
          <List.Item key={requisition.id}>
            <Anchor component={Link} to={`/order/${order.id}/customize/${requisition.id}`}>
              {requisition.quantity} × {requisition.omsOrderableItemName}
            </Anchor>
            {customized(requisition.id) ? ' (customized)' : ''}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
