import { isCovidProduct } from '../billing/billing-options.ts';
import type { InputField } from '../contract/catalogue.ts';
import {
  type Address,
  BILLING_METHODS,
  type BillingMethod,
  type GearOrder,
  type Requisition,
  type WorkflowStep,
} from '../contract/order.ts';
import type { PriceError, PriceLine, PriceResult } from '../contract/pricing.ts';

/** The catalogue's price lists: patient pay, insurance initial payment, Medicare, Tricare, physician account. */
export const PRICE_TYPES = ['PTPAY', 'IIP', 'MEDICARE', 'TRICARE', 'CLIENT'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** spec 1 §9 'Pricing display types: PTPAY and IIP' (the per-field price map of spec 1 §7). */
export const PRICING_DISPLAY_TYPES = ['PTPAY', 'IIP'] as const satisfies readonly PriceType[];
export type PricingDisplayType = (typeof PRICING_DISPLAY_TYPES)[number];

/**
 * One price-list row. inputFieldId null is the item's own price, else the price of that component or add-on.
 * gsdlNo null is the list price, else that practitioner's override. maxOutOfPocketCents is for IIP rows only.
 */
export interface PriceListRow {
  type: PriceType;
  itemId: number;
  inputFieldId: number | null;
  gsdlNo: string | null;
  priceCents: number;
  maxOutOfPocketCents: number | null;
}

/** spec 3 §9 'Special fee names'. */
export const SPECIAL_FEE_NAMES = {
  internationalSurcharge: 'International Surcharge',
  physicianFee: 'Physician Fee',
  shippingAndHandling: 'Shipping & Handling Fee',
  multipleProductDiscount: 'Multiple Product Discount',
} as const;

/**
 * The special fees of spec 3 §9 whose amounts the spec does not give: each is a row of the special fee table, per
 * price list and, as an override, per practitioner (docs/decisions/0051).
 */
export const SPECIAL_FEES = ['physicianFee', 'shippingAndHandling', 'multipleProductDiscount'] as const;
export type SpecialFee = (typeof SPECIAL_FEES)[number];

/** One special fee amount: for a price list, the list's (gsdlNo null) or a practitioner's override. */
export interface SpecialFeeRow {
  fee: SpecialFee;
  priceType: PriceType;
  gsdlNo: string | null;
  /** Cents, zero or more; the Multiple Product Discount is subtracted. Zero waives the line. */
  amountCents: number;
}

/**
 * Where a requisition stands among the physician-in-the-loop (PITL) requisitions of its order (decision 0051):
 * whether it is PITL, and whether it is the first live one (which carries the once-per-order fees).
 */
export interface PitlPlace {
  pitl: boolean;
  first: boolean;
}

export const NOT_PITL: PitlPlace = { pitl: false, first: false };

/**
 * spec 3 §1 'A physician-in-the-loop (PITL) order variant exists, with its own fees': a requisition is PITL when the
 * order or the requisition says so; the first PITL requisition not canceled, in the order's order, is the first.
 */
export function pitlPlaceOf(
  order: Pick<GearOrder, 'physicianInTheLoop'> & {
    requisitions: readonly Pick<Requisition, 'id' | 'physicianInTheLoop' | 'canceled'>[];
  },
  requisitionId: number,
): PitlPlace {
  const isPitl = (r: Pick<Requisition, 'physicianInTheLoop'>) =>
    order.physicianInTheLoop || r.physicianInTheLoop;
  const requisition = order.requisitions.find((r) => r.id === requisitionId);
  if (!requisition || !isPitl(requisition)) return NOT_PITL;
  const firstLive = order.requisitions.find((r) => isPitl(r) && !r.canceled);
  return { pitl: true, first: firstLive === undefined || firstLive.id === requisitionId };
}

/** spec 3 §9: 'International Surcharge of $30 for Canada … effective from 8 January 2024'. */
export const INTERNATIONAL_SURCHARGE = { cents: 3000, effectiveFrom: '2024-01-08' } as const;

/** spec 1 §9: 'Special component id 6587 adds the price of component 6700.' */
export const COMPONENT_PRICE_ADDITIONS: Readonly<Record<number, number>> = { 6587: 6700 };

type NamedField = Pick<InputField, 'id' | 'name'>;

/** The parts of an orderable item (catalogue/types.ts OrderableItem) that pricing reads. */
export interface PricedItem {
  id: number;
  name: string;
  mixedComponentPricing: boolean;
  profileList: readonly (NamedField &
    Pick<InputField, 'displayOnly'> & {
      profileComponents: readonly NamedField[];
      addOnList: readonly NamedField[];
    })[];
  inputFields: readonly NamedField[];
}

export interface PriceRequest {
  rows: readonly PriceListRow[];
  item: PricedItem;
  requisition: Pick<Requisition, 'id' | 'panel' | 'components' | 'addons' | 'quantity' | 'dropShip'>;
  billingMethod: BillingMethod;
  practitioner: { gsdlNo: string; office: { address: Pick<Address, 'country'> } };
  /** The primary insurance's provider code (spec 1 §9 carrier codes), or null before the insurance step. */
  insuranceProvider: string | null;
  /** The date the surcharge's effective date is compared with (YYYY-MM-DD); see surchargeReferenceDate. */
  pricingDate: string;
  /** The special fee table (decision 0051); an empty list charges none. */
  feeRows: readonly SpecialFeeRow[];
  /** The requisition's place among its order's PITL requisitions (pitlPlaceOf); NOT_PITL for others. */
  pitl: PitlPlace;
}

/** How a billing method is priced. */
type Pricing = { kind: 'list'; type: PriceType } | { kind: 'free' } | { kind: 'unknown' };

/** Provider codes priced from the Tricare list (spec 1 §9 lists champus, Tricare's former name, apart). */
const TRICARE_PROVIDERS: readonly string[] = ['tricare', 'champus'];

/**
 * The price list of each billing method. Physician Account is priced from CLIENT (issue 4).
 * Assumptions (spec silent): Medicare or Tricare is priced from TRICARE when the patient's provider is tricare or
 * champus, else from MEDICARE; Uninsured is the patient-pay price; Uninsured (HRSA Elligible) costs the patient
 * nothing; 'Let my patient select' has no price until the patient chooses.
 */
function pricingOf(billingMethod: BillingMethod, request: PriceRequest): Pricing {
  switch (billingMethod) {
    case BILLING_METHODS.physicianAccount:
      return { kind: 'list', type: 'CLIENT' };
    case BILLING_METHODS.insurance:
      // spec 1 §9: for COVID products 'the insurance price shows $0.00'.
      return isCovidProduct(request.item.id) ? { kind: 'free' } : { kind: 'list', type: 'IIP' };
    case BILLING_METHODS.patientPay:
    case BILLING_METHODS.uninsured:
      return { kind: 'list', type: 'PTPAY' };
    case BILLING_METHODS.medicare:
      return { kind: 'list', type: isTricarePatient(request.insuranceProvider) ? 'TRICARE' : 'MEDICARE' };
    case BILLING_METHODS.uninsuredHrsa:
      return { kind: 'free' };
    case BILLING_METHODS.patientSelects:
      return { kind: 'unknown' };
  }
}

const isTricarePatient = (provider: string | null): boolean =>
  provider !== null && TRICARE_PROVIDERS.includes(provider.trim().toLowerCase());

/** A part of the selection that carries a price: the item itself (inputFieldId null), a component or an add-on. */
interface SelectedPart {
  inputFieldId: number | null;
  name: string;
  /** A component whose price is added to this part's (spec 1 §9, 6587 → 6700). */
  addsPriceOf: number | null;
}

function fieldNames(item: PricedItem): Map<number, string> {
  const fields = [
    ...item.inputFields,
    ...item.profileList.flatMap((profile) => [profile, ...profile.profileComponents, ...profile.addOnList]),
  ];
  return new Map(fields.map((field) => [field.id, field.name]));
}

/** A mixed-component item is priced by component unless a whole (not display-only) profile of it is selected. */
function isPricedByComponent(item: PricedItem, panel: number | null): boolean {
  if (!item.mixedComponentPricing) return false;
  return !item.profileList.some((profile) => profile.id === panel && !profile.displayOnly);
}

/**
 * Assumption (spec silent): 6587 adds 6700's price only when 6700 is not selected as well, so that the standard
 * lipid panel is never charged twice.
 */
function addedComponentOf(componentId: number, selectedComponents: readonly number[]): number | null {
  const added = COMPONENT_PRICE_ADDITIONS[componentId];
  return added === undefined || selectedComponents.includes(added) ? null : added;
}

/** The priced parts of a selection; null when it names a field the item does not have. */
function selectedParts(request: PriceRequest): SelectedPart[] | null {
  const { item, requisition } = request;
  const names = fieldNames(item);
  const part = (inputFieldId: number, addsPriceOf: number | null = null): SelectedPart | null => {
    const name = names.get(inputFieldId);
    return name === undefined ? null : { inputFieldId, name, addsPriceOf };
  };
  const base: (SelectedPart | null)[] = isPricedByComponent(item, requisition.panel)
    ? requisition.components.map((id) => part(id, addedComponentOf(id, requisition.components)))
    : [{ inputFieldId: null, name: item.name, addsPriceOf: null }];
  const addOns = requisition.addons.map((addOn) => part(addOn.omsInputFieldID));
  const parts = [...base, ...addOns];
  return parts.every((p) => p !== null) ? parts : null;
}

/** The rows one item is priced from, for one practitioner. */
interface PriceListScope {
  rows: readonly PriceListRow[];
  itemId: number;
  gsdlNo: string;
}

const scopeOf = (request: PriceRequest): PriceListScope => ({
  rows: request.rows,
  itemId: request.item.id,
  gsdlNo: request.practitioner.gsdlNo,
});

/** The practitioner's override of a row wins over the list row (issue 4); other practitioners' rows never apply. */
function findRow(
  scope: PriceListScope,
  type: PriceType,
  inputFieldId: number | null,
): PriceListRow | undefined {
  const matching = scope.rows.filter(
    (row) => row.type === type && row.itemId === scope.itemId && row.inputFieldId === inputFieldId,
  );
  return matching.find((row) => row.gsdlNo === scope.gsdlNo) ?? matching.find((row) => row.gsdlNo === null);
}

interface Amount {
  price: number;
  /** Assumption (spec silent): an IIP row without a maximum has no range, so its maximum is its price. */
  maxOutOfPocket: number;
}

const NOTHING: Amount = { price: 0, maxOutOfPocket: 0 };

const add = (a: Amount, b: Amount): Amount => ({
  price: a.price + b.price,
  maxOutOfPocket: a.maxOutOfPocket + b.maxOutOfPocket,
});

function rowAmount(scope: PriceListScope, type: PriceType, inputFieldId: number | null): Amount | null {
  const row = findRow(scope, type, inputFieldId);
  return row === undefined
    ? null
    : { price: row.priceCents, maxOutOfPocket: row.maxOutOfPocketCents ?? row.priceCents };
}

function partAmount(request: PriceRequest, pricing: Pricing, part: SelectedPart): Amount | null {
  if (pricing.kind !== 'list') return NOTHING;
  const scope = scopeOf(request);
  const own = rowAmount(scope, pricing.type, part.inputFieldId);
  if (part.addsPriceOf === null || own === null) return own;
  const added = rowAmount(scope, pricing.type, part.addsPriceOf);
  return added === null ? null : add(own, added);
}

interface Quote {
  price: number;
  maxOutOfPocket: number;
  items: PriceLine[];
}

/**
 * Assumptions (spec silent): the requisition's quantity multiplies every part; an add-on's cptQuantity is the number
 * of CPT units billed, not a multiplier of its listed price (the demo add-on 4262 lists 10 units at one price).
 */
function quoteParts(request: PriceRequest, pricing: Pricing, parts: readonly SelectedPart[]): Quote | null {
  const items: PriceLine[] = [];
  let total = NOTHING;
  for (const part of parts) {
    const amount = partAmount(request, pricing, part);
    if (amount === null) return null;
    const forQuantity = {
      price: amount.price * request.requisition.quantity,
      maxOutOfPocket: amount.maxOutOfPocket * request.requisition.quantity,
    };
    items.push({ name: part.name, price: forQuantity.price, feeItem: false });
    total = add(total, forQuantity);
  }
  return { ...total, items };
}

const isCanada = (country: string): boolean => ['canada', 'ca', 'can'].includes(country.trim().toLowerCase());

/**
 * spec 3 §9: 'International Surcharge of $30 for Canada when dropShip and billing method is not Physician Account,
 * effective from 8 January 2024.' Canada is the practitioner's office (spec 3 calls international-layout orders
 * 'Canada orders'). Assumption: once per requisition, whatever its quantity.
 */
export function internationalSurchargeApplies(request: PriceRequest, billingMethod: BillingMethod): boolean {
  return (
    request.requisition.dropShip &&
    billingMethod !== BILLING_METHODS.physicianAccount &&
    isCanada(request.practitioner.office.address.country) &&
    request.pricingDate.slice(0, 10) >= INTERNATIONAL_SURCHARGE.effectiveFrom
  );
}

/**
 * spec 3 §9: 'The effective date is also based on the date of workflow step 10': the date of the payment step when
 * it has one, else today (YYYY-MM-DD).
 */
export function surchargeReferenceDate(
  steps: readonly Pick<WorkflowStep, 'id' | 'stepDate'>[],
  today: string,
): string {
  const paymentStepDate = steps.find((step) => step.id === 10 && step.stepDate !== null)?.stepDate;
  return (paymentStepDate ?? today).slice(0, 10);
}

function withSurcharge(request: PriceRequest, billingMethod: BillingMethod, quoted: Quote): Quote {
  if (!internationalSurchargeApplies(request, billingMethod)) return quoted;
  const surcharge = INTERNATIONAL_SURCHARGE.cents;
  return {
    price: quoted.price + surcharge,
    maxOutOfPocket: quoted.maxOutOfPocket + surcharge,
    items: [
      ...quoted.items,
      { name: SPECIAL_FEE_NAMES.internationalSurcharge, price: surcharge, feeItem: true },
    ],
  };
}

/**
 * The amount of a special fee on a price list for a practitioner: their override wins over the list's row; no row
 * (or zero) charges nothing (decision 0051).
 */
export function specialFeeAmount(
  feeRows: readonly SpecialFeeRow[],
  fee: SpecialFee,
  priceType: PriceType,
  gsdlNo: string,
): number {
  const matching = feeRows.filter((row) => row.fee === fee && row.priceType === priceType);
  const row = matching.find((r) => r.gsdlNo === gsdlNo) ?? matching.find((r) => r.gsdlNo === null);
  return Math.max(0, row?.amountCents ?? 0);
}

/**
 * spec 3 §9 'Physician Fee, Shipping & Handling Fee, Multiple Product Discount' on a PITL requisition priced from a
 * list (decision 0051): the first PITL requisition of the order carries the Physician Fee and the Shipping &
 * Handling Fee (one review, one shipment); each later one the Multiple Product Discount. Once per requisition,
 * whatever its quantity; the discount never takes the price below zero.
 */
export function specialFeeLines(request: PriceRequest, priceType: PriceType): PriceLine[] {
  if (!request.pitl.pitl) return [];
  const amount = (fee: SpecialFee) =>
    specialFeeAmount(request.feeRows, fee, priceType, request.practitioner.gsdlNo);
  const fees: [SpecialFee, number][] = request.pitl.first
    ? [
        ['physicianFee', amount('physicianFee')],
        ['shippingAndHandling', amount('shippingAndHandling')],
      ]
    : [['multipleProductDiscount', -amount('multipleProductDiscount')]];
  return fees
    .filter(([, cents]) => cents !== 0)
    .map(([fee, cents]) => ({ name: SPECIAL_FEE_NAMES[fee], price: cents, feeItem: true }));
}

function withSpecialFees(request: PriceRequest, pricing: Pricing, quoted: Quote): Quote {
  if (pricing.kind !== 'list') return quoted;
  const lines = specialFeeLines(request, pricing.type);
  if (lines.length === 0) return quoted;
  const total = lines.reduce((sum, line) => sum + line.price, 0);
  return {
    price: Math.max(0, quoted.price + total),
    maxOutOfPocket: Math.max(0, quoted.maxOutOfPocket + total),
    items: [...quoted.items, ...lines],
  };
}

/** The price of the selection under one price list; billingMethod decides the surcharge. */
function quote(request: PriceRequest, billingMethod: BillingMethod, pricing: Pricing): Quote | PriceError {
  if (pricing.kind === 'unknown') return 'billingOptionUnknown';
  const parts = selectedParts(request);
  if (parts === null || parts.length === 0) return 'unableToDeterminePrice';
  const quoted = quoteParts(request, pricing, parts);
  if (quoted === null) return 'unableToDeterminePrice';
  return withSurcharge(request, billingMethod, withSpecialFees(request, pricing, quoted));
}

const priceOrNull = (quoted: Quote | PriceError): number | null =>
  typeof quoted === 'string' ? null : quoted.price;

/** Out-of-pocket maxima belong to insurance billing: the IIP list, or a COVID product's $0.00 insurance price. */
const hasOutOfPocketRange = (billingMethod: BillingMethod): boolean =>
  billingMethod === BILLING_METHODS.insurance;

/**
 * spec 3 §3: the price result of one requisition under a billing method, with the special fee lines of spec 3 §9
 * (feeItem true): the PITL fees of decision 0051 and the International Surcharge.
 */
export function priceRequisition(request: PriceRequest): PriceResult {
  const { billingMethod } = request;
  const quoted = quote(request, billingMethod, pricingOf(billingMethod, request));
  const medicareMethod = BILLING_METHODS.medicare;
  const common = {
    gearRequisitionId: request.requisition.id,
    billingMethod,
    medicarePrice: priceOrNull(quote(request, medicareMethod, { kind: 'list', type: 'MEDICARE' })),
    tricarePrice: priceOrNull(quote(request, medicareMethod, { kind: 'list', type: 'TRICARE' })),
  };
  if (typeof quoted === 'string') {
    return { ...common, price: null, maxOutOfPocket: null, items: [], error: quoted };
  }
  return {
    ...common,
    price: quoted.price,
    maxOutOfPocket: hasOutOfPocketRange(billingMethod) ? quoted.maxOutOfPocket : null,
    items: quoted.items,
    error: null,
  };
}

/**
 * spec 1 §7 GET /gear/api/inputFieldPriceMap/{orderableItemId}?gsdlNo: the price of each component and add-on of an
 * item by display type (PTPAY, IIP initial payment), the practitioner's overrides winning; 6587 includes 6700's price
 * (a field whose added price is missing is left out).
 */
export function inputFieldPriceMap(
  rows: readonly PriceListRow[],
  itemId: number,
  gsdlNo: string,
): Record<PricingDisplayType, Record<number, number>> {
  const scope: PriceListScope = { rows, itemId, gsdlNo };
  const fieldPrice = (type: PricingDisplayType, inputFieldId: number): number | null => {
    const own = rowAmount(scope, type, inputFieldId);
    const addedId = COMPONENT_PRICE_ADDITIONS[inputFieldId];
    if (own === null || addedId === undefined) return own?.price ?? null;
    const added = rowAmount(scope, type, addedId);
    return added === null ? null : own.price + added.price;
  };
  const priceMap = (type: PricingDisplayType): Record<number, number> => {
    const fieldIds = new Set(
      rows
        .filter((row) => row.itemId === itemId && row.type === type)
        .flatMap((row) => (row.inputFieldId === null ? [] : [row.inputFieldId])),
    );
    const entries = [...fieldIds].flatMap((id) => {
      const price = fieldPrice(type, id);
      return price === null ? [] : [[id, price] as const];
    });
    return Object.fromEntries(entries);
  };
  return { PTPAY: priceMap('PTPAY'), IIP: priceMap('IIP') };
}

/**
 * The item's own price on a list for a practitioner (their override winning), or null without a row: the 'item' entry
 * of the price map the panel selection step shows beside the product (docs/decisions/0006, 0012).
 */
export function itemListPrice(
  rows: readonly PriceListRow[],
  itemId: number,
  gsdlNo: string,
  type: PriceType,
): number | null {
  return rowAmount({ rows, itemId, gsdlNo }, type, null)?.price ?? null;
}
