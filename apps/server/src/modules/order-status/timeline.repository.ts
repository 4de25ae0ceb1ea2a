import {
  formatCents,
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
  orderRefunds,
  orders,
  paymentInstalments,
  payments,
  requisitions,
  shipments,
} from '../../db/schema/index.ts';

const iso = (at: Date) => at.toISOString();

/** The actor of an audited change: its role as the audit trail recorded it (decision 0214). */
const actorOfRole = (role: string): TimelineActor =>
  role === 'admin' ? 'admin' : role === 'prc' ? 'patient' : role === 'myGDX' ? 'practitioner' : 'portal';

const PAID_STATUSES = ['captured', 'recorded', 'charged'];

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
    by: order.createdByUserId === null ? 'patient' : 'practitioner',
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
  for (const payment of paid.filter((row) => PAID_STATUSES.includes(row.status)))
    add({
      at: iso(payment.at),
      kind: 'paid',
      by: payment.paymentFrom === 'prc' ? 'patient' : 'practitioner',
      text: `Paid ${formatCents(payment.amountCents)} (${payment.paymentType})`,
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
        text: `Instalment ${instalment.number} of ${formatCents(instalment.amountCents)} charged`,
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
    add({
      at: iso(shipment.recordedAt),
      kind: 'shipped',
      by: 'carrier',
      text: `Collection pack shipped (tracking ${shipment.trackingNumber})`,
    });
    if (shipment.deliveryDate)
      add({ at: shipment.deliveryDate, kind: 'delivered', by: 'carrier', text: 'Collection pack delivered' });
  }

  const received = await db
    .select({
      gearReqId: accessions.gearReqId,
      accessionNo: accessions.accessionNo,
      receivedAt: accessions.receivedAt,
      discardedSpecimen: accessions.discardedSpecimen,
    })
    .from(accessions)
    .innerJoin(requisitions, eq(requisitions.id, accessions.gearReqId))
    .where(eq(requisitions.orderId, orderId))
    .orderBy(asc(accessions.id));
  for (const accession of received)
    add({
      at: iso(accession.receivedAt),
      kind: 'received',
      by: 'laboratory',
      text: `Specimen received by the lab (accession ${accession.accessionNo})`,
      gearReqId: accession.gearReqId,
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
