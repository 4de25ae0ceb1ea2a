/** Query keys, general → specific (ARCHITECTURE.md, 'Naming'). */
export const queryKeys = {
  config: ['config'] as const,
  accountType: ['account-type'] as const,
  orders: ['orders'] as const,
  order: (id: number) => ['orders', id] as const,
  /** The insurances found with a patient (chart-number lookup), for the insurance step to offer. */
  insurancesOnFile: (orderId: number) => ['orders', orderId, 'insurances-on-file'] as const,
  /** The shipping methods and charges for where the order's packs go; they change with the shipping information. */
  shippingCharges: (orderId: number) => ['orders', orderId, 'shipping-charges'] as const,
  /** What the payment step shows (amounts due, choices, payments); changes with every save of the order. */
  paymentSummary: (orderId: number) => ['orders', orderId, 'payment-summary'] as const,
  /** The derived status of an order (decision 0262), per accession chosen; goes with the order. */
  interactiveReport: (orderId: number, accessionNo: string) =>
    ['orders', orderId, 'interactiveReport', accessionNo] as const,
  orderStatus: (orderId: number, accessionNo: string | null) =>
    ['orders', orderId, 'status', accessionNo] as const,
  /** The order's timeline (decision 0262); goes with the order. */
  orderTimeline: (orderId: number) => ['orders', orderId, 'timeline'] as const,
  refundPolicy: ['refund-policy'] as const,
  /** The re-collect page's answer for an accession (decision 0252). */
  reCollect: (accessionNo: string) => ['re-collect', accessionNo] as const,
  bill: (gearReqId: number) => ['bills', gearReqId] as const,
  patientStatusEmails: (gsdlNo: string) => ['practitioners', gsdlNo, 'patient-status-emails'] as const,
  /** The products related to one version of an order (spec 3 §2 Recommended products). */
  recommendedProducts: (orderId: number, version: number) =>
    ['orders', orderId, 'recommended-products', version] as const,
  /** The packing slip PDF of one version of an order. */
  packingSlip: (orderId: number, version: number) => ['orders', orderId, 'packing-slip', version] as const,
  practitionerOptions: (orderId?: number) =>
    orderId === undefined
      ? (['practitioner-options'] as const)
      : (['practitioner-options', orderId] as const),
  practitioner: (gsdlNo: string) => ['practitioners', gsdlNo] as const,
  orderableItems: (gsdlNo: string) => ['practitioners', gsdlNo, 'orderable-items'] as const,
  requisitionForItem: (gsdlNo: string, orderableItemId: number) =>
    ['practitioners', gsdlNo, 'orderable-items', orderableItemId, 'requisition'] as const,
  /** GET /gear/requisitionById ({ omsRequisition }): not the same answer as the definition below, so its own key. */
  savedRequisition: (gearReqId: number) => ['requisitions', gearReqId, 'oms-requisition'] as const,
  previousInstructions: (gsdlNo: string, orderableItemId: number) =>
    ['practitioners', gsdlNo, 'previous-instructions', orderableItemId] as const,
  priceMap: (gsdlNo: string, orderableItemId: number) =>
    ['practitioners', gsdlNo, 'price-map', orderableItemId] as const,
  /** A requisition's price under a billing method; refetchKey changes with what the price depends on. */
  appliedPrice: (gearReqId: number, billingMethod: string, refetchKey: string) =>
    ['requisitions', gearReqId, 'applied-price', billingMethod, refetchKey] as const,
  /** The discount code applied on the payment page (decision 0130): page state kept in the cache, never fetched. */
  appliedDiscount: (orderId: number) => ['applied-discount', orderId] as const,
  /** A practitioner's custom profiles (decision 0280), and one profile. */
  bundles: (gsdlNo: string) => ['practitioners', gsdlNo, 'bundles'] as const,
  bundle: (gearBundleId: number) => ['bundles', gearBundleId] as const,
  /** The order history's page for a search (decision 0281). */
  orderHistory: (query: Record<string, string>) => ['order-history', query] as const,
  orderList: (query: Record<string, string>) => ['orders', 'list', query] as const,
  /** The codes offered above the suggestions on the diagnosis codes step (decision 0282). */
  recentDxCodes: (gearReqId: number) => ['requisitions', gearReqId, 'recent-dx-codes'] as const,
  requisitionDefinition: (gearReqId: number) => ['requisitions', gearReqId, 'definition'] as const,
};
