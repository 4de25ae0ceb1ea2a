import { describe, expect, it } from 'vitest';
import type { BillingMethod, Requisition } from '../contract/order.ts';
import type { PriceResult } from '../contract/pricing.ts';
import {
  INTERNATIONAL_SURCHARGE,
  inputFieldPriceMap,
  itemListPrice,
  NOT_PITL,
  type PitlPlace,
  type PricedItem,
  type PriceListRow,
  type PriceRequest,
  type PriceType,
  pitlPlaceOf,
  priceRequisition,
  SPECIAL_FEE_NAMES,
  type SpecialFeeRow,
  specialFeeAmount,
  surchargeReferenceDate,
} from './price-engine.ts';

const PA = 'Physician Account';
const INS = 'Bill Insurance with Patient Payment';
const PAY = 'No Insurance Billing: Pay Full Amount';
const MCR = 'Medicare or Tricare';

/** Rows in the demo catalogue's shape: [type, price, maxOutOfPocket?] per item or field, list price unless gsdlNo. */
function rows(
  itemId: number,
  inputFieldId: number | null,
  prices: Partial<Record<PriceType, number | [number, number]>>,
  gsdlNo: string | null = null,
): PriceListRow[] {
  return Object.entries(prices).map(([type, value]) => ({
    type: type as PriceType,
    itemId,
    inputFieldId,
    gsdlNo,
    priceCents: Array.isArray(value) ? value[0] : (value ?? 0),
    maxOutOfPocketCents: Array.isArray(value) ? value[1] : null,
  }));
}

const field = (id: number, name: string) => ({ id, name });

const GI_EFFECTS: PricedItem = {
  id: 540,
  name: 'GI Effects Comprehensive Profile',
  mixedComponentPricing: false,
  profileList: [
    {
      ...field(5400, 'GI Effects Comprehensive Profile'),
      displayOnly: false,
      profileComponents: [field(5404, 'Calprotectin')],
      addOnList: [
        field(5413, 'Helicobacter pylori Stool Antigen'),
        field(5414, 'C. difficile Toxins A and B'),
      ],
    },
  ],
  inputFields: [],
};

const CARDIOMETABOLIC: PricedItem = {
  id: 700,
  name: 'Cardiometabolic Profile',
  mixedComponentPricing: true,
  profileList: [
    {
      ...field(6580, 'Cardiometabolic Profile'),
      displayOnly: false,
      profileComponents: [
        field(6700, 'Standard Lipid Panel'),
        field(6587, 'Lipoprotein Particle Profile (NMR)'),
        field(6581, 'High-Sensitivity C-Reactive Protein'),
      ],
      addOnList: [],
    },
    { ...field(6590, 'Lipid Essentials'), displayOnly: true, profileComponents: [], addOnList: [] },
  ],
  inputFields: [],
};

const COVID_PCR: PricedItem = {
  id: 902,
  name: 'COVID-19 PCR',
  mixedComponentPricing: false,
  profileList: [],
  inputFields: [],
};

const MENOPAUSE: PricedItem = { ...COVID_PCR, id: 895, name: 'Menopause Plus' };

const PRICE_LIST: PriceListRow[] = [
  ...rows(540, null, { PTPAY: 45900, IIP: [19900, 29900], CLIENT: 32500, MEDICARE: 0, TRICARE: 0 }),
  ...rows(540, 5413, { PTPAY: 5900, IIP: [2900, 5900], CLIENT: 3900, MEDICARE: 0, TRICARE: 0 }),
  ...rows(540, 5414, { PTPAY: 6900, IIP: [3900, 6900], CLIENT: 4900 }),
  ...rows(540, null, { CLIENT: 29500 }, 'P1001'),
  ...rows(540, null, { PTPAY: 40000 }, 'P1002'),
  ...rows(700, null, { PTPAY: 29900, IIP: [12900, 22900], CLIENT: 19900 }),
  ...rows(700, 6700, { PTPAY: 3900, IIP: [1900, 3900], CLIENT: 2500 }),
  ...rows(700, 6587, { PTPAY: 9900, IIP: [4900, 9900], CLIENT: 6900 }),
  ...rows(700, 6581, { PTPAY: 3900, CLIENT: 2500 }),
  ...rows(902, null, { PTPAY: 10900, IIP: [5000, 8000], CLIENT: 7500 }),
  ...rows(895, null, { PTPAY: 24900, IIP: [11900, 19900], CLIENT: 16900, MEDICARE: 4900, TRICARE: 7900 }),
];

/** Decision 0051: the special fee table in the demo's shape (list amounts, one practitioner override). */
const fee = (
  name: SpecialFeeRow['fee'],
  priceType: PriceType,
  amountCents: number,
  gsdlNo: string | null = null,
): SpecialFeeRow => ({ fee: name, priceType, gsdlNo, amountCents });

const FEE_ROWS: SpecialFeeRow[] = [
  fee('physicianFee', 'PTPAY', 2500),
  fee('shippingAndHandling', 'PTPAY', 1495),
  fee('multipleProductDiscount', 'PTPAY', 2000),
  fee('physicianFee', 'IIP', 2500),
  fee('shippingAndHandling', 'IIP', 1495),
  fee('multipleProductDiscount', 'IIP', 2000),
  fee('physicianFee', 'MEDICARE', 1000),
  fee('physicianFee', 'PTPAY', 0, 'P1002'),
  fee('shippingAndHandling', 'PTPAY', 995, 'P1002'),
];

interface Ask {
  item?: PricedItem;
  billingMethod?: BillingMethod;
  gsdlNo?: string;
  country?: string;
  insuranceProvider?: string | null;
  pricingDate?: string;
  selection?: Partial<Pick<Requisition, 'panel' | 'components' | 'addons' | 'quantity' | 'dropShip'>>;
  priceList?: PriceListRow[];
  feeRows?: SpecialFeeRow[];
  pitl?: PitlPlace;
}

function ask({
  item = GI_EFFECTS,
  billingMethod = PAY,
  gsdlNo = 'P1001',
  country = 'United States',
  insuranceProvider = null,
  pricingDate = '2026-03-01',
  selection = {},
  priceList = PRICE_LIST,
  feeRows = FEE_ROWS,
  pitl = NOT_PITL,
}: Ask): PriceResult {
  const request: PriceRequest = {
    rows: priceList,
    item,
    requisition: {
      id: 101,
      panel: null,
      components: [],
      addons: [],
      quantity: 1,
      dropShip: false,
      ...selection,
    },
    billingMethod,
    practitioner: { gsdlNo, office: { address: { country } } },
    insuranceProvider,
    pricingDate,
    feeRows,
    pitl,
  };
  return priceRequisition(request);
}

const line = (name: string, price: number, feeItem = false) => ({ name, price, feeItem });
const addOn = (omsInputFieldID: number, cptQuantity: number | null = null) => ({
  omsInputFieldID,
  cptQuantity,
});
const surchargeLine = line('International Surcharge', 3000, true);

describe('priceRequisition: price lists per billing method', () => {
  it.each<[string, Ask, Partial<PriceResult>]>([
    [
      'spec 1 §3 Price: No Insurance Billing is the patient-pay (PTPAY) price',
      { gsdlNo: 'P1003' },
      {
        price: 45900,
        maxOutOfPocket: null,
        items: [line('GI Effects Comprehensive Profile', 45900)],
        error: null,
      },
    ],
    [
      'spec 1 §9: Bill Insurance is the IIP initial payment with its maxOutOfPocket',
      { billingMethod: INS },
      { price: 19900, maxOutOfPocket: 29900, error: null },
    ],
    [
      'issue 4: Physician Account is priced from CLIENT (list price)',
      { billingMethod: PA, gsdlNo: 'P1003' },
      { price: 32500, maxOutOfPocket: null },
    ],
    [
      'issue 4: the practitioner override row wins over the list row',
      { billingMethod: PA, gsdlNo: 'P1001' },
      { price: 29500 },
    ],
    [
      'issue 4: the override is for that practitioner only (P1002 override, priced for P1001)',
      { billingMethod: PAY, gsdlNo: 'P1001' },
      { price: 45900 },
    ],
    ['issue 4: P1002 gets its own override', { billingMethod: PAY, gsdlNo: 'P1002' }, { price: 40000 }],
    [
      'spec 3 §3: Medicare or Tricare is priced from MEDICARE; medicarePrice and tricarePrice both reported',
      { item: MENOPAUSE, billingMethod: MCR, insuranceProvider: 'medicare' },
      { price: 4900, medicarePrice: 4900, tricarePrice: 7900, maxOutOfPocket: null },
    ],
    [
      'spec 3 §3 (assumption): Medicare or Tricare for a tricare patient is the TRICARE price',
      { item: MENOPAUSE, billingMethod: MCR, insuranceProvider: 'tricare' },
      { price: 7900 },
    ],
    [
      'spec 3 §3 (assumption): champus is Tricare',
      { item: MENOPAUSE, billingMethod: MCR, insuranceProvider: 'champus' },
      { price: 7900 },
    ],
    [
      'spec 3 §3: medicarePrice and tricarePrice are null when the item has no Medicare or Tricare list',
      { item: CARDIOMETABOLIC, selection: { panel: 6580 } },
      { price: 29900, medicarePrice: null, tricarePrice: null, error: null },
    ],
    [
      'spec 1 §9: a COVID product under Bill Insurance is $0.00, whatever its IIP row says',
      { item: COVID_PCR, billingMethod: INS },
      { price: 0, maxOutOfPocket: 0, items: [line('COVID-19 PCR', 0)], error: null },
    ],
    [
      'spec 1 §9 (assumption): Uninsured (HRSA Elligible) costs the patient nothing',
      { item: COVID_PCR, billingMethod: 'Uninsured (HRSA Elligible)' },
      { price: 0, maxOutOfPocket: null, error: null },
    ],
    [
      'spec 1 §9 (assumption): Uninsured is the patient-pay price',
      { item: COVID_PCR, billingMethod: 'Uninsured' },
      { price: 10900 },
    ],
    [
      'spec 3 §8 (assumption): Let my patient select has no price: the billing option is unknown',
      { billingMethod: 'Let my patient select their billing option' },
      { price: null, items: [], error: 'billingOptionUnknown' },
    ],
  ])('%s', (_name, request, expected) => {
    expect(ask(request)).toMatchObject(expected);
  });

  it('spec 3 §3: the result names its requisition and billing method', () => {
    expect(ask({ billingMethod: INS })).toMatchObject({ gearRequisitionId: 101, billingMethod: INS });
  });
});

describe('priceRequisition: the selection', () => {
  it.each<[string, Ask, Partial<PriceResult>]>([
    [
      'spec 1 §2.6: add-ons are priced from their own rows',
      { selection: { addons: [addOn(5413), addOn(5414)] }, gsdlNo: 'P1003' },
      {
        price: 45900 + 5900 + 6900,
        items: [
          line('GI Effects Comprehensive Profile', 45900),
          line('Helicobacter pylori Stool Antigen', 5900),
          line('C. difficile Toxins A and B', 6900),
        ],
      },
    ],
    [
      'spec 1 §9: add-ons under Bill Insurance add to the initial payment and to maxOutOfPocket',
      { billingMethod: INS, selection: { addons: [addOn(5413)] } },
      { price: 19900 + 2900, maxOutOfPocket: 29900 + 5900 },
    ],
    [
      'spec 1 §3 (assumption): an add-on cptQuantity does not multiply its price',
      { selection: { addons: [addOn(5413, 3)] } },
      { price: 45900 + 5900 },
    ],
    [
      'spec 1 §3 (assumption): the requisition quantity multiplies every line',
      { selection: { quantity: 3, addons: [addOn(5413)] } },
      {
        price: 3 * (45900 + 5900),
        items: [
          line('GI Effects Comprehensive Profile', 3 * 45900),
          line('Helicobacter pylori Stool Antigen', 3 * 5900),
        ],
      },
    ],
    [
      'spec 1 §3: components do not change the price of an item without mixed component pricing',
      { selection: { panel: 5400, components: [5404] } },
      { price: 45900 },
    ],
    [
      'spec 1 §4.4 mixed component pricing: the whole profile is the item price',
      { item: CARDIOMETABOLIC, selection: { panel: 6580, components: [6700, 6587, 6581] } },
      { price: 29900, items: [line('Cardiometabolic Profile', 29900)] },
    ],
    [
      'spec 1 §4.4 mixed component pricing: a display-only panel is priced by its components',
      { item: CARDIOMETABOLIC, selection: { panel: 6590, components: [6700, 6581] } },
      {
        price: 3900 + 3900,
        items: [line('Standard Lipid Panel', 3900), line('High-Sensitivity C-Reactive Protein', 3900)],
      },
    ],
    [
      'spec 1 §9: component 6587 adds the price of component 6700',
      { item: CARDIOMETABOLIC, selection: { components: [6587] } },
      { price: 9900 + 3900, items: [line('Lipoprotein Particle Profile (NMR)', 9900 + 3900)] },
    ],
    [
      'spec 1 §9: 6587 adds 6700 under Bill Insurance too (initial payment and maximum)',
      { item: CARDIOMETABOLIC, billingMethod: INS, selection: { components: [6587] } },
      { price: 4900 + 1900, maxOutOfPocket: 9900 + 3900 },
    ],
    [
      'spec 1 §9 (assumption): with 6700 also selected, 6700 is charged once',
      { item: CARDIOMETABOLIC, selection: { components: [6587, 6700] } },
      {
        price: 9900 + 3900,
        items: [line('Lipoprotein Particle Profile (NMR)', 9900), line('Standard Lipid Panel', 3900)],
      },
    ],
  ])('%s', (_name, request, expected) => {
    expect(ask(request)).toMatchObject(expected);
  });
});

describe("priceRequisition: 'unable to determine' when a needed row is missing", () => {
  const unable = { price: null, maxOutOfPocket: null, items: [], error: 'unableToDeterminePrice' };

  it.each<[string, Ask]>([
    [
      'spec 1 §8: no row of the billing method for the item',
      { item: CARDIOMETABOLIC, billingMethod: MCR, selection: { panel: 6580 } },
    ],
    [
      'spec 1 §8: no row of the billing method for a selected add-on',
      { billingMethod: MCR, selection: { addons: [addOn(5414)] } },
    ],
    [
      'spec 1 §8: no IIP row for a selected component',
      { item: CARDIOMETABOLIC, billingMethod: INS, selection: { components: [6581] } },
    ],
    [
      'spec 1 §8: 6587 without a row for 6700',
      {
        item: CARDIOMETABOLIC,
        selection: { components: [6587] },
        priceList: PRICE_LIST.filter((row) => row.inputFieldId !== 6700),
      },
    ],
    ['spec 1 §8: a selected add-on the item does not have', { selection: { addons: [addOn(9999)] } }],
    ['spec 1 §8: a mixed-pricing item with nothing selected', { item: CARDIOMETABOLIC }],
    [
      'spec 1 §8: only another practitioner has a row',
      { gsdlNo: 'P1003', billingMethod: PA, priceList: rows(540, null, { CLIENT: 29500 }, 'P1001') },
    ],
  ])('%s', (_name, request) => {
    expect(ask(request)).toMatchObject(unable);
  });
});

describe('priceRequisition: International Surcharge (spec 3 §9)', () => {
  const canadaDropShip: Ask = { country: 'Canada', selection: { dropShip: true }, pricingDate: '2024-01-08' };

  it('spec 3 §9: the constants are $30 from 8 January 2024, named International Surcharge', () => {
    expect(INTERNATIONAL_SURCHARGE).toEqual({ cents: 3000, effectiveFrom: '2024-01-08' });
    expect(SPECIAL_FEE_NAMES).toEqual({
      internationalSurcharge: 'International Surcharge',
      physicianFee: 'Physician Fee',
      shippingAndHandling: 'Shipping & Handling Fee',
      multipleProductDiscount: 'Multiple Product Discount',
    });
  });

  it.each<[string, Ask, Partial<PriceResult>]>([
    [
      'spec 3 §9: Canada, drop-ship, not Physician Account, on 8 January 2024 → a $30 fee line',
      canadaDropShip,
      { price: 45900 + 3000, items: [line('GI Effects Comprehensive Profile', 45900), surchargeLine] },
    ],
    [
      'spec 3 §9: the surcharge is added to the Bill Insurance payment and maximum',
      { ...canadaDropShip, billingMethod: INS },
      { price: 19900 + 3000, maxOutOfPocket: 29900 + 3000 },
    ],
    [
      'spec 3 §9: the Medicare price of a Canada drop-ship includes the surcharge',
      { ...canadaDropShip, billingMethod: PA },
      { medicarePrice: 3000, tricarePrice: 3000 },
    ],
    [
      'spec 3 §9 (assumption): once per requisition, whatever the quantity',
      { ...canadaDropShip, selection: { dropShip: true, quantity: 2 } },
      { price: 2 * 45900 + 3000 },
    ],
    [
      'spec 3 §9: a country written CA is Canada',
      { ...canadaDropShip, country: 'CA' },
      { price: 45900 + 3000 },
    ],
    [
      'spec 3 §9: not before 8 January 2024',
      { ...canadaDropShip, pricingDate: '2024-01-07' },
      { price: 45900 },
    ],
    [
      'spec 3 §9: not billed to the physician account',
      { ...canadaDropShip, billingMethod: PA, gsdlNo: 'P1003' },
      { price: 32500, items: [line('GI Effects Comprehensive Profile', 32500)] },
    ],
    [
      'spec 3 §9: only for drop-ship',
      { ...canadaDropShip, selection: { dropShip: false } },
      { price: 45900 },
    ],
    ['spec 3 §9: only for Canada', { ...canadaDropShip, country: 'United States' }, { price: 45900 }],
  ])('%s', (_name, request, expected) => {
    expect(ask(request)).toMatchObject(expected);
  });
});

describe('priceRequisition: PITL special fees (spec 3 §9, decision 0051)', () => {
  const first: PitlPlace = { pitl: true, first: true };
  const later: PitlPlace = { pitl: true, first: false };
  const physicianFee = line('Physician Fee', 2500, true);
  const shipping = line('Shipping & Handling Fee', 1495, true);
  const multiple = line('Multiple Product Discount', -2000, true);
  const gi = (price: number) => line('GI Effects Comprehensive Profile', price);

  it.each<[string, Ask, Partial<PriceResult>]>([
    [
      'spec 3 §9: the first PITL requisition carries the Physician Fee and the Shipping & Handling Fee',
      { pitl: first, gsdlNo: 'P1003' },
      { price: 45900 + 2500 + 1495, items: [gi(45900), physicianFee, shipping], error: null },
    ],
    [
      'spec 3 §9: a later PITL requisition carries the Multiple Product Discount, subtracted',
      { pitl: later, gsdlNo: 'P1003' },
      { price: 45900 - 2000, items: [gi(45900), multiple] },
    ],
    [
      'spec 3 §9: Bill Insurance adds the fees to the initial payment and the maximum',
      { pitl: first, billingMethod: INS, gsdlNo: 'P1003' },
      { price: 19900 + 3995, maxOutOfPocket: 29900 + 3995 },
    ],
    [
      'decision 0051: the amounts are per price list (the Medicare list has a Physician Fee only)',
      { pitl: first, billingMethod: MCR, gsdlNo: 'P1003' },
      {
        price: 1000,
        items: [gi(0), line('Physician Fee', 1000, true)],
        medicarePrice: 1000,
        tricarePrice: 0,
      },
    ],
    [
      'decision 0051: no fee row for the list (Physician Account) charges no fee',
      { pitl: first, billingMethod: PA, gsdlNo: 'P1003' },
      { price: 32500, items: [gi(32500)] },
    ],
    [
      "decision 0051: a practitioner's override wins; zero waives the line",
      { pitl: first, gsdlNo: 'P1002' },
      { price: 40000 + 995, items: [gi(40000), line('Shipping & Handling Fee', 995, true)] },
    ],
    [
      'decision 0051: once per requisition, whatever its quantity',
      { pitl: first, gsdlNo: 'P1003', selection: { quantity: 2 } },
      { price: 2 * 45900 + 3995 },
    ],
    [
      'spec 3 §1: an order that is not PITL has no such fees',
      { pitl: NOT_PITL, gsdlNo: 'P1003' },
      { price: 45900, items: [gi(45900)] },
    ],
    [
      'decision 0051: the discount never takes the price below zero',
      {
        pitl: later,
        billingMethod: MCR,
        gsdlNo: 'P1003',
        feeRows: [fee('multipleProductDiscount', 'MEDICARE', 500)],
      },
      { price: 0, items: [gi(0), line('Multiple Product Discount', -500, true)] },
    ],
    [
      'spec 3 §9: Canada drop-ship PITL: the surcharge follows the PITL fees',
      {
        pitl: first,
        gsdlNo: 'P1003',
        country: 'Canada',
        selection: { dropShip: true },
      },
      { price: 45900 + 3995 + 3000, items: [gi(45900), physicianFee, shipping, surchargeLine] },
    ],
    [
      'decision 0051: an empty fee table charges nothing',
      { pitl: first, gsdlNo: 'P1003', feeRows: [] },
      { price: 45900, items: [gi(45900)] },
    ],
  ])('%s', (_name, request, expected) => {
    expect(ask(request)).toMatchObject(expected);
  });

  it('decision 0051: specialFeeAmount: the override of the practitioner, else the list, else nothing', () => {
    expect(specialFeeAmount(FEE_ROWS, 'shippingAndHandling', 'PTPAY', 'P1002')).toBe(995);
    expect(specialFeeAmount(FEE_ROWS, 'shippingAndHandling', 'PTPAY', 'P1001')).toBe(1495);
    expect(specialFeeAmount(FEE_ROWS, 'shippingAndHandling', 'CLIENT', 'P1001')).toBe(0);
  });
});

describe('pitlPlaceOf', () => {
  const req = (id: number, physicianInTheLoop = false, canceled = false) => ({
    id,
    physicianInTheLoop,
    canceled,
  });
  it.each<[string, Parameters<typeof pitlPlaceOf>[0], number, PitlPlace]>([
    [
      'spec 3 §1: a PITL order: its first requisition is the first',
      { physicianInTheLoop: true, requisitions: [req(1), req(2)] },
      1,
      { pitl: true, first: true },
    ],
    [
      'spec 3 §1: a PITL order: a later requisition is not',
      { physicianInTheLoop: true, requisitions: [req(1), req(2)] },
      2,
      { pitl: true, first: false },
    ],
    [
      'spec 3 §1: a PITL requisition on an ordinary order',
      { physicianInTheLoop: false, requisitions: [req(1), req(2, true)] },
      2,
      { pitl: true, first: true },
    ],
    [
      'spec 3 §1: an ordinary requisition',
      { physicianInTheLoop: false, requisitions: [req(1), req(2, true)] },
      1,
      NOT_PITL,
    ],
    [
      'decision 0051: a canceled first requisition passes the fees to the next',
      { physicianInTheLoop: true, requisitions: [req(1, false, true), req(2)] },
      2,
      { pitl: true, first: true },
    ],
    [
      'decision 0051: an unknown requisition',
      { physicianInTheLoop: true, requisitions: [req(1)] },
      9,
      NOT_PITL,
    ],
  ])('%s', (_name, order, id, expected) => {
    expect(pitlPlaceOf(order, id)).toEqual(expected);
  });
});

describe('surchargeReferenceDate', () => {
  it.each<[string, { id: number; stepDate: string | null }[], string]>([
    [
      'spec 3 §9: the date of workflow step 10 when it has one',
      [{ id: 10, stepDate: '2024-01-05T15:00:00Z' }],
      '2024-01-05',
    ],
    ['spec 3 §9: today when step 10 has no date', [{ id: 10, stepDate: null }], '2026-03-01'],
    ['spec 3 §9: another step’s date does not count', [{ id: 9, stepDate: '2023-12-01' }], '2026-03-01'],
  ])('%s', (_name, steps, expected) => {
    expect(surchargeReferenceDate(steps, '2026-03-01')).toBe(expected);
  });
});

describe('inputFieldPriceMap', () => {
  it('spec 1 §7, §9: per-field PTPAY and IIP prices; 6587 includes 6700; item rows left out', () => {
    expect(inputFieldPriceMap(PRICE_LIST, 700, 'P1003')).toEqual({
      PTPAY: { 6700: 3900, 6587: 9900 + 3900, 6581: 3900 },
      IIP: { 6700: 1900, 6587: 4900 + 1900 },
    });
  });

  it('issue 4: the practitioner override wins in the map too', () => {
    const withOverride = [...PRICE_LIST, ...rows(540, 5413, { PTPAY: 5000 }, 'P1001')];
    expect(inputFieldPriceMap(withOverride, 540, 'P1001').PTPAY).toEqual({ 5413: 5000, 5414: 6900 });
    expect(inputFieldPriceMap(withOverride, 540, 'P1003').PTPAY).toEqual({ 5413: 5900, 5414: 6900 });
  });

  it('spec 1 §9: 6587 is left out when the row of 6700 is missing', () => {
    const without6700 = PRICE_LIST.filter((row) => row.inputFieldId !== 6700);
    expect(inputFieldPriceMap(without6700, 700, 'P1003').PTPAY).toEqual({ 6581: 3900 });
  });
});

describe('itemListPrice', () => {
  it("issue 4: the item's own row, the practitioner's override winning; null without a row", () => {
    const withOverride = [...PRICE_LIST, ...rows(540, null, { PTPAY: 40000 }, 'P1001')];
    expect(itemListPrice(withOverride, 540, 'P1001', 'PTPAY')).toBe(40000);
    expect(itemListPrice(withOverride, 540, 'P1003', 'PTPAY')).toBe(45900);
    expect(itemListPrice(withOverride, 540, 'P1003', 'IIP')).toBe(19900);
    expect(itemListPrice(withOverride, 999, 'P1003', 'PTPAY')).toBeNull();
  });
});
