import { MESSAGES, type UserInfo } from '@gear/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
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
          <PackingSlip orderId={orderId} pdf={slip.data} error={null} loading={!ready} />
        </>
      )}
    </Stack>
  );
}
