import {
  LISTED_ORDER_HEADLINES,
  LISTED_ORDER_STATUSES,
  ORDER_HISTORY_SEARCH_MAX_LENGTH,
  type OrderListCursor,
  type OrderListRow,
} from '@gear/domain';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { useOrderList } from '../../api/orders-list.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../services/app-services.tsx';

/**
 * /orders (issue 15; docs/decisions/0310, 0311): the orders of the practitioners the person may order for (admins:
 * every order), drafts first ('Not placed yet'), then placed orders; found by order number or patient name, filtered
 * by derived status, paged on the server. Signed-out people go to /login, patients to '/'.
 */
export function OrdersPage() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Orders · Gear';
  }, []);
  if (session.status === 'unknown') return <PageLoader />;
  if (session.status !== 'signedIn') return <Navigate to="/login?url=%2Forders" replace />;
  if (session.user.type !== 'myGDX') return <Navigate to="/" replace />;
  return <OrderList />;
}

const FILTERS = ['q', 'status'] as const;
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...LISTED_ORDER_STATUSES.map((status) => ({ value: status, label: LISTED_ORDER_HEADLINES[status] })),
];
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const patientOf = (order: OrderListRow) =>
  [order.patient?.nameFirst, order.patient?.nameLast].filter(Boolean).join(' ') || 'No patient yet';
const cursorParams = (cursor: OrderListCursor | null): Record<string, string> =>
  cursor ? { section: cursor.section, before: String(cursor.before) } : {};

function OrderList() {
  const text = useMessages();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(
    [...FILTERS, 'section', 'before'].flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
  );
  const list = useOrderList(query);
  // The cursors of the pages before this one, for 'Previous page'.
  const [pages, setPages] = useState<(OrderListCursor | null)[]>([]);

  const filtersOf = (): Record<string, string> =>
    Object.fromEntries(FILTERS.flatMap((name) => (query[name] ? [[name, query[name]]] : [])));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPages([]);
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== '')));
  };
  const goTo = (cursor: OrderListCursor | null) => setParams({ ...filtersOf(), ...cursorParams(cursor) });
  const current: OrderListCursor | null =
    query.section && query.before
      ? { section: query.section as OrderListCursor['section'], before: Number(query.before) }
      : null;

  const error = list.error;
  const errorMessage =
    isApiError(error) && error.status === 400
      ? (error.fieldErrors[0]?.defaultMessage ?? error.serverMessage)
      : list.isError
        ? text.unexpectedErrorTryAgain
        : null;
  const data = list.data;
  const drafts = data?.orders.filter((order) => order.draft) ?? [];
  const placed = data?.orders.filter((order) => !order.draft) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Orders</Title>
        <Button component={Link} to="/order/new/pract">
          New order
        </Button>
      </Group>
      <form onSubmit={search} aria-label="Find orders">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search"
            description="Order number or patient name"
            value={draft.q}
            maxLength={ORDER_HISTORY_SEARCH_MAX_LENGTH}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
            miw={260}
            style={{ flexGrow: 1, maxWidth: 420 }}
          />
          <NativeSelect
            label="Status"
            data={STATUS_OPTIONS}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}
            w={220}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <ErrorAlert message={errorMessage} />
      {list.isPending && <PageLoader />}
      {data && data.orders.length === 0 && (
        <Text role="status">
          {data.next
            ? `No orders match among those looked at (down to order ${data.searchedTo?.before}). Look at the next page for more.`
            : query.q || query.status
              ? 'No orders match.'
              : 'You have no orders yet.'}
        </Text>
      )}
      {drafts.length > 0 && (
        <OrderTable caption="Not placed yet: drafts you can finish" orders={drafts} busy={list.isFetching} />
      )}
      {placed.length > 0 && <OrderTable caption="Placed orders" orders={placed} busy={list.isFetching} />}
      <Group>
        {pages.length > 0 && (
          <Button
            variant="default"
            onClick={() => {
              goTo(pages.at(-1) ?? null);
              setPages(pages.slice(0, -1));
            }}
          >
            Previous page
          </Button>
        )}
        {data?.next && (
          <Button
            variant="default"
            onClick={() => {
              setPages([...pages, current]);
              goTo(data.next);
            }}
          >
            Next page
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function OrderTable({ caption, orders, busy }: { caption: string; orders: OrderListRow[]; busy: boolean }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-busy={busy} captionSide="top">
        <Table.Caption style={{ textAlign: 'start', fontWeight: 600 }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Order</Table.Th>
            <Table.Th scope="col">Patient</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Practitioner</Table.Th>
            <Table.Th scope="col">Tests</Table.Th>
            <Table.Th scope="col">Started</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
              <Table.Td>{patientOf(order)}</Table.Td>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
