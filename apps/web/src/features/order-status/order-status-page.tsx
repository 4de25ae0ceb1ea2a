import {
  CANCEL_ORDER_MESSAGES,
  CANCEL_ORDER_RESULTS,
  isPitlOrder,
  MESSAGES,
  type OrderStatus,
  type SavedOrder,
} from '@gear/domain';
import { Alert, Anchor, Button, Group, List, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { useCancelWholeOrder, useOrderStatus, useOrderTimeline } from '../../api/order-status.ts';
import { useOrder } from '../../api/orders.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Modal } from '../../components/modal.tsx';
import { RefundPolicyText } from '../../components/refund-policy-text.tsx';
import { PdfButton, RequisitionStatusBlocks } from '../../components/requisition-status-blocks.tsx';
import { OrderTimelineSection } from './order-timeline.tsx';
import { PitlPanels } from './pitl-panels.tsx';
import { RecollectionPanel } from './recollection-panel.tsx';

/** The order status page (spec 3 §2 'Order status page'; decision 0262) of one order. */
export function OrderStatusView({ orderId }: { orderId: number }) {
  const [accessionNo, setAccessionNo] = useState<string | null>(null);
  const order = useOrder(orderId);
  const status = useOrderStatus(orderId, accessionNo);
  const timeline = useOrderTimeline(orderId);
  if (order.isError || status.isError) {
    const error = order.error ?? status.error;
    return (
      <Alert color="red" role="alert">
        {isApiError(error) && error.status === 404
          ? MESSAGES.orderNotFound
          : 'An unexpected error has occurred.'}
      </Alert>
    );
  }
  if (!order.data || !status.data) return <Loader role="status" aria-label="Loading the order" />;
  const saved = order.data as SavedOrder;
  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>Order {orderId}</Title>
      <Paper withBorder p="md" component="section" aria-labelledby="order-status-headline">
        <Stack gap="sm">
          <Title order={2} id="order-status-headline" data-testid="order-status-headline">
            {status.data.headline}
          </Title>
          {status.data.accessionChoices.length > 0 && (
            <Select
              label="Multiple orders: choose the accession to look at"
              data={status.data.accessionChoices}
              value={accessionNo}
              onChange={setAccessionNo}
              allowDeselect={false}
            />
          )}
          <OrderActions order={saved} status={status.data} />
        </Stack>
      </Paper>
      <RecollectionPanel status={status.data} />
      {isPitlOrder(saved) && <PitlPanels order={saved} />}
      <Title order={2} size="h3">
        Ordered products
      </Title>
      <RequisitionStatusBlocks order={saved} status={status.data} />
      <ImportantList status={status.data} />
      {timeline.data && <OrderTimelineSection entries={timeline.data.entries} />}
    </Stack>
  );
}

/** spec 3 §4 'Actions by status' (actionsForStatus), each doing what it says. */
function OrderActions({ order, status }: { order: SavedOrder; status: OrderStatus }) {
  const config = useConfig();
  const [tracking, setTracking] = useState(false);
  const dateOfBirth = order.patientInfo?.dateOfBirth ?? null;
  return (
    <Group gap="sm" align="flex-start">
      {status.actions.includes('download') && status.paid && (
        <PdfButton
          label="Download Receipt"
          path={`/gear/order/${order.id}/receipt/pdf`}
          fileName={`receipt-${order.id}.pdf`}
          dateOfBirth={dateOfBirth}
        />
      )}
      {status.actions.includes('download') && order.patientAgreement && (
        <PdfButton
          label="Download Patient Agreement"
          path={`/gear/acknowledgement/order/${order.id}/pdf`}
          fileName={`patient-agreement-${order.id}.pdf`}
          dateOfBirth={dateOfBirth}
        />
      )}
      {status.actions.includes('download') && order.nsaAcknowledged && (
        <PdfButton
          label="View NSA Acknowledgement"
          path={`/gear/nsa-acknowledgement/order/${order.id}/pdf`}
          fileName={`nsa-acknowledgement-${order.id}.pdf`}
          dateOfBirth={dateOfBirth}
        />
      )}
      {status.actions.includes('track') && status.tracking && (
        <>
          <Button variant="default" mih={44} onClick={() => setTracking(true)}>
            Track Shipment
          </Button>
          <Modal opened={tracking} onClose={() => setTracking(false)} title="Shipment tracking">
            <List>
              {status.trackingLinks.map((link) => (
                <List.Item key={link.trackingNumber}>
                  <Anchor href={link.url} target="_blank" rel="noopener">
                    Tracking number {link.trackingNumber}: the carrier's scans
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Text mt="sm">Latest status: {status.tracking.status ?? 'not reported yet'}</Text>
          </Modal>
        </>
      )}
      {status.actions.includes('consult') && (
        <Button component="a" href={config.consultationUrl ?? '/contact'} variant="default" mih={44}>
          Schedule a Consult
        </Button>
      )}
      {status.actions.includes('returnToOrder') && (
        <Button component={Link} to={`/order/${order.id}`} variant="default" mih={44}>
          Return to Order
        </Button>
      )}
      {status.actions.includes('cancelOrder') && <CancelOrderButton order={order} />}
    </Group>
  );
}

/** Cancel Order (spec 3 §7, §8): asks first, then says what happened; the page reloads with the refund. */
function CancelOrderButton({ order }: { order: SavedOrder }) {
  const cancel = useCancelWholeOrder();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const yes = () => {
    setMessage(null);
    cancel.mutate(
      { orderId: order.id, version: order.version, dateOfBirth: order.patientInfo?.dateOfBirth ?? null },
      {
        onSuccess: (result) => {
          setAsking(false);
          if (result === CANCEL_ORDER_RESULTS.alreadyRefunded)
            setMessage(CANCEL_ORDER_MESSAGES.alreadyRefunded);
          else if (result !== CANCEL_ORDER_RESULTS.pass) setMessage(CANCEL_ORDER_MESSAGES.failed);
        },
        onError: () => {
          setAsking(false);
          setMessage(CANCEL_ORDER_MESSAGES.failed);
        },
      },
    );
  };
  return (
    <Stack gap={4}>
      <Button color="red" mih={44} onClick={() => setAsking(true)}>
        Cancel Order
      </Button>
      <ErrorAlert message={message} />
      <ConfirmDialog
        opened={asking}
        title="Cancel this order?"
        onYes={yes}
        onNo={() => setAsking(false)}
        yesLabel="Cancel Order"
        noLabel="Keep Order"
        busy={cancel.isPending}
      >
        <Text>
          Every test on this order will be canceled and what was paid refunded under the refund policy:
        </Text>
        <RefundPolicyText enabled={asking} size="sm" />
      </ConfirmDialog>
    </Stack>
  );
}

/** The 'Important' list of the order status page (spec 3 §2), from the order's status. */
function ImportantList({ status }: { status: OrderStatus }) {
  const items: string[] = [];
  if (status.tracking && status.tracking.deliveryDate === null && status.orderPageStatus === 'Shipped')
    items.push(MESSAGES.packsArrive);
  // A confirmed order reads 'Incomplete' before its pack ships (spec 3 §4; decision 0264): say what is happening.
  if (
    status.orderPageStatus === 'OrderPlaced' ||
    (status.orderPageStatus === 'Incomplete' && status.tracking === null)
  )
    items.push(`Your collection pack is being prepared. ${MESSAGES.packsArrive}`);
  if (status.orderPageStatus === 'Canceled')
    items.push('This order is canceled. Refunds reach the card in 5 to 10 business days.');
  if (status.orderPageStatus === 'RecollectionOrdered')
    items.push(`A new collection pack is being prepared. ${MESSAGES.packsArrive}`);
  if (
    status.orderPageStatus === 'DiscardedSpecimens' &&
    status.requisitions.some((r) => r.recollectionOrderId)
  )
    items.push('A new collection pack was ordered for the specimen the lab was unable to test.');
  if (status.orderPageStatus === 'ReceivedByLab' || status.orderPageStatus === 'ActivationComplete')
    items.push('Results are posted here when the lab completes testing.');
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-important">
      <Title order={2} size="h3" id="order-important">
        Important
      </Title>
      <List mt="xs">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/contact" mt="xs" display="inline-block">
        Questions? Contact us
      </Anchor>
    </Paper>
  );
}
