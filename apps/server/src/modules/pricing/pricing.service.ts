import {
  type AppliedPrice,
  type BillingMethod,
  type GearOrder,
  inputFieldPriceMap,
  itemListPrice,
  MESSAGES,
  PRICING_DISPLAY_TYPES,
  type PricingDisplayType,
  pitlPlaceOf,
  priceRequisition,
  type Requisition,
  surchargeReferenceDate,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { practitionerForCatalogue } from '../catalogue/catalogue.service.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { requisitionForCaller } from '../order/order.service.ts';
import { priceRowsOf, specialFeeRowsOf } from './price-rows.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The price of a requisition of an order under a billing method, from that item's price rows. */
export async function priceOfRequisition(
  db: Db,
  order: GearOrder,
  requisition: Requisition,
  billingMethod: BillingMethod,
): Promise<AppliedPrice> {
  const insuranceProvider = order.insurance?.insuranceProvider ?? null;
  const providers = {
    insuranceProvider,
    secondaryInsuranceProvider: order.secondaryInsurance?.insuranceProvider ?? null,
    placeholder: false as const,
  };
  const item = (await catalogueOf(db)).item(requisition.omsOrderableItemId);
  const { practitioner } = order;
  if (!item || !practitioner) {
    return {
      gearRequisitionId: requisition.id,
      billingMethod,
      price: null,
      maxOutOfPocket: null,
      medicarePrice: null,
      tricarePrice: null,
      items: [],
      error: 'unableToDeterminePrice',
      ...providers,
      configError: true,
    };
  }
  const [rows, feeRows] = await Promise.all([priceRowsOf(db, item.id), specialFeeRowsOf(db)]);
  const result = priceRequisition({
    rows,
    item,
    requisition,
    billingMethod,
    practitioner,
    insuranceProvider,
    pricingDate: surchargeReferenceDate(order.workflow.steps, today()),
    feeRows,
    pitl: pitlPlaceOf(order, requisition.id),
  });
  return { ...result, ...providers, configError: result.error === 'unableToDeterminePrice' };
}

/** GET /gear/api/applied-price?gearReqId&billingMethod, for a caller who may see the requisition's order. */
export async function appliedPriceFor(
  db: Db,
  user: UserInfo,
  gearReqId: number,
  billingMethod: BillingMethod,
): Promise<AppliedPrice> {
  const { order, requisition } = await requisitionForCaller(db, user, gearReqId);
  return priceOfRequisition(db, order, requisition, billingMethod);
}

/** Prices in cents by input field id, and 'item' for the product's own price (docs/decisions/0006). */
export type PriceMap = Record<PricingDisplayType, Record<string, number>>;

/**
 * GET /gear/api/inputFieldPriceMap/{orderableItemId}?gsdlNo (spec 1 §7): the PTPAY and IIP price of each component
 * and add-on of a product, and of the product itself, for a practitioner the caller may order for.
 */
export async function priceMapFor(
  db: Db,
  user: UserInfo,
  orderableItemId: number,
  gsdlInput: string,
): Promise<PriceMap> {
  const { gsdlNo } = await practitionerForCatalogue(db, user, gsdlInput);
  if (!(await catalogueOf(db)).item(orderableItemId)) throw notFound(MESSAGES.productNotFound);
  const rows = await priceRowsOf(db, orderableItemId);
  const byField = inputFieldPriceMap(rows, orderableItemId, gsdlNo);
  const entries = PRICING_DISPLAY_TYPES.map((type) => {
    const own = itemListPrice(rows, orderableItemId, gsdlNo, type);
    return [type, own === null ? byField[type] : { ...byField[type], item: own }] as const;
  });
  return Object.fromEntries(entries) as PriceMap;
}
