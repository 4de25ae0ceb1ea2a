import {
  carrierStatusTitle,
  formatCents,
  isResultReady,
  type OrderTimeline,
  sortTimeline,
  type TimelineActor,
  type TimelineEntry,
} from '@gear/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accessions,
  auditEvents,
  carrierScans,
  orderableItems,
  orderRefunds,
  orders,
  paymentInstalments,
  payments,
  recollections,
  requisitions,
  shipments,
} from '../../db/schema/index.ts';

const iso = (at: Date) => at.toISOString();

/** The actor of an audited change: its role as the audit trail recorded it (decision 0214). */
const actorOfRole = (role: string): TimelineActor =>
  role === 'admin' ? 'admin' : role === 'prc' ? 'patient' : role === 'myGDX' ? 'practitioner' : 'portal';

/** Who asked for a recollection, as the row names them (a role, or the lab). */
const actorOfRequester = (requestedBy: string): TimelineActor =>
  /lab/i.test(requestedBy) ? 'laboratory' : actorOfRole(requestedBy === 'patient' ? 'prc' : requestedBy);

const PAID_STATUSES = ['captured', 'recorded', 'charged'];

const numberOf = (detail: unknown, key: string): number | null => {
  const value = (detail as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' ? value : null;
};

/** A payment's words; the PITL transfer's own payment types say what they are (decision 0290). */
function paidText(paymentType: string, amountCents: number): string {
  if (paymentType === 'pitlclientfee')
    return `Physician transfer fee paid ${formatCents(amountCents)} (pitlclientfee)`;
  if (paymentType === 'pitlpendingtransfer')
    return 'Collection pack paid on the order it was transferred from (pitlpendingtransfer)';
  if (paymentType === 'bill') return `Bill paid ${formatCents(amountCents)} (Pay Bill)`;
  return `Paid ${formatCents(amountCents)} (${paymentType})`;
}

/**
 * The pack a payment or instalment was for, so that equal payments of several packs read apart: the test's name and
 * its requisition number.
 */
async function packNamesOf(db: Db, orderId: number): Promise<Map<number, string>> {
  const packs = await db
    .select({ id: requisitions.id, reqNumber: requisitions.reqNumber, name: orderableItems.name })
    .from(requisitions)
    .innerJoin(orderableItems, eq(orderableItems.id, requisitions.orderableItemId))
    .where(eq(requisitions.orderId, orderId));
  return new Map(
    packs.map((pack) => [
      pack.id,
      pack.reqNumber ? `${pack.name}, requisition ${pack.reqNumber}` : pack.name,
    ]),
  );
}

/** The words of a PITL transfer (decision 0290): how many packs, to or from which order; no patient's name. */
function pitlTransferText(action: string, detail: unknown): string {
  const ids = (detail as Record<string, unknown> | null)?.gearReqIds;
  const count = Array.isArray(ids) ? ids.length : 0;
  const packs = `${count} collection pack${count === 1 ? '' : 's'}`;
  return action === 'pitlTransferredOut'
    ? `${packs} transferred to a new patient (order ${numberOf(detail, 'toOrderId') ?? ''})`
    : `${packs} transferred from order ${numberOf(detail, 'fromOrderId') ?? ''}`;
}

/** The $40 of a recollection, paid (decision 0293): the amount and the recollection order, when recorded. */
function replacementFeeText(words: string, detail: unknown): string {
  const amountCents = numberOf(detail, 'amountCents');
  const recollectionOrderId = numberOf(detail, 'recollectionOrderId');
  return [
    words,
    amountCents === null ? '' : ` ${formatCents(amountCents)}`,
    recollectionOrderId === null ? '' : ` (recollection order ${recollectionOrderId})`,
  ].join('');
}

/**
 * One dated timeline of everything that happened to an order (issue 17 'One timeline'; decision 0262), read from
 * the stored facts: the order, its audited changes (placed, canceled), payments and instalments, shipments, the lab's
 * accessions and the refunds. Words only, never health data.
 */
export async function orderTimeline(db: Db, orderId: number): Promise<OrderTimeline> {
  const entries: TimelineEntry[] = [];
  const add = (entry: Omit<TimelineEntry, 'gearReqId'> & { gearReqId?: number | null }) =>
    entries.push({ gearReqId: null, ...entry });

  const [order] = await db
    .select({ createdAt: orders.createdAt, createdByUserId: orders.createdByUserId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { orderId, entries: [] };
  add({
    at: iso(order.createdAt),
    kind: 'ordered',
    // Orders made by a signed-in user name them; others were made by the portal (registration, demo data).
    by: order.createdByUserId === null ? 'portal' : 'practitioner',
    text: 'Order created',
  });

  const changes = await db
    .select({
      action: auditEvents.action,
      role: auditEvents.role,
      at: auditEvents.at,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.orderId, orderId),
        eq(auditEvents.outcome, 'success'),
        inArray(auditEvents.action, [
          'orderChanged:submit',
          'orderChanged:cancel',
          'orderChanged:cancelTest',
          'pitlTransferredIn',
          'pitlTransferredOut',
          'pitlReplacementFeePaid',
          'recollectionPackPaid',
        ]),
      ),
    )
    .orderBy(asc(auditEvents.id));
  for (const change of changes) {
    const by = actorOfRole(change.role);
    if (change.action === 'orderChanged:submit')
      add({
        at: iso(change.at),
        kind: 'placed',
        by,
        text: by === 'patient' ? 'Activated and confirmed by the patient' : 'Order placed',
      });
    else if (change.action === 'orderChanged:cancel')
      add({ at: iso(change.at), kind: 'canceled', by, text: 'Order canceled' });
    else if (change.action === 'orderChanged:cancelTest')
      add({ at: iso(change.at), kind: 'testCanceled', by, text: 'A test was canceled' });
    else if (change.action === 'pitlTransferredOut' || change.action === 'pitlTransferredIn')
      add({
        at: iso(change.at),
        kind: 'transferred',
        by,
        text: pitlTransferText(change.action, change.detail),
      });
    else if (change.action === 'pitlReplacementFeePaid')
      add({
        at: iso(change.at),
        kind: 'recollection',
        by,
        text: replacementFeeText('Replacement fee paid for the recollection', change.detail),
        gearReqId: numberOf(change.detail, 'gearReqId'),
      });
    // On the order re-collected (decision 0293); the recollection order's own payment row dates it there.
    else if (
      change.action === 'recollectionPackPaid' &&
      numberOf(change.detail, 'recollectionOrderId') !== null
    )
      add({
        at: iso(change.at),
        kind: 'recollection',
        by,
        text: replacementFeeText('Recollection pack paid', change.detail),
      });
  }

  const paid = await db
    .select({
      at: payments.createdAt,
      amountCents: payments.amountCents,
      paymentType: payments.paymentType,
      paymentFrom: payments.paymentFrom,
      status: payments.status,
      gearReqId: payments.gearReqId,
      id: payments.id,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  const packNames = await packNamesOf(db, orderId);
  const forPack = (text: string, gearReqId: number | null) => {
    const pack = gearReqId === null ? undefined : packNames.get(gearReqId);
    return pack ? `${text} for ${pack}` : text;
  };
  for (const payment of paid.filter((row) => PAID_STATUSES.includes(row.status)))
    add({
      at: iso(payment.at),
      kind: 'paid',
      by: payment.paymentFrom === 'prc' ? 'patient' : 'practitioner',
      text: forPack(paidText(payment.paymentType, payment.amountCents), payment.gearReqId),
      gearReqId: payment.gearReqId,
    });
  const planned = paid.filter((row) => !PAID_STATUSES.includes(row.status));
  if (planned.length > 0) {
    const instalments = await db
      .select({
        paymentId: paymentInstalments.paymentId,
        number: paymentInstalments.number,
        amountCents: paymentInstalments.amountCents,
        chargedAt: paymentInstalments.chargedAt,
      })
      .from(paymentInstalments)
      .where(
        and(
          inArray(
            paymentInstalments.paymentId,
            planned.map((row) => row.id),
          ),
          eq(paymentInstalments.status, 'charged'),
        ),
      );
    for (const instalment of instalments) {
      const payment = planned.find((row) => row.id === instalment.paymentId);
      if (!payment || !instalment.chargedAt) continue;
      add({
        at: iso(instalment.chargedAt),
        kind: 'paid',
        by: payment.paymentFrom === 'prc' ? 'patient' : 'practitioner',
        text: forPack(
          `Instalment ${instalment.number} of ${formatCents(instalment.amountCents)} charged`,
          payment.gearReqId,
        ),
        gearReqId: payment.gearReqId,
      });
    }
  }

  const shipped = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id));
  for (const shipment of shipped) {
    const scans = await db
      .select()
      .from(carrierScans)
      .where(eq(carrierScans.shipmentId, shipment.id))
      .orderBy(asc(carrierScans.scannedAt));
    // The carrier's label and delivery scans are the shipped and delivered entries themselves (at the carrier's
    // time, not when the portal stored them); the scans between read as words, never as the carrier's codes.
    const labelScan = scans.find((scan) => scan.status === 'LABEL_CREATED');
    const deliveredScan = scans.find((scan) => scan.status === 'DELIVERED');
    add({
      at: iso(labelScan?.scannedAt ?? shipment.recordedAt),
      kind: 'shipped',
      by: 'carrier',
      text: `Collection pack shipped (tracking ${shipment.trackingNumber})`,
    });
    for (const scan of scans) {
      if (scan === labelScan || scan === deliveredScan) continue;
      const details = [scan.description, scan.location].filter(Boolean).join(', ');
      add({
        at: iso(scan.scannedAt),
        kind: 'scan',
        by: 'carrier',
        text: details ? `${carrierStatusTitle(scan.status)}: ${details}` : carrierStatusTitle(scan.status),
      });
    }
    if (deliveredScan || shipment.deliveryDate)
      add({
        at: deliveredScan ? iso(deliveredScan.scannedAt) : (shipment.deliveryDate as string),
        kind: 'delivered',
        by: 'carrier',
        text: 'Collection pack delivered',
      });
  }

  const received = await db
    .select({
      gearReqId: accessions.gearReqId,
      accessionNo: accessions.accessionNo,
      receivedAt: accessions.receivedAt,
      updatedAt: accessions.updatedAt,
      discardedSpecimen: accessions.discardedSpecimen,
      requisitionStatusId: accessions.requisitionStatusId,
      resultFileKey: accessions.resultFileKey,
    })
    .from(accessions)
    .innerJoin(requisitions, eq(requisitions.id, accessions.gearReqId))
    .where(eq(requisitions.orderId, orderId))
    .orderBy(asc(accessions.id));
  for (const accession of received) {
    add({
      at: iso(accession.receivedAt),
      kind: 'received',
      by: 'laboratory',
      text: `Specimen received by the lab (accession ${accession.accessionNo})`,
      gearReqId: accession.gearReqId,
    });
    // The lab's last change of the accession is when it reported the problem or the results.
    if (accession.discardedSpecimen)
      add({
        at: iso(accession.updatedAt),
        kind: 'specimenProblem',
        by: 'laboratory',
        text: `The lab could not complete the test on accession ${accession.accessionNo}`,
        gearReqId: accession.gearReqId,
      });
    else if (isResultReady(accession.requisitionStatusId) || accession.resultFileKey !== null)
      add({
        at: iso(accession.updatedAt),
        kind: 'resultsReady',
        by: 'laboratory',
        text: `Results ready (accession ${accession.accessionNo})`,
        gearReqId: accession.gearReqId,
      });
  }

  const recollected = await db
    .select()
    .from(recollections)
    .where(eq(recollections.orderId, orderId))
    .orderBy(asc(recollections.id));
  for (const recollection of recollected)
    add({
      at: iso(recollection.requestedAt),
      kind: 'recollection',
      by: actorOfRequester(recollection.requestedBy),
      text:
        recollection.recollectionOrderId === null
          ? 'A new collection pack was requested'
          : `A new collection pack was ordered (order ${recollection.recollectionOrderId})`,
      gearReqId: recollection.gearReqId,
    });

  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
  for (const refund of refunds)
    add({
      at: iso(refund.createdAt),
      kind: 'refunded',
      by: 'portal',
      text:
        refund.feeKeptCents > 0
          ? `Refunded ${formatCents(refund.refundCents)} (${formatCents(refund.feeKeptCents)} non-refundable fee kept)`
          : `Refunded ${formatCents(refund.refundCents)}`,
      gearReqId: refund.gearReqId,
    });

  return { orderId, entries: sortTimeline(entries) };
}
