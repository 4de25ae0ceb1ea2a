import {
  formatCalendarDateUs,
  LISTED_ORDER_HEADLINES,
  LISTED_ORDER_STATUSES,
  ORDER_HISTORY_SEARCH_MAX_LENGTH,
  readCalendarDate,
} from '@gear/domain';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageLoader } from '../../components/page-loader.tsx';

/** A page of a list of orders as the view shows it: its rows, where the next page starts, how far a filter looked. */
export interface ListedPage<Row> {
  orders: Row[];
  /** The next page's cursor (its query parameters); null on the last page. */
  next: Record<string, string> | null;
  /** With a status filter: the last order the page looked at. */
  searchedTo: number | null;
}

export type FilterName = 'q' | 'gsdlNo' | 'status' | 'from' | 'to';

/** What one list of orders is: its title, filters, call, paging words and rows (docs/decisions/0314). */
export interface OrderListScope<Row> {
  title: string;
  actions?: ReactNode;
  filters: readonly FilterName[];
  /** What the search box finds. */
  searchHelp: string;
  /** The query parameters of a page's cursor. */
  cursor: readonly string[];
  useList(query: Record<string, string>): {
    data: ListedPage<Row> | undefined;
    error: unknown;
    isError: boolean;
    isPending: boolean;
    isFetching: boolean;
  };
  previousPage: string;
  nextPage: string;
  /** What the next-page button leads to, in 'Look at … for more'. */
  more: string;
  /** What an unfiltered empty list says. */
  noOrders: string;
  Rows(props: { orders: Row[]; busy: boolean }): ReactNode;
}

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...LISTED_ORDER_STATUSES.map((status) => ({ value: status, label: LISTED_ORDER_HEADLINES[status] })),
];
/** The started-from and -to dates: typed MM/DD/YYYY in the one date input, YYYY-MM-DD in the address. */
const DATE_FILTERS: ReadonlySet<string> = new Set(['from', 'to']);
const shownFilter = (name: string, value: string) =>
  DATE_FILTERS.has(name) && readCalendarDate(value) ? formatCalendarDateUs(value) : value;
const addressed = (name: string, value: string) =>
  DATE_FILTERS.has(name) ? (readCalendarDate(value) ?? value) : value;

/**
 * A list of orders (the admins' order history, a caller's orders; docs/decisions/0314): the filter form, the status
 * select, the rows of one server page, and keyset paging back and forth. Filters and the page are in the address.
 */
export function OrderListView<Row>({ scope }: { scope: OrderListScope<Row> }) {
  const text = useMessages();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(
    [...scope.filters, ...scope.cursor].flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(scope.filters.map((name) => [name, shownFilter(name, params.get(name) ?? '')])),
  );
  const list = scope.useList(query);
  // The cursors of the pages before this one, for the previous-page button.
  const [pages, setPages] = useState<(Record<string, string> | null)[]>([]);
  useEffect(() => {
    document.title = `${scope.title} · Gear`;
  }, [scope.title]);

  const filters = Object.fromEntries(
    scope.filters.flatMap((name) => (query[name] ? [[name, query[name]]] : [])),
  );
  const cursorNow = scope.cursor.every((name) => query[name])
    ? Object.fromEntries(scope.cursor.map((name) => [name, query[name] as string]))
    : null;
  const goTo = (cursor: Record<string, string> | null) => setParams({ ...filters, ...cursor });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPages([]);
    setParams(
      Object.fromEntries(
        Object.entries(draft)
          .filter(([, value]) => value.trim() !== '')
          .map(([name, value]) => [name, addressed(name, value)]),
      ),
    );
  };
  const field = (name: FilterName) => ({
    value: draft[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({
        ...draft,
        [name]: name === 'gsdlNo' ? event.currentTarget.value.toUpperCase() : event.currentTarget.value,
      }),
  });

  const error = list.error;
  const errorMessage =
    isApiError(error) && error.status === 400
      ? (error.fieldErrors[0]?.defaultMessage ?? error.serverMessage)
      : list.isError
        ? text.unexpectedErrorTryAgain
        : null;
  const data = list.data;
  const filtered = scope.filters.some((name) => query[name]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{scope.title}</Title>
        {scope.actions}
      </Group>
      <form onSubmit={search} aria-label="Find orders">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search"
            description={scope.searchHelp}
            maxLength={ORDER_HISTORY_SEARCH_MAX_LENGTH}
            {...field('q')}
            miw={260}
            style={{ flexGrow: 1, maxWidth: 420 }}
          />
          {scope.filters.includes('gsdlNo') && (
            <TextInput label="Practitioner (GSDL number)" maxLength={5} {...field('gsdlNo')} w={200} />
          )}
          <NativeSelect label="Status" data={STATUS_OPTIONS} {...field('status')} w={220} />
          {scope.filters.includes('from') && <DateInput label="Started from" {...field('from')} />}
          {scope.filters.includes('to') && <DateInput label="Started to" {...field('to')} />}
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <ErrorAlert message={errorMessage} />
      {list.isPending && <PageLoader />}
      {data && data.orders.length === 0 && (
        <Text role="status">
          {data.next
            ? `No orders match among those down to order ${data.searchedTo}. Look at ${scope.more} for more.`
            : filtered
              ? 'No orders match.'
              : scope.noOrders}
        </Text>
      )}
      {data && data.orders.length > 0 && data.next && data.searchedTo && (
        <Text size="sm" c="dimmed">
          Looked at every order down to order {data.searchedTo}.
        </Text>
      )}
      {data && data.orders.length > 0 && <scope.Rows orders={data.orders} busy={list.isFetching} />}
      <Group>
        {pages.length > 0 && (
          <Button
            variant="default"
            onClick={() => {
              goTo(pages.at(-1) ?? null);
              setPages(pages.slice(0, -1));
            }}
          >
            {scope.previousPage}
          </Button>
        )}
        {data?.next && (
          <Button
            variant="default"
            onClick={() => {
              setPages([...pages, cursorNow]);
              goTo(data.next);
            }}
          >
            {scope.nextPage}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
