import type { DxSuggestions } from '@gear/domain';
import {
  DX_ADD_AFTER_SELECT_MS,
  DX_SUGGESTION_DEBOUNCE_MS,
  DX_SUGGESTION_LIMIT,
  omittedDxCodesLine,
} from '@gear/domain';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useApi, useMessages } from '../../api/context.tsx';
import { fetchDxSuggestions } from '../../api/dx-codes.ts';

/** The server refuses longer search terms (GET /gear/getDxCodeSuggestions). */
export const DX_SEARCH_MAX_LENGTH = 100;

interface SuggestionState {
  /** The term asked for: data and error are its answer, never an older term's. */
  term: string;
  data: DxSuggestions | null;
  error: string | null;
  loading: boolean;
}

const IDLE: SuggestionState = { term: '', data: null, error: null, loading: false };

/**
 * spec 1 §7: suggestions for a term debounced 250 ms; an answer for an older term is dropped (the request is aborted
 * and its answer ignored), and is not kept on show while the next term is asked; a failure shows the network message
 * (spec 1 §8 'Suggestion search failure').
 */
export function useDxSuggestions(term: string): SuggestionState {
  const api = useApi();
  const { networkUnavailable } = useMessages();
  const [debounced] = useDebouncedValue(term.trim(), DX_SUGGESTION_DEBOUNCE_MS);
  const [state, setState] = useState<SuggestionState>(IDLE);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    if (!debounced) {
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    setState({ term: debounced, data: null, error: null, loading: true });
    fetchDxSuggestions(api, debounced, controller.signal).then(
      (data) => {
        if (latest.current === request) setState({ term: debounced, data, error: null, loading: false });
      },
      () => {
        if (latest.current === request && !controller.signal.aborted)
          setState({ term: debounced, data: null, error: networkUnavailable, loading: false });
      },
    );
    return () => controller.abort();
  }, [api, debounced, networkUnavailable]);

  return state;
}

export interface DxCodeSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen: called with its code 50 ms later (spec 1 §7). */
  onPick: (code: string) => void;
  /** Enter without a highlighted suggestion (Add Code from the keyboard, instead of submitting the form). */
  onEnter: () => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/** The additional-code field with its autosuggest (spec 1 §2.7, §7). */
export function DxCodeSearch({
  value,
  onChange,
  onPick,
  onEnter,
  error,
  description,
  disabled,
}: DxCodeSearchProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const suggestions = useDxSuggestions(value);
  const pickTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pickTimer.current) clearTimeout(pickTimer.current);
    },
    [],
  );

  // Only the answer for what the field says now: while a newer term waits for its debounce or its answer, an older
  // term's list would offer codes the person is no longer looking for.
  const current = suggestions.term === value.trim();
  const data = current ? suggestions.data : null;
  const failure = current ? suggestions.error : null;
  const results = (data?.results ?? []).slice(0, DX_SUGGESTION_LIMIT);
  const omitted = data?.omittedResults ?? 0;
  const hasAnswer = data !== null || failure !== null;

  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(code) => {
        onChange(code);
        combobox.closeDropdown();
        if (pickTimer.current) clearTimeout(pickTimer.current);
        pickTimer.current = setTimeout(() => onPick(code), DX_ADD_AFTER_SELECT_MS);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label="Additional diagnosis code"
          description={description}
          placeholder="Code or words, e.g. K58 or irritable bowel"
          value={value}
          maxLength={DX_SEARCH_MAX_LENGTH}
          disabled={disabled}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onKeyDown={(event) => {
            const highlighted = combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1;
            if (event.key === 'Enter' && !highlighted) {
              event.preventDefault();
              combobox.closeDropdown();
              onEnter();
            }
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          // A status, not a bare span: aria-label is prohibited on an element without a role (axe: serious), and
          // while the answer is awaited a screen reader can say so.
          rightSection={
            suggestions.loading ? <Loader size="xs" role="status" aria-label="Searching codes" /> : null
          }
          w={{ base: '100%', sm: 420 }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!value.trim() || !hasAnswer}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {results.map((result) => (
            <Combobox.Option value={result.code} key={result.code}>
              <Text size="sm" span fw={600}>
                {result.code}
              </Text>{' '}
              <Text size="sm" span>
                {result.name}
              </Text>
            </Combobox.Option>
          ))}
          {data && results.length === 0 && <Combobox.Empty>No matching active codes</Combobox.Empty>}
          {failure && (
            <Combobox.Empty>
              <Text size="sm" c="red.9" role="alert">
                {failure}
              </Text>
            </Combobox.Empty>
          )}
        </Combobox.Options>
        {omitted > 0 && (
          <Combobox.Footer>
            <Text size="xs">{omittedDxCodesLine(omitted)}</Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
