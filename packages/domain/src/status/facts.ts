/**
 * The facts an order's status is derived from (spec 3 §4; spec/README.md resolution 8). The server builds them from
 * the stored requisitions, accessions, shipments and recollections; statuses are never stored.
 */

/** spec 3 §9: result-ready status ids. */
export const RESULT_READY_STATUS_IDS = [3, 4, 9] as const;

/** spec 3 §9: Cancel Order is offered up to 45 days after delivery. */
export const CANCEL_WINDOW_DAYS = 45;

/** spec 3 §4: a practitioner with this cms attribute is not shown the expected date. */
export const HIDE_EXPECTED_DATE_CMS_ATTRIBUTE = 48;

/** The tracking status the carrier or the lab sends when a shipment is withdrawn (spec 3 §4 'Canceled'). */
export const TRACKING_CANCELED = 'CANCELED';

export interface AccessionFacts {
  accessionNo: string;
  requisitionStatusId: number | null;
  /** YYYY-MM-DD, the lab's expected date. */
  dueDate: string | null;
  discarded: boolean;
  issues: string[];
}

export interface RequisitionStatusFacts {
  id: number;
  canceled: boolean;
  billingMethod: string | null;
  /** YYYY-MM-DD, the collection date the patient gave (spec 1 §3 dateLastSampleCollected). */
  dateLastSampleCollected: string | null;
  accessions: AccessionFacts[];
}

export interface TrackingFacts {
  /** The latest status the carrier reported (for instance IN_TRANSIT, DELIVERED, CANCELED). */
  status: string | null;
  trackingNumbers: string[];
  /** YYYY-MM-DD. */
  deliveryDate: string | null;
}

export interface RecollectionFacts {
  /** spec 3 §3 pitlRecollectionOrderSummary.recollectionPending. */
  pending: boolean;
  /** spec 3 §3 gearReqRecollectionMap: gearReqId → the recollection order made for it. */
  map: Record<number, number>;
}

/**
 * One order's facts (spec 3 §3 gearOrder, the parts §4 reads). Named OrderStatusFacts because OrderFacts already
 * names the step table's view of an order (contract/order.ts).
 */
export interface OrderStatusFacts {
  requisitions: RequisitionStatusFacts[];
  /** null when no tracking exists. */
  tracking: TrackingFacts | null;
  /** spec 3 §3 workflow.complete: no steps remain incomplete. */
  workflowComplete: boolean;
  dataConfirmed: boolean;
  recollection: RecollectionFacts;
  /** The accession the person chose when a requisition has several ('Multiple orders'). */
  selectedAccessionNo: string | null;
  practitionerCmsAttributes: number[];
}

export const isResultReady = (requisitionStatusId: number | null): boolean =>
  requisitionStatusId !== null &&
  (RESULT_READY_STATUS_IDS as readonly number[]).includes(requisitionStatusId);

/**
 * The accessions the status reads: every accession, except that on a requisition with several only the selected one
 * counts once a choice is made ('Multiple orders', spec 3 §4).
 */
export function accessionsInView(facts: OrderStatusFacts): AccessionFacts[] {
  return facts.requisitions
    .filter((requisition) => !requisition.canceled)
    .flatMap((requisition) => {
      if (requisition.accessions.length <= 1) return requisition.accessions;
      const selected = requisition.accessions.filter((a) => a.accessionNo === facts.selectedAccessionNo);
      return selected.length > 0 ? selected : requisition.accessions;
    });
}

export const activeRequisitions = (facts: OrderStatusFacts): RequisitionStatusFacts[] =>
  facts.requisitions.filter((requisition) => !requisition.canceled);

/** spec 3 §4: a test is cancelable when not canceled, without accession details and not in a recollection map. */
export const isTestCancelable = (
  requisition: Pick<RequisitionStatusFacts, 'id' | 'canceled' | 'accessions'>,
  recollectionMap: Record<number, number>,
): boolean =>
  !requisition.canceled && requisition.accessions.length === 0 && !(requisition.id in recollectionMap);

export const allRequisitionsCancelable = (facts: OrderStatusFacts): boolean =>
  facts.requisitions.length > 0 &&
  facts.requisitions.every(
    (requisition) => requisition.canceled || isTestCancelable(requisition, facts.recollection.map),
  );

/** spec 3 §4: an expected date from dueDate is shown unless the practitioner has cms attribute 48. */
export const expectedDate = (
  accession: Pick<AccessionFacts, 'dueDate'> | undefined,
  practitionerCmsAttributes: readonly number[],
): string | null =>
  accession && !practitionerCmsAttributes.includes(HIDE_EXPECTED_DATE_CMS_ATTRIBUTE)
    ? accession.dueDate
    : null;

/** A shipment as the intake recorded it (one tracking number), oldest first. */
export interface ShipmentFacts {
  trackingNumber: string;
  status: string;
  deliveryDate: string | null;
}

/**
 * The tracking of an order from its shipments (spec 3 §3 trackingInformation): every tracking number, and the status
 * and delivery date of the latest shipment; null when nothing was shipped.
 */
export function trackingOf(shipments: readonly ShipmentFacts[]): TrackingFacts | null {
  const latest = shipments.at(-1);
  if (!latest) return null;
  return {
    status: latest.status,
    trackingNumbers: shipments.map((shipment) => shipment.trackingNumber),
    deliveryDate: latest.deliveryDate,
  };
}
