import {
  type Address,
  BILLING_METHODS,
  type BillingMethod,
  type Office,
  type Requisition,
  type UserInfo,
} from '../contract/order.ts';
import type { PriceLine, PriceResult } from '../contract/pricing.ts';
import { MESSAGES, messages } from '../messages.ts';
import { INTERNATIONAL_SURCHARGE } from './price-engine.ts';

/** spec 1 §9: 'Pricing slow warning at 30 seconds; a timer ticks every 1 second.' */
export const PRICING_SLOW_AFTER_MS = 30_000;
export const PRICING_TIMER_TICK_MS = 1_000;

export const isPricingSlow = (waitedMs: number): boolean => waitedMs >= PRICING_SLOW_AFTER_MS;

/** US dollars with two decimals and grouped thousands, by the platform's Intl (issue 15: no hand-written money). */
const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Integer cents as dollars with 2 decimals (spec 1 §9, spec 3 §9): 45900 → '$459.00', -150 → '-$1.50'. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  // cents / 100 is the double nearest the exact amount; two decimals always print that amount back.
  return DOLLARS.format(cents / 100);
}

/**
 * spec 3 §9 special fee lines shown under a price (decision 0051): 'Includes Physician Fee $25.00, Shipping &
 * Handling Fee $14.95' (a discount shows its minus sign); null without fee lines.
 */
export function includedFeesText(fees: readonly PriceLine[]): string | null {
  if (fees.length === 0) return null;
  return `Includes ${fees.map((line) => `${line.name} ${formatCents(line.price)}`).join(', ')}`;
}

/** The facts that decide a price cell before any price is fetched (spec 1 §4.6, spec 3 §4 'Payment page'). */
export interface PriceCellFacts {
  billingMethod: BillingMethod | null;
  doNotQuotePrices: boolean;
  /** The primary insurance's provider code, null until the insurance step is completed. */
  insuranceProvider: string | null;
  /**
   * Where the cell is shown: the payment page (default) prices the order as billed; the billing options step shows
   * each option's estimate before the patient's insurance is known (docs/decisions/0012).
   */
  shownOn?: 'payment' | 'billingOptions';
}

export type PriceCellPrecondition =
  | 'doNotQuote'
  | 'physicianAccount'
  | 'billingMethodRequired'
  | 'billingOptionUnknown'
  | 'insuranceRequired';

/**
 * The states of spec 3 §4 'Price cell states' that need no price: do-not-quote ('No pricing is shown when the
 * practitioner set doNotQuotePrices', spec 3 §6), Physician Account (not fetched, spec 1 §4.6), billing method
 * required, insurance required. Assumptions (spec silent): 'billing option is unknown' is the state of 'Let my patient
 * select their billing option'; only Bill Insurance waits for the insurance step, and only where the order is priced
 * as billed (not on the billing options step, whose insurance estimate is the list's initial payment and range).
 */
export function priceCellPrecondition(facts: PriceCellFacts): PriceCellPrecondition | null {
  if (facts.doNotQuotePrices) return 'doNotQuote';
  if (facts.billingMethod === BILLING_METHODS.physicianAccount) return 'physicianAccount';
  if (facts.billingMethod === null) return 'billingMethodRequired';
  if (facts.billingMethod === BILLING_METHODS.patientSelects) return 'billingOptionUnknown';
  const hasInsuranceProvider = (facts.insuranceProvider ?? '').trim() !== '';
  const waitsForInsurance = facts.shownOn !== 'billingOptions';
  if (facts.billingMethod === BILLING_METHODS.insurance && !hasInsuranceProvider && waitsForInsurance)
    return 'insuranceRequired';
  return null;
}

/** Whether the price of a requisition is fetched at all (spec 1 §4.6: 'Physician Account is not fetched'). */
export const needsPriceFetch = (facts: PriceCellFacts): boolean => priceCellPrecondition(facts) === null;

/**
 * spec 3 §4 'Prices are re-fetched when billing method, panel, components, addons or insurance change': a key that
 * changes exactly when one of those does (components and add-ons in any order).
 */
export function priceRefetchKey(
  requisition: Pick<Requisition, 'id' | 'billingMethod' | 'panel' | 'components' | 'addons'>,
  insuranceProvider: string | null,
): string {
  const components = [...requisition.components].sort((a, b) => a - b);
  const addons = requisition.addons
    .map((addOn) => [addOn.omsInputFieldID, addOn.cptQuantity] as const)
    .sort(([a], [b]) => a - b);
  const { id, billingMethod, panel } = requisition;
  return JSON.stringify([id, billingMethod, panel, components, addons, insuranceProvider]);
}

/** spec 1 §4.6: a price is a placeholder while loading, then priced or in error. */
export type PriceFetch =
  | { status: 'loading'; waitedMs: number }
  | { status: 'failed' }
  | {
      status: 'done';
      result: Pick<PriceResult, 'price' | 'maxOutOfPocket' | 'error'> & Partial<Pick<PriceResult, 'items'>>;
    };

export type PriceCell =
  | { state: 'doNotQuote'; message: string }
  | { state: 'physicianAccount'; price: 0 }
  | { state: 'billingMethodRequired'; message: string }
  | { state: 'billingOptionUnknown'; message: string }
  | { state: 'insuranceRequired'; message: string }
  | { state: 'loading'; slowWarning: string | null }
  | { state: 'error'; price: string; detail: string; notice: string }
  | { state: 'priced'; price: number; maxOutOfPocket: number | null; fees: PriceLine[] };

/** spec 1 §8 'Price failure': the notice, with ' or consult our Fee Schedule' for non-prc users. */
export function priceFailureNotice(user: Pick<UserInfo, 'type'>, phone: string): string {
  const notice = messages(phone).priceFailure;
  return user.type === 'prc' ? notice : `${notice}${MESSAGES.priceFailureFeeScheduleSuffix}`;
}

function preconditionCell(precondition: PriceCellPrecondition, phone: string): PriceCell {
  switch (precondition) {
    case 'doNotQuote':
      return { state: 'doNotQuote', message: MESSAGES.doNotQuotePrices };
    case 'physicianAccount':
      return { state: 'physicianAccount', price: 0 };
    case 'billingMethodRequired':
      return { state: 'billingMethodRequired', message: MESSAGES.priceNeedsBillingOption };
    case 'billingOptionUnknown':
      return { state: 'billingOptionUnknown', message: messages(phone).billingOptionUnknown };
    case 'insuranceRequired':
      return { state: 'insuranceRequired', message: MESSAGES.priceNeedsInsurance };
  }
}

function fetchedCell(fetch: PriceFetch, user: Pick<UserInfo, 'type'>, phone: string): PriceCell {
  if (fetch.status === 'loading') {
    return { state: 'loading', slowWarning: isPricingSlow(fetch.waitedMs) ? MESSAGES.pricingSlow : null };
  }
  if (fetch.status === 'done' && fetch.result.error === 'billingOptionUnknown') {
    return preconditionCell('billingOptionUnknown', phone);
  }
  if (fetch.status === 'done' && fetch.result.error === null && fetch.result.price !== null) {
    return {
      state: 'priced',
      price: fetch.result.price,
      maxOutOfPocket: fetch.result.maxOutOfPocket,
      fees: (fetch.result.items ?? []).filter((line) => line.feeItem),
    };
  }
  return {
    state: 'error',
    price: MESSAGES.unableToDeterminePrice,
    detail: MESSAGES.pricingUnavailable,
    notice: priceFailureNotice(user, phone),
  };
}

/** The price cell of one requisition (spec 1 §4.6, §8; spec 3 §4 'Payment page', §8 Pricing). */
export function priceCell(
  facts: PriceCellFacts,
  fetch: PriceFetch,
  user: Pick<UserInfo, 'type'>,
  phone: string,
): PriceCell {
  const precondition = priceCellPrecondition(facts);
  return precondition === null ? fetchedCell(fetch, user, phone) : preconditionCell(precondition, phone);
}

type OfficeLocation = Pick<Office, 'reqLayoutId'> & { address: Pick<Address, 'state' | 'country'> };

const isNewYorkOrFlorida = (office: { address: Pick<Address, 'state'> }): boolean =>
  ['NY', 'FL'].includes(office.address.state.trim().toUpperCase());

/** spec 1 §6: 'NY and FL offices do not show the out-of-pocket range.' */
export const showsOutOfPocketRange = (office: { address: Pick<Address, 'state'> }): boolean =>
  !isNewYorkOrFlorida(office);

/** spec 3 §3 insurance providers 'that matter here'. */
export const GOVERNMENT_INSURANCE_PROVIDERS: readonly string[] = [
  'medicare',
  'medicaid',
  'tricare',
  'medicare_railroad',
];

/**
 * spec 3 §6: 'The insurance billing column is hidden for Medicare, Medicaid, Tricare, Railroad Medicare and for New
 * York and Florida practitioners.'
 */
export function isInsuranceColumnHidden(
  insuranceProvider: string | null,
  office: { address: Pick<Address, 'state'> },
): boolean {
  const provider = (insuranceProvider ?? '').trim().toLowerCase();
  return GOVERNMENT_INSURANCE_PROVIDERS.includes(provider) || isNewYorkOrFlorida(office);
}

/** spec 1 §9: 'an initial payment plus an additional-after-insurance range up to maxOutOfPocket minus price'. */
export interface InsurancePriceRange {
  initialPayment: number;
  additionalAfterInsurance: { from: 0; to: number };
}

export function insurancePriceRange(price: number, maxOutOfPocket: number | null): InsurancePriceRange {
  return {
    initialPayment: price,
    additionalAfterInsurance: { from: 0, to: Math.max(0, (maxOutOfPocket ?? price) - price) },
  };
}

/**
 * The Bill Insurance price as text. The words are ours (the spec gives the parts, not the sentence); the range is left
 * out for NY and FL offices and, an assumption, when there is nothing to add after insurance.
 */
export function insurancePriceText(
  price: number,
  maxOutOfPocket: number | null,
  office: { address: Pick<Address, 'state'> },
): string {
  const { initialPayment, additionalAfterInsurance } = insurancePriceRange(price, maxOutOfPocket);
  const initial = `${formatCents(initialPayment)} initial payment`;
  if (!showsOutOfPocketRange(office) || additionalAfterInsurance.to === 0) return initial;
  const range = `${formatCents(additionalAfterInsurance.from)} to ${formatCents(additionalAfterInsurance.to)}`;
  return `${initial}, plus ${range} additional after insurance`;
}

/**
 * spec 1 §6: 'Office layout (reqLayoutId missing, 0 or 2 are domestic) and an office in Canada, NY or FL change the
 * pricing text.'
 */
export type PricingRegion = 'domestic' | 'newYorkOrFlorida' | 'canada' | 'international';

const isDomesticLayout = (reqLayoutId: number | null | undefined): boolean =>
  reqLayoutId === null || reqLayoutId === undefined || reqLayoutId === 0 || reqLayoutId === 2;

const isCanadianOffice = (office: OfficeLocation): boolean =>
  ['canada', 'ca', 'can'].includes(office.address.country.trim().toLowerCase());

export function pricingRegion(office: OfficeLocation): PricingRegion {
  if (isCanadianOffice(office)) return 'canada';
  if (!isDomesticLayout(office.reqLayoutId)) return 'international';
  return isNewYorkOrFlorida(office) ? 'newYorkOrFlorida' : 'domestic';
}

/**
 * The pricing text of each region. The spec says these texts differ but not what they say, so the words are ours,
 * built from the spec's facts (spec 3 §9 surcharge, spec 1 §6 no range in NY and FL).
 */
export const PRICING_REGION_NOTES: Readonly<Record<PricingRegion, string | null>> = {
  domestic: null,
  newYorkOrFlorida: 'Any amount due after insurance depends on the insurance plan and is not estimated here.',
  canada:
    'Prices are in US dollars. Collection packs shipped to a patient in Canada carry an International Surcharge of ' +
    `${formatCents(INTERNATIONAL_SURCHARGE.cents)} unless they are billed to the physician account.`,
  international: 'Prices are in US dollars.',
};

export const pricingRegionNote = (office: OfficeLocation): string | null =>
  PRICING_REGION_NOTES[pricingRegion(office)];
