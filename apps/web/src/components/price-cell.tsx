import {
  type Address,
  BILLING_METHODS,
  type BillingMethod,
  formatCents,
  includedFeesText,
  insurancePriceText,
  needsPriceFetch,
  PRICING_TIMER_TICK_MS,
  type PriceCell,
  type PriceCellFacts,
  type PriceFetch,
  priceCell,
  priceRefetchKey,
  type Requisition,
  type UserInfo,
} from '@gear/domain';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConfig } from '../api/context.tsx';
import { useAppliedPrice } from '../api/pricing.ts';

/** Milliseconds spent waiting, updated by a timer that ticks every second while active (spec 1 §4.6, §9). */
export function useWaitingTime(active: boolean): number {
  const [waitedMs, setWaitedMs] = useState(0);
  useEffect(() => {
    setWaitedMs(0);
    if (!active) return;
    const start = Date.now();
    const timer = setInterval(() => setWaitedMs(Date.now() - start), PRICING_TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return waitedMs;
}

export interface PriceCellInput {
  requisition: Pick<Requisition, 'id' | 'billingMethod' | 'panel' | 'components' | 'addons'>;
  /** The billing method priced (the requisition's, or an option being offered). */
  billingMethod: BillingMethod | null;
  facts: Omit<PriceCellFacts, 'billingMethod'>;
  user: Pick<UserInfo, 'type'>;
}

/**
 * The price cell of a requisition under a billing method (spec 1 §4.6, spec 3 §4): fetched only when the domain says
 * so (never for Physician Account), a placeholder while loading with the slow-pricing warning after 30 s, then priced
 * or the price failure.
 */
export function usePriceCell({ requisition, billingMethod, facts, user }: PriceCellInput): PriceCell {
  const { supportPhone } = useConfig();
  const cellFacts: PriceCellFacts = { ...facts, billingMethod };
  const fetchNeeded = needsPriceFetch(cellFacts) && billingMethod !== null;
  const query = useAppliedPrice(
    requisition.id,
    billingMethod ?? BILLING_METHODS.physicianAccount,
    priceRefetchKey(requisition, facts.insuranceProvider),
    fetchNeeded,
  );
  const waiting = fetchNeeded && query.isPending;
  const waitedMs = useWaitingTime(waiting);
  let fetch: PriceFetch;
  if (query.isError) fetch = { status: 'failed' };
  else if (query.data) fetch = { status: 'done', result: query.data };
  else fetch = { status: 'loading', waitedMs };
  return priceCell(cellFacts, fetch, user, supportPhone);
}

export interface PriceCellViewProps {
  cell: PriceCell;
  billingMethod: BillingMethod | null;
  office: { address: Pick<Address, 'state'> };
  /** Labels the price for assistive technology (e.g. the option it belongs to). */
  label?: string;
}

/** What a price cell shows: the price (for Bill Insurance the initial payment and range), or the state's message. */
export function PriceCellView({ cell, billingMethod, office, label }: PriceCellViewProps) {
  switch (cell.state) {
    case 'priced': {
      const fees = includedFeesText(cell.fees);
      const price = (
        <Text size="sm" fw={600} aria-label={label ? `${label}: price` : undefined}>
          {billingMethod === BILLING_METHODS.insurance
            ? insurancePriceText(cell.price, cell.maxOutOfPocket, office)
            : formatCents(cell.price)}
        </Text>
      );
      // spec 3 §9 special fee lines (decision 0051) under the price they are part of.
      return fees === null ? (
        price
      ) : (
        <Stack gap={0}>
          {price}
          <Text size="xs" c="dark.6">
            {fees}
          </Text>
        </Stack>
      );
    }
    case 'physicianAccount':
      return (
        <Text size="sm">
          <Text span fw={600}>
            {formatCents(cell.price)}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            Billed to the practitioner account
          </Text>
        </Text>
      );
    case 'loading':
      return (
        <Stack gap={4} aria-live="polite">
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Calculating price…
            </Text>
          </Group>
          {cell.slowWarning && (
            <Text size="sm" c="orange.9" role="status">
              {cell.slowWarning}
            </Text>
          )}
        </Stack>
      );
    case 'error':
      return (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {cell.price}
          </Text>
          <Text size="sm">{cell.detail}</Text>
          <Text size="sm" c="red.9" role="alert">
            {cell.notice}
          </Text>
        </Stack>
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {cell.message}
        </Text>
      );
  }
}
