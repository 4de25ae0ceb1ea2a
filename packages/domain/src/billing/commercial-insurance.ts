import { BILLING_METHODS, type Requisition } from '../contract/order.ts';

/** spec 3 §9 'Item 902 and covid registrations are exempt from the commercial insurance notice'. */
const EXEMPT_ITEM_ID = 902;

/** The notice itself: the spec gives no words (decision 0181). */
export const COMMERCIAL_INSURANCE_NOTICE =
  'Commercial insurance may not cover this test. If your plan pays less than the full price, or nothing, you may owe the balance.';

/** Whether billing this requisition to commercial insurance shows the notice. */
export const showsCommercialInsuranceNotice = (
  requisition: Pick<Requisition, 'omsOrderableItemId' | 'covidRegistration'>,
  billingMethod: string | null,
): boolean =>
  billingMethod === BILLING_METHODS.insurance &&
  requisition.omsOrderableItemId !== EXEMPT_ITEM_ID &&
  !requisition.covidRegistration;
