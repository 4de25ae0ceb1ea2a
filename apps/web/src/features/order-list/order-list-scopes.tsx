import { formatCents, LISTED_ORDER_HEADLINES, type OrderHistoryRow, type OrderListRow } from '@gear/domain';
import { Anchor, Box, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useOrderHistory } from '../../api/order-history.ts';
import { useOrderList } from '../../api/orders-list.ts';
import type { OrderListScope } from './order-list-view.tsx';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const patientOf = (order: OrderHistoryRow, none: string) =>
  [order.patient?.nameFirst, order.patient?.nameLast].filter(Boolean).join(' ') || none;

/** The order history (spec 1 §2.1, admins; decisions 0281, 0272): every order, newest first, opened in the wizard. */
export const ORDER_HISTORY_SCOPE: OrderListScope<OrderHistoryRow> = {
  title: 'Order history',
  filters: ['q', 'gsdlNo', 'status', 'from', 'to'],
  searchHelp: 'Order id, requisition, activation or accession number, or patient name',
  cursor: ['before'],
  useList: (query) => {
    const history = useOrderHistory(query);
    const page = history.data;
    return {
      ...history,
      data: page && {
        orders: page.orders,
        next: page.nextBefore ? { before: String(page.nextBefore) } : null,
        searchedTo: page.searchedTo,
      },
    };
  },
  previousPage: 'Newer orders',
  nextPage: 'Older orders',
  more: 'older orders',
  noOrders: 'No orders yet.',
  Rows: ({ orders, busy }) => (
    <OrdersTable
      caption="Orders, newest first"
      columns={['Order', 'Status', 'Practitioner', 'Patient', 'Started', 'Submitted', 'Requisitions', 'Paid']}
      minWidth={1000}
      busy={busy}
    >
      {orders.map((order) => (
        <Table.Tr key={order.gearOrderId}>
          <Table.Td>
            <Anchor component={Link} to={`/order/${order.gearOrderId}`}>
              Open order {order.gearOrderId}
            </Anchor>
          </Table.Td>
          <Table.Td>
            {order.status === 'NotPlaced' ? (
              LISTED_ORDER_HEADLINES[order.status]
            ) : (
              <Anchor component={Link} to={`/order-status/${order.gearOrderId}`}>
                {LISTED_ORDER_HEADLINES[order.status]}
                <VisuallyHidden>, status of order {order.gearOrderId}</VisuallyHidden>
              </Anchor>
            )}
          </Table.Td>
          <Table.Td>
            {order.practitioner
              ? `${order.practitioner.firstName} ${order.practitioner.lastName} (${order.practitioner.gsdlNo})`
              : '—'}
          </Table.Td>
          <Table.Td>{patientOf(order, '—')}</Table.Td>
          <Table.Td>{dateTime(order.createdAt)}</Table.Td>
          <Table.Td>{order.submittedAt ? dateTime(order.submittedAt) : 'Not yet'}</Table.Td>
          <Table.Td>
            {order.requisitions.map((requisition) => (
              <Text size="sm" key={requisition.gearReqId}>
                {requisition.productName}
                {requisition.reqNumber ? ` · Req ${requisition.reqNumber}` : ''}
                {requisition.activationCode ? ` · ${requisition.activationCode}` : ''}
                {requisition.accessionNo ? ` · Accession ${requisition.accessionNo}` : ''}
                {requisition.quantity > 1 ? ` × ${requisition.quantity}` : ''}
              </Text>
            ))}
          </Table.Td>
          <Table.Td>
            {order.billedToPractice && order.totalPaidCents === 0
              ? 'Billed to the practice'
              : formatCents(order.totalPaidCents)}
          </Table.Td>
        </Table.Tr>
      ))}
    </OrdersTable>
  ),
};

/**
 * The orders page (issue 15; decisions 0310, 0311): the orders of the practitioners the person may order for (admins:
 * every order), drafts first ('Not placed yet'), then placed orders.
 */
export const MY_ORDERS_SCOPE: OrderListScope<OrderListRow> = {
  title: 'Orders',
  actions: (
    <Button component={Link} to="/order/new/pract">
      New order
    </Button>
  ),
  filters: ['q', 'status'],
  searchHelp: 'Order number or patient name',
  cursor: ['section', 'before'],
  useList: (query) => {
    const list = useOrderList(query);
    const page = list.data;
    return {
      ...list,
      data: page && {
        orders: page.orders,
        next: page.next ? { section: page.next.section, before: String(page.next.before) } : null,
        searchedTo: page.searchedTo?.before ?? null,
      },
    };
  },
  previousPage: 'Previous page',
  nextPage: 'Next page',
  more: 'the next page',
  noOrders: 'You have no orders yet.',
  Rows: ({ orders, busy }) => {
    const drafts = orders.filter((order) => order.draft);
    const placed = orders.filter((order) => !order.draft);
    return (
      <>
        {drafts.length > 0 && (
          <DraftsFirstTable caption="Not placed yet: drafts you can finish" orders={drafts} busy={busy} />
        )}
        {placed.length > 0 && <DraftsFirstTable caption="Placed orders" orders={placed} busy={busy} />}
      </>
    );
  },
};

function DraftsFirstTable({
  caption,
  orders,
  busy,
}: {
  caption: string;
  orders: OrderListRow[];
  busy: boolean;
}) {
  return (
    <OrdersTable
      caption={caption}
      columns={['Order', 'Patient', 'Status', 'Practitioner', 'Tests', 'Started']}
      minWidth={640}
      busy={busy}
    >
      {orders.map((order) => (
        <Table.Tr key={order.gearOrderId}>
          <Table.Td>
            {order.draft ? (
              <Anchor component={Link} to={`/order/${order.gearOrderId}`}>
                Continue order {order.gearOrderId}
              </Anchor>
            ) : (
              <Anchor component={Link} to={`/order-status/${order.gearOrderId}`}>
                Order {order.gearOrderId}
                <VisuallyHidden>: its status page</VisuallyHidden>
              </Anchor>
            )}
          </Table.Td>
          <Table.Td>{patientOf(order, 'No patient yet')}</Table.Td>
          <Table.Td>{LISTED_ORDER_HEADLINES[order.status]}</Table.Td>
          <Table.Td>
            {order.practitioner
              ? `${order.practitioner.firstName} ${order.practitioner.lastName}, ${order.practitioner.degree}`
              : '—'}
          </Table.Td>
          <Table.Td>
            {order.requisitions.length === 0
              ? 'None chosen yet'
              : order.requisitions.map((requisition) => (
                  <Text size="sm" key={requisition.gearReqId}>
                    {requisition.productName}
                    {requisition.quantity > 1 ? ` × ${requisition.quantity}` : ''}
                  </Text>
                ))}
          </Table.Td>
          <Table.Td>{dateTime(order.createdAt)}</Table.Td>
        </Table.Tr>
      ))}
    </OrdersTable>
  );
}

/**
 * A table of orders: its caption above, a header of columns, a row an order. Wider than a phone, it scrolls sideways
 * inside its own region (issue 15, decision 0332), never the page: the region is named by the caption, takes the focus
 * (arrow keys scroll it) and, while columns are out of sight, says so above it.
 */
function OrdersTable({
  caption,
  columns,
  minWidth,
  busy,
  children,
}: {
  caption: string;
  columns: readonly string[];
  minWidth: number;
  busy: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  const hintId = useId();
  const { ref, overflows } = useOverflowsSideways<HTMLDivElement>();
  return (
    <Stack gap={4}>
      {overflows && (
        <Text size="sm" c="dimmed" id={hintId}>
          Scroll the table sideways to see every column.
        </Text>
      )}
      <Box
        ref={ref}
        role="region"
        aria-labelledby={captionId}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={0}
        style={{ overflowX: 'auto', scrollbarWidth: 'thin', scrollbarGutter: 'stable' }}
      >
        <Table striped aria-busy={busy} captionSide="top" miw={minWidth}>
          <Table.Caption id={captionId} style={{ textAlign: 'start', fontWeight: 600 }}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th scope="col" key={column}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

/** Whether the element's content is wider than the element (some of it out of sight), kept as its size changes. */
function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}
