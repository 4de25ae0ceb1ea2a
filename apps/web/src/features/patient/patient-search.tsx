import type { PatientMatch } from '@gear/domain';
import {
  formatCalendarDateUs,
  type Insurance,
  PATIENT_SEARCH,
  PATIENT_SEARCH_MESSAGES,
  type PatientInfo,
} from '@gear/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { lookupChartNumber, searchPatients } from '../../api/patients.ts';

/** How long a search may run before the waiting message shows (spec 2 §4 'a slow search'; ours, decision 0025). */
export const SLOW_SEARCH_MS = 3_000;

const SOURCE_LABELS: Record<string, string> = { portal: 'Portal', EMR: 'EMR' };
export const sourceLabel = (source: string | null) => (source ? (SOURCE_LABELS[source] ?? source) : 'Portal');

type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; slow: boolean }
  | { status: 'done'; matches: PatientMatch[] }
  | { status: 'failed'; message: string };

/**
 * Runs one lookup with the spec's limits: the waiting message after SLOW_SEARCH_MS, a timeout of 30 s (spec 2 §9),
 * an earlier lookup abandoned when a new one starts.
 */
function useTimedLookup() {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  async function run<T>(lookup: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'searching', slow: false });
    const slow = setTimeout(() => setState({ status: 'searching', slow: true }), SLOW_SEARCH_MS);
    const timeout = setTimeout(() => controller.abort(), PATIENT_SEARCH.timeoutMs);
    try {
      return await lookup(controller.signal);
    } catch {
      if (current.current === controller)
        setState({ status: 'failed', message: PATIENT_SEARCH_MESSAGES.searchFailed });
      return null;
    } finally {
      clearTimeout(slow);
      clearTimeout(timeout);
    }
  }
  return { state, setState, run };
}

export interface PatientSearchProps {
  orderId: number;
  showChartNumber: boolean;
  disabled?: boolean;
  /** A match was chosen: the form is filled with it (and the insurances found with it, if any). */
  onChoose(patient: PatientInfo, insurances: Insurance[] | null): void;
}

/** spec 2 §2, §4, §8: search existing patients by name and date of birth, and by chart number. */
export function PatientSearch({ orderId, showChartNumber, disabled, onChoose }: PatientSearchProps) {
  const api = useApi();
  const [query, setQuery] = useState('');
  const [chartNumber, setChartNumber] = useState('');
  const { state, setState, run } = useTimedLookup();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    const matches = await run((signal) => searchPatients(api, orderId, query.trim(), signal));
    if (matches) setState({ status: 'done', matches });
  };

  const findChart = async () => {
    if (!chartNumber.trim()) return;
    const found = await run((signal) => lookupChartNumber(api, orderId, chartNumber.trim(), signal));
    if (!found) return;
    if (found.patient === null) {
      setState({ status: 'done', matches: [] });
      return;
    }
    setState({ status: 'idle' });
    onChoose(found.patient, found.insurances);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="patient-search-heading">
      <Text component="h2" fw={700} fz="lg" id="patient-search-heading">
        Find an existing patient
      </Text>
      <form onSubmit={search} aria-label="Patient search">
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Search by name and date of birth"
            description="For example: Jane Smith 04/12/1985"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maxLength={PATIENT_SEARCH.queryMaxLength}
            disabled={disabled}
            autoComplete="off"
            w={{ base: '100%', sm: 420 }}
          />
          <Button type="submit" variant="default" disabled={disabled || !query.trim()}>
            Search
          </Button>
        </Group>
      </form>
      {showChartNumber && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Find by chart number"
            value={chartNumber}
            onChange={(event) => setChartNumber(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void findChart();
              }
            }}
            maxLength={PATIENT_SEARCH.chartNumberMaxLength}
            disabled={disabled}
            autoComplete="off"
            w={{ base: '100%', sm: 240 }}
          />
          <Button
            variant="default"
            onClick={() => void findChart()}
            disabled={disabled || !chartNumber.trim()}
          >
            Look up
          </Button>
        </Group>
      )}
      <SearchResults state={state} onChoose={(match) => onChoose(match, null)} />
    </Stack>
  );
}

function SearchResults({ state, onChoose }: { state: SearchState; onChoose(match: PatientMatch): void }) {
  if (state.status === 'idle') return null;
  if (state.status === 'searching')
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{state.slow ? PATIENT_SEARCH_MESSAGES.slow : 'Searching…'}</Text>
      </Group>
    );
  if (state.status === 'failed')
    return (
      <Alert color="red" role="alert">
        {state.message}
      </Alert>
    );
  if (state.matches.length === 0) return <Text role="status">{PATIENT_SEARCH_MESSAGES.noMatches}</Text>;
  return (
    <ScrollArea.Autosize mah={PATIENT_SEARCH.tableMaxHeightPx} type="auto" aria-label="Matching patients">
      <Table stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Date of Birth</Table.Th>
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {state.matches.map((match) => (
            <Table.Tr key={match.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} onClick={() => onChoose(match)}>
                  {[match.nameFirst, match.nameMiddle, match.nameLast].filter(Boolean).join(' ')}
                </Anchor>
              </Table.Td>
              <Table.Td>{match.dateOfBirth ? formatCalendarDateUs(match.dateOfBirth) : ''}</Table.Td>
              <Table.Td>{sourceLabel(match.source)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
