import {
  actionsForStatus,
  expectedDate,
  type InteractiveReport,
  isTestCancelable,
  labToday,
  MESSAGES,
  mayPayBill,
  ORDER_PAGE_HEADLINES,
  type OrderStatus,
  orderPageStatus,
  outOfRange,
  PATIENT_MESSAGES,
  PATIENT_VIEW_HEADLINES,
  patientViewStatus,
  resultsRefusal,
  type SavedOrder,
  testOffering,
  type UserInfo,
} from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db } from '../../db/client.ts';
import { accessions } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { orderForCaller, requisitionForCaller } from '../order/order.service.ts';
import { paymentsOfOrder } from '../payment/payment.repository.ts';
import type { PaymentDeps } from '../payment/payment.service.ts';
import { recollectionSummaryOf } from '../recollect/recollect.service.ts';
import type { CarrierTracking } from '../shipping/carrier.ts';
import { amountsOwedCents } from './amount-owed.ts';
import { orderStatusFacts } from './order-status-facts.ts';
import { accessionFilesOf } from './status-facts.repository.ts';

/** decision 0261: why a minor's results are not served to this caller (ours; the spec gives no words). */
export const RESULTS_MESSAGES = {
  minor: 'Results for a patient under 18 are available from the practitioner who ordered the test.',
  notReady: 'The results for this test are not available yet.',
  accessionUnknown: 'We could not find that accession on this test.',
} as const;

/** Whether the caller would be served the results of this order (the patient's own date of birth for a patient). */
const resultsVisibleTo = (user: UserInfo, order: SavedOrder) =>
  resultsRefusal({
    user,
    order,
    dateOfBirthSent: order.patientInfo?.dateOfBirth ?? null,
    today: labToday(),
  }) === null;

/**
 * The order status page's data (spec 3 §2 'Order status page', §4): both derived statuses, the actions, and per test
 * its offering, expected date, cancelability and whether results can be opened. selectedAccessionNo is the choice
 * made among several accessions of one requisition ('Multiple orders').
 */
export async function orderStatusFor(
  db: Db,
  user: UserInfo,
  orderId: number,
  selectedAccessionNo: string | null,
  carrier: CarrierTracking,
  bills: Pick<PaymentDeps, 'carrier'>,
): Promise<OrderStatus> {
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  const facts = await orderStatusFacts(db, order, selectedAccessionNo);
  // Pay Bill (decision 0300): the amounts owed are read only when a test has results to pay for.
  const billable = facts.requisitions.some((requisition) =>
    requisition.accessions.some((accession) => testOffering(accession).kind === 'results'),
  );
  const owed =
    billable && !order.canceled ? await amountsOwedCents(db, bills, order) : new Map<number, number>();
  const status = orderPageStatus(facts);
  const patientView = patientViewStatus(facts);
  const files = await accessionFilesOf(
    db,
    order.requisitions.map((requisition) => requisition.id),
  );
  const visible = resultsVisibleTo(user, order);
  return {
    orderId,
    orderPageStatus: status,
    headline: ORDER_PAGE_HEADLINES[status],
    actions: actionsForStatus(status, facts, labToday()),
    patientView: { ...patientView, headline: PATIENT_VIEW_HEADLINES[patientView.status] },
    tracking: facts.tracking,
    trackingLinks: (facts.tracking?.trackingNumbers ?? []).map((trackingNumber) => ({
      trackingNumber,
      url: carrier.trackingUrl(trackingNumber),
    })),
    accessionChoices: facts.requisitions
      .filter((requisition) => requisition.accessions.length > 1)
      .flatMap((requisition) => requisition.accessions.map((accession) => accession.accessionNo)),
    selectedAccessionNo,
    physicianInTheLoop: order.physicianInTheLoop,
    paid: (await paymentsOfOrder(db, orderId)).length > 0,
    recollection: await recollectionSummaryOf(db, orderId),
    requisitions: order.requisitions.map((requisition) => {
      const requisitionFacts = facts.requisitions.find((candidate) => candidate.id === requisition.id);
      return {
        gearReqId: requisition.id,
        reqNumber: requisition.reqNumber,
        name: requisition.omsOrderableItemName,
        canceled: requisition.canceled,
        cancelable: requisitionFacts ? isTestCancelable(requisitionFacts, facts.recollection.map) : false,
        recollectionOrderId: facts.recollection.map[requisition.id] ?? null,
        amountDueCents: owed.get(requisition.id) ?? 0,
        payBill: mayPayBill({
          orderCanceled: order.canceled === true,
          testCanceled: requisition.canceled,
          accessions: requisitionFacts?.accessions ?? [],
          amountDueCents: owed.get(requisition.id) ?? 0,
        }),
        accessions: (requisitionFacts?.accessions ?? []).map((accession) => ({
          accessionNo: accession.accessionNo,
          productName:
            requisition.accessionDetails.find((detail) => detail.accessionNo === accession.accessionNo)
              ?.productName ?? requisition.omsOrderableItemName,
          offering: testOffering(accession),
          expectedDate: expectedDate(accession, facts.practitionerCmsAttributes),
          resultsAvailable:
            visible &&
            files.some((file) => file.accessionNo === accession.accessionNo && file.resultFileKey !== null),
          // spec 3 §4 per test: 'results and interactive report are offered' once result-ready (and not discarded),
          // to whoever may see the results, when the lab sent something to show (decision 0265).
          interactiveReport:
            visible &&
            testOffering(accession).kind === 'results' &&
            files.some(
              (file) =>
                file.accessionNo === accession.accessionNo &&
                (file.resultFileKey !== null || file.hasAnalytes),
            ),
        })),
      };
    }),
  };
}

/**
 * Whether the caller may see this requisition's results (decision 0261), checked the one way for the PDF and the
 * interactive report: the order for the caller (403/404 as every order call), then resultsRefusal; each refusal
 * audited (resultsRefused, with its reason).
 */
async function resultsOrderFor(
  db: Db,
  user: UserInfo,
  gearReqId: number,
  dateOfBirth: string | null,
): Promise<SavedOrder> {
  const { order } = await requisitionForCaller(db, user, gearReqId);
  const refuse = async (reason: string) =>
    recordAudit(db, {
      action: 'resultsRefused',
      outcome: 'refused',
      orderId: order.id,
      detail: { gearReqId, reason },
    });
  const refusal = resultsRefusal({ user, order, dateOfBirthSent: dateOfBirth, today: labToday() });
  if (refusal === 'dateOfBirthRequired') {
    await refuse(refusal);
    throw badRequest(PATIENT_MESSAGES.dateOfBirthRequired, [
      { field: 'dateOfBirth', defaultMessage: PATIENT_MESSAGES.dateOfBirthRequired },
    ]);
  }
  if (refusal === 'dateOfBirthMismatch') {
    await refuse(refusal);
    throw notFound(MESSAGES.orderNotFound);
  }
  if (refusal === 'minor') {
    await refuse(refusal);
    throw forbidden(RESULTS_MESSAGES.minor);
  }
  return order;
}

/**
 * GET /gear/gear-requisition/{reqId}/viewResultsPDF?dateOfBirth&accessionNo (spec 3 §7; decision 0261): the lab's
 * result PDF of one accession, to a caller who may see the order and its results (resultsRefusal), audited each time.
 */
export async function resultsPdfFor(
  db: Db,
  storage: FileStorage,
  user: UserInfo,
  gearReqId: number,
  accessionNo: string,
  dateOfBirth: string | null,
): Promise<Buffer> {
  const order = await resultsOrderFor(db, user, gearReqId, dateOfBirth);
  const file = (await accessionFilesOf(db, [gearReqId])).find(
    (candidate) => candidate.accessionNo === accessionNo,
  );
  if (!file) throw notFound(RESULTS_MESSAGES.accessionUnknown);
  const bytes = file.resultFileKey === null ? null : await storage.get(file.resultFileKey);
  if (!bytes) throw notFound(RESULTS_MESSAGES.notReady);
  await recordAudit(db, { action: 'resultsViewed', orderId: order.id, detail: { gearReqId } });
  return bytes;
}

/**
 * GET /gear/gear-requisition/{reqId}/interactiveReport?dateOfBirth&accessionNo (issue 17; decision 0265): the
 * interactive report's data, checked exactly as the PDF (resultsOrderFor), audited as a results view. Offered once the
 * accession is result-ready and not discarded (spec 3 §4 per test); each analyte marked when out of its range.
 */
export async function interactiveReportFor(
  db: Db,
  user: UserInfo,
  gearReqId: number,
  accessionNo: string,
  dateOfBirth: string | null,
): Promise<InteractiveReport> {
  const order = await resultsOrderFor(db, user, gearReqId, dateOfBirth);
  const [accession] = await db
    .select()
    .from(accessions)
    .where(and(eq(accessions.gearReqId, gearReqId), eq(accessions.accessionNo, accessionNo)));
  if (!accession) throw notFound(RESULTS_MESSAGES.accessionUnknown);
  const offered =
    testOffering({
      accessionNo,
      requisitionStatusId: accession.requisitionStatusId,
      dueDate: accession.dueDate,
      discarded: accession.discardedSpecimen,
      issues: accession.issues,
    }).kind === 'results';
  if (!offered || (accession.analytes === null && accession.resultFileKey === null))
    throw notFound(RESULTS_MESSAGES.notReady);
  await recordAudit(db, {
    action: 'resultsViewed',
    orderId: order.id,
    detail: { gearReqId, view: 'interactiveReport' },
  });
  return {
    orderId: order.id,
    gearReqId,
    accessionNo,
    productName: accession.productName,
    reportedAt: accession.updatedAt.toISOString(),
    analytes: (accession.analytes ?? []).map((analyte) => ({ ...analyte, outOfRange: outOfRange(analyte) })),
    resultsPdf: accession.resultFileKey !== null,
  };
}
