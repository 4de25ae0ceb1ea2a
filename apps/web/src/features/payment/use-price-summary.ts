import {
  BILLING_METHODS,
  type Discount,
  needsPriceFetch,
  type OrderPriceSummary,
  orderPriceSummary,
  type PriceCellFacts,
  type PriceFetch,
  priceCell,
  priceRefetchKey,
  type SavedOrder,
  type SummaryPrice,
  type UserInfo,
} from '@gear/domain';
import { useQueries } from '@tanstack/react-query';
import { useApi, useConfig } from '../../api/context.tsx';
import { useAppliedDiscount } from '../../api/discounts.ts';
import { queryKeys } from '../../api/keys.ts';
import { fetchAppliedPrice } from '../../api/pricing.ts';
import { useWaitingTime } from '../../components/price-cell.tsx';

export interface PriceSummaryOptions {
  /**
   * Whether the payer pays the tests now: a patient always (the default for prc users); a practitioner after choosing
   * 'I will provide payment now' (the payment section passes its toggle).
   */
  payingNow?: boolean;
  /** The expedited shipping charge paid with the order, integer cents. */
  expeditedShipping?: number;
}

/**
 * The order price summary of the payment page (spec 3 §2, §4; decision 0131): each live requisition's price fetched
 * under its billing method (the same query as every price cell, keyed by priceRefetchKey so a change of billing
 * method, panel, components, add-ons or insurance fetches it again), the applied discount, and the domain's
 * orderPriceSummary over them. Payment Due Today is `summary.paymentDueToday` (domain amountDueToday).
 */
export function usePriceSummary(
  order: SavedOrder,
  user: UserInfo,
  options: PriceSummaryOptions = {},
): { summary: OrderPriceSummary; discount: Discount | null } {
  const api = useApi();
  const { supportPhone } = useConfig();
  const discount = useAppliedDiscount(order.id);
  const live = order.requisitions.filter((r) => !r.canceled);
  const insuranceProvider = order.insurance?.insuranceProvider ?? null;
  const factsOf = (billingMethod: PriceCellFacts['billingMethod']): PriceCellFacts => ({
    billingMethod,
    doNotQuotePrices: order.practitioner?.doNotQuotePrices ?? false,
    insuranceProvider,
  });
  const queries = useQueries({
    queries: live.map((requisition) => {
      const billingMethod = requisition.billingMethod ?? BILLING_METHODS.physicianAccount;
      return {
        queryKey: queryKeys.appliedPrice(
          requisition.id,
          billingMethod,
          priceRefetchKey(requisition, insuranceProvider),
        ),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchAppliedPrice(api, requisition.id, billingMethod, signal),
        enabled: requisition.billingMethod !== null && needsPriceFetch(factsOf(requisition.billingMethod)),
        staleTime: 60_000,
        retry: false,
      };
    }),
  });
  const waiting = live.some(
    (requisition, index) =>
      requisition.billingMethod !== null &&
      needsPriceFetch(factsOf(requisition.billingMethod)) &&
      queries[index]?.isPending,
  );
  const waitedMs = useWaitingTime(waiting);
  const prices: Record<number, SummaryPrice> = {};
  live.forEach((requisition, index) => {
    const query = queries[index];
    let fetch: PriceFetch;
    if (query?.isError) fetch = { status: 'failed' };
    else if (query?.data) fetch = { status: 'done', result: query.data };
    else fetch = { status: 'loading', waitedMs };
    prices[requisition.id] = {
      cell: priceCell(factsOf(requisition.billingMethod), fetch, user, supportPhone),
      items: query?.data?.items ?? [],
    };
  });
  const summary = orderPriceSummary({
    order,
    prices,
    discount,
    payingNow: options.payingNow ?? user.type === 'prc',
    expeditedShipping: options.expeditedShipping ?? 0,
  });
  return { summary, discount };
}
