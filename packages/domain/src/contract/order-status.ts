import { z } from 'zod';
import { ORDER_ACTIONS } from '../status/actions.ts';
import { analyteSchema, OUT_OF_RANGE } from '../status/analytes.ts';
import { ORDER_PAGE_STATUSES } from '../status/order-page-status.ts';
import { PATIENT_VIEW_STATUSES } from '../status/patient-view-status.ts';
import { RE_COLLECT_STATUSES } from '../status/recollection.ts';

/** spec 3 §4 per-test offering (testOffering), as the API answers it. */
export const testOfferingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('awaitingSpecimen') }),
  z.object({ kind: z.literal('testingInProgress') }),
  z.object({ kind: z.literal('results'), interactiveReport: z.literal(true) }),
  z.object({
    kind: z.literal('discarded'),
    results: z.literal(true),
    requestNewPack: z.boolean(),
    newPackWillBeMailed: z.boolean(),
  }),
]);

export const statusAccessionSchema = z.object({
  accessionNo: z.string(),
  productName: z.string(),
  offering: testOfferingSchema,
  /** spec 3 §4: from dueDate, unless the practitioner has cms attribute 48. */
  expectedDate: z.string().nullable(),
  /** The lab sent a result PDF and the caller may see it (decision 0261). */
  resultsAvailable: z.boolean(),
  /**
   * spec 3 §4 per test 'results and interactive report are offered': results ready, and the caller may see them
   * (decision 0261); the report shows the structured results, or links the PDF (decision 0265).
   */
  interactiveReport: z.boolean(),
});

export const statusRequisitionSchema = z.object({
  gearReqId: z.number(),
  reqNumber: z.string().nullable(),
  name: z.string(),
  canceled: z.boolean(),
  /** spec 3 §4 'A test is cancelable when …' (isTestCancelable). */
  cancelable: z.boolean(),
  /** The requisition's recollection order, when one was made (spec 3 §3 gearReqRecollectionMap). */
  recollectionOrderId: z.number().nullable(),
  /** What the test still owes (GET /amount-due's amount), in cents; 0 unless its results are ready (decision 0300). */
  amountDueCents: z.number(),
  /** mayPayBill: the Pay Bill button of the test's block (spec 3 §2; decision 0300). */
  payBill: z.boolean(),
  accessions: z.array(statusAccessionSchema),
});

/** GET /gear/order/{id}/status: the order status page's and the patient view's derived state (issue 17). */
export const orderStatusSchema = z
  .object({
    orderId: z.number(),
    orderPageStatus: z.enum(ORDER_PAGE_STATUSES),
    headline: z.string(),
    actions: z.array(z.enum(ORDER_ACTIONS)),
    patientView: z.object({
      status: z.enum(PATIENT_VIEW_STATUSES),
      headline: z.string(),
      expectedDate: z.string().nullable(),
    }),
    tracking: z
      .object({
        status: z.string().nullable(),
        trackingNumbers: z.array(z.string()),
        deliveryDate: z.string().nullable(),
      })
      .nullable(),
    /** Where each tracking number is followed (the carrier adapter's tracking page). */
    trackingLinks: z.array(z.object({ trackingNumber: z.string(), url: z.string() })),
    /** The accessions of requisitions with several, for the 'Multiple orders' choice (spec 3 §4). */
    accessionChoices: z.array(z.string()),
    selectedAccessionNo: z.string().nullable(),
    requisitions: z.array(statusRequisitionSchema),
    physicianInTheLoop: z.boolean(),
    /** A payment is recorded for the order: its receipt can be downloaded. */
    paid: z.boolean(),
    /** The recollection this order makes, when it re-collects another order's specimen (decision 0252). */
    recollection: z
      .object({
        recollectionFor: z.number(),
        pending: z.boolean(),
        paymentRequired: z.boolean(),
        chargeCents: z.number(),
      })
      .nullable(),
  })
  .meta({ id: 'OrderStatus' });
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export type StatusRequisition = z.infer<typeof statusRequisitionSchema>;
export type StatusAccession = z.infer<typeof statusAccessionSchema>;

/** spec 3 §8 'Discarded specimens', verbatim (also GET /amount-due's answer for one). */
export const DISCARDED_SPECIMEN_MESSAGE = 'Our lab was unable to complete your test...';

/** spec 3 §8 'Order load and shipping': '404: The order was not found.', verbatim (GET /amount-due's 404). */
export const ORDER_NOT_FOUND_MESSAGE = 'The order was not found.';

/**
 * The interactive report of one accession (spec 3 §2 /prc/reporting/ireport/{accessionNo}; issue 17; decision 0265):
 * each analyte the lab sent with its value, unit and reference range and whether it is out of range; when the lab
 * sent no structured results, only the PDF (resultsPdf).
 */
export const interactiveReportSchema = z
  .object({
    orderId: z.number(),
    gearReqId: z.number(),
    accessionNo: z.string(),
    productName: z.string(),
    /** When the lab last reported on the accession (UTC). */
    reportedAt: z.string(),
    analytes: z.array(analyteSchema.extend({ outOfRange: z.enum(OUT_OF_RANGE).nullable() })),
    /** The lab sent its PDF report (GET …/viewResultsPDF serves it). */
    resultsPdf: z.boolean(),
  })
  .meta({ id: 'InteractiveReport' });
export type InteractiveReport = z.infer<typeof interactiveReportSchema>;
/** spec 3 §3 'Re-collect response: status, redirectUrl' (GET /gear/re-collect/{accessionNo}; decision 0252). */
export const reCollectResponseSchema = z
  .object({
    status: z.enum(RE_COLLECT_STATUSES),
    /** SUCCESS only: the recollection order's status page. */
    redirectUrl: z.string().nullable(),
  })
  .meta({ id: 'ReCollectResponse' });
export type ReCollectResponse = z.infer<typeof reCollectResponseSchema>;
