import {
  formatCalendarDateUs,
  formatCents,
  isAdmin,
  LISTED_ORDER_HEADLINES,
  LISTED_ORDER_STATUSES,
  ORDER_HISTORY_SEARCH_MAX_LENGTH,
  type OrderHistoryRow,
  readCalendarDate,
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
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { useOrderHistory } from '../../api/order-history.ts';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../services/app-services.tsx';

/** /order-history (spec 1 §2.1: admin only; spec 3 §2: practitioners are sent to the practitioner portal). */
export function OrderHistoryPage() {
  const session = useSession();
  if (session.status === 'unknown') return <PageLoader />;
  if (session.status !== 'signedIn') return <Navigate to="/login" replace />;
  if (!isAdmin(session.user))
    return <Navigate to={session.user.type === 'myGDX' ? '/order/new/pract' : '/'} replace />;
  return <OrderHistory />;
}

const FILTERS = ['q', 'gsdlNo', 'status', 'from', 'to'] as const;
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...LISTED_ORDER_STATUSES.map((status) => ({ value: status, label: LISTED_ORDER_HEADLINES[status] })),
];
/** The started-from and -to dates: typed MM/DD/YYYY in the one date input, YYYY-MM-DD in the address. */
const DATE_FILTERS: ReadonlySet<string> = new Set(['from', 'to']);
const shownFilter = (name: string, value: string) =>
  DATE_FILTERS.has(name) && readCalendarDate(value) ? formatCalendarDateUs(value) : value;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const nameOf = (order: OrderHistoryRow) =>
  [order.patient?.nameFirst, order.patient?.nameLast].filter(Boolean).join(' ') || '—';

function OrderHistory() {
  const text = useMessages();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(
    [...FILTERS, 'before'].flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(FILTERS.map((name) => [name, shownFilter(name, params.get(name) ?? '')])),
  );
  const history = useOrderHistory(query);
  const [pages, setPages] = useState<string[]>([]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPages([]);
    setParams(
      Object.fromEntries(
        Object.entries(draft)
          .filter(([, value]) => value.trim() !== '')
          .map(([name, value]) => [
            name,
            DATE_FILTERS.has(name) ? (readCalendarDate(value) ?? value) : value,
          ]),
      ),
    );
  };
  const goTo = (before: string | null) => {
    const next = new URLSearchParams(params);
    if (before) next.set('before', before);
    else next.delete('before');
    setParams(next);
  };
  const error = history.error;
  const errorMessage =
    isApiError(error) && error.status === 400
      ? (error.fieldErrors[0]?.defaultMessage ?? error.serverMessage)
      : history.isError
        ? text.unexpectedErrorTryAgain
        : null;

  return (
    <Stack gap="lg">
      <Title order={1}>Order history</Title>
      <form onSubmit={search} aria-label="Find orders">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search"
            description="Order id, requisition, activation or accession number, or patient name"
            value={draft.q}
            maxLength={ORDER_HISTORY_SEARCH_MAX_LENGTH}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
            miw={300}
          />
          <TextInput
            label="Practitioner (GSDL number)"
            value={draft.gsdlNo}
            maxLength={5}
            onChange={(event) => setDraft({ ...draft, gsdlNo: event.currentTarget.value.toUpperCase() })}
            w={200}
          />
          <NativeSelect
            label="Status"
            data={STATUS_OPTIONS}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}
            w={220}
          />
          <DateInput
            label="Started from"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
          <DateInput
            label="Started to"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <ErrorAlert message={errorMessage} />
      {history.isPending && <PageLoader />}
      {history.data && history.data.orders.length === 0 && (
        <Text role="status">
          {history.data.nextBefore
            ? `No orders match among those down to order ${history.data.searchedTo}. Look at older orders for more.`
            : 'No orders match.'}
        </Text>
      )}
      {history.data &&
        history.data.orders.length > 0 &&
        history.data.nextBefore &&
        history.data.searchedTo && (
          <Text size="sm" c="dimmed">
            Looked at every order down to order {history.data.searchedTo}.
          </Text>
        )}
      {history.data && history.data.orders.length > 0 && (
        <Table.ScrollContainer minWidth={1000}>
          <Table striped aria-busy={history.isFetching}>
            <Table.Caption>Orders, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Order</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Practitioner</Table.Th>
                <Table.Th scope="col">Patient</Table.Th>
                <Table.Th scope="col">Started</Table.Th>
                <Table.Th scope="col">Submitted</Table.Th>
                <Table.Th scope="col">Requisitions</Table.Th>
                <Table.Th scope="col">Paid</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.orders.map((order) => (
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
                  <Table.Td>{nameOf(order)}</Table.Td>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        {pages.length > 0 && (
          <Button
            variant="default"
            onClick={() => {
              const previous = pages.slice(0, -1);
              goTo(previous.at(-1) ?? null);
              setPages(previous);
            }}
          >
            Newer orders
          </Button>
        )}
        {history.data?.nextBefore && (
          <Button
            variant="default"
            onClick={() => {
              const before = String(history.data?.nextBefore);
              setPages([...pages, before]);
              goTo(before);
            }}
          >
            Older orders
          </Button>
        )}
      </Group>
    </Stack>
  );
}
