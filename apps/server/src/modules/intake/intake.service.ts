import {
  type FieldError,
  INTAKE_MESSAGES,
  type IntakeEvent,
  type IntakeResult,
  MESSAGES,
} from '@gear/domain';
import { and, eq, lte } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db } from '../../db/client.ts';
import { accessions, orders, shipments } from '../../db/schema/index.ts';
import { conflict, HttpError, unprocessable } from '../../lib/http-error.ts';
import { transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { claimVersion } from '../order/order.repository.ts';
import { enqueueStatusEmail } from '../status-emails/status-emails.service.ts';
import {
  accessionOf,
  knownReferences,
  recordedEventIds,
  recordIntakeEvent,
  recordScan,
  shipmentOf,
} from './intake.repository.ts';

/** An event that cannot be applied as the order stands (decision 0251): its order's events are all refused. */
class OutOfOrder extends Error {}

/** Every event of the order's share was already recorded (a replay racing the first): nothing is written, not even the claim. */
class NothingFresh extends Error {}

interface Placed {
  index: number;
  event: IntakeEvent;
  orderId: number;
  gearReqId: number | null;
}

/**
 * Finds the order (and requisition) of every event, counting what earlier events of the same batch create (a
 * shipment, an accession). Any event naming what the portal does not know refuses the whole request (422).
 */
async function placeEvents(db: Db, events: readonly IntakeEvent[]): Promise<Placed[]> {
  const known = await knownReferences(db, {
    orderIds: events.flatMap((e) => (e.type === 'shipment.created' ? [e.orderId] : [])),
    trackingNumbers: events.flatMap((e) => ('trackingNumber' in e ? [e.trackingNumber] : [])),
    gearReqIds: events.flatMap((e) => (e.type === 'lab.received' && e.gearReqId ? [e.gearReqId] : [])),
    requisitionNumbers: events.flatMap((e) =>
      e.type === 'lab.received' && e.requisitionNumber ? [e.requisitionNumber] : [],
    ),
    accessionNos: events.flatMap((e) => ('accessionNo' in e ? [e.accessionNo] : [])),
  });
  const unknown: FieldError[] = [];
  const placed: Placed[] = [];
  // Events that create what others name (a shipment, an accession) first, so that a batch may list them in any order;
  // whether they happened in a possible order is the application's check, per order.
  const creates = (event: IntakeEvent) => event.type === 'shipment.created' || event.type === 'lab.received';
  const byTime = [...events.entries()].sort(
    ([a, first], [b, second]) => Number(creates(second)) - Number(creates(first)) || a - b,
  );
  for (const [index, event] of byTime) {
    const at = (field: string) => {
      unknown.push({
        field: `events[${index}].${field}`,
        defaultMessage: `Not known to the portal (event ${event.id})`,
      });
    };
    switch (event.type) {
      case 'shipment.created': {
        if (!known.orders.has(event.orderId)) {
          at('orderId');
          continue;
        }
        const owner = known.trackingNumbers.get(event.trackingNumber);
        if (owner !== undefined && owner !== event.orderId) {
          at('trackingNumber');
          continue;
        }
        known.trackingNumbers.set(event.trackingNumber, event.orderId);
        placed.push({ index, event, orderId: event.orderId, gearReqId: null });
        continue;
      }
      case 'carrier.scan':
      case 'carrier.delivered':
      case 'tracking.canceled': {
        const orderId = known.trackingNumbers.get(event.trackingNumber);
        if (orderId === undefined) {
          at('trackingNumber');
          continue;
        }
        placed.push({ index, event, orderId, gearReqId: null });
        continue;
      }
      case 'lab.received': {
        const byId = event.gearReqId ? known.requisitionsById.get(event.gearReqId) : undefined;
        const target =
          event.gearReqId && byId !== undefined
            ? { orderId: byId, gearReqId: event.gearReqId }
            : event.requisitionNumber
              ? known.requisitionsByNumber.get(event.requisitionNumber)
              : undefined;
        if (!target) {
          at(event.gearReqId ? 'gearReqId' : 'requisitionNumber');
          continue;
        }
        const existing = known.accessionNos.get(event.accessionNo);
        if (existing && existing.gearReqId !== target.gearReqId) {
          at('accessionNo');
          continue;
        }
        known.accessionNos.set(event.accessionNo, target);
        placed.push({ index, event, ...target });
        continue;
      }
      default: {
        const target = known.accessionNos.get(event.accessionNo);
        if (!target) {
          at('accessionNo');
          continue;
        }
        placed.push({ index, event, ...target });
      }
    }
  }
  if (unknown.length > 0) {
    const position = (error: FieldError) => Number(/\[(\d+)\]/.exec(error.field)?.[1]);
    throw unprocessable(
      INTAKE_MESSAGES.unknownReference,
      unknown.sort((a, b) => position(a) - position(b)).slice(0, 100),
    );
  }
  return placed;
}

async function applyEvent(tx: Db, sender: string, placed: Placed, resultKeys: Map<number, string>) {
  const { event } = placed;
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'shipment.created': {
      await tx
        .insert(shipments)
        .values({
          orderId: placed.orderId,
          trackingNumber: event.trackingNumber,
          status: 'LABEL_CREATED',
          recordedBy: sender,
        })
        .onConflictDoNothing({ target: shipments.trackingNumber });
      const shipment = await shipmentOf(tx, event.trackingNumber);
      if (shipment?.orderId !== placed.orderId) throw new OutOfOrder();
      await recordScan(tx, shipment.id, { status: 'LABEL_CREATED', scannedAt: at, recordedBy: sender });
      return;
    }
    case 'carrier.scan':
    case 'carrier.delivered':
    case 'tracking.canceled': {
      const shipment = await shipmentOf(tx, event.trackingNumber);
      if (!shipment) throw new OutOfOrder();
      const status =
        event.type === 'carrier.scan'
          ? event.status
          : event.type === 'carrier.delivered'
            ? 'DELIVERED'
            : 'CANCELED';
      await recordScan(
        tx,
        shipment.id,
        {
          status,
          location: event.type === 'carrier.scan' ? event.location : undefined,
          description: event.type === 'carrier.scan' ? event.description : undefined,
          scannedAt: at,
          recordedBy: sender,
        },
        event.type === 'carrier.delivered' ? event.deliveryDate : undefined,
      );
      return;
    }
    case 'lab.received': {
      const gearReqId = placed.gearReqId as number;
      await tx
        .insert(accessions)
        .values({
          gearReqId,
          accessionNo: event.accessionNo,
          productName: event.productName,
          dueDate: event.dueDate ?? null,
          requisitionStatusId: 1,
          receivedAt: at,
          updatedAt: at,
          recordedBy: sender,
        })
        .onConflictDoNothing({ target: accessions.accessionNo });
      return;
    }
    default: {
      const accession = await accessionOf(tx, event.accessionNo);
      if (!accession) throw new OutOfOrder();
      const latest = and(eq(accessions.id, accession.id), lte(accessions.updatedAt, at));
      if (event.type === 'lab.discarded') {
        await tx
          .update(accessions)
          .set({ discardedSpecimen: true, issues: event.issues })
          .where(eq(accessions.id, accession.id));
      } else if (event.type === 'lab.results') {
        // A results event brings the PDF, the structured results or both; what it does not bring stays as it was.
        const resultFileKey = resultKeys.get(placed.index);
        if (resultFileKey !== undefined || event.analytes !== undefined)
          await tx
            .update(accessions)
            .set({
              ...(resultFileKey !== undefined ? { resultFileKey } : {}),
              ...(event.analytes !== undefined ? { analytes: event.analytes } : {}),
            })
            .where(eq(accessions.id, accession.id));
      }
      if (event.type === 'lab.status' || event.type === 'lab.results') {
        // A status older than the one recorded (events arriving out of order) does not move it back.
        await tx
          .update(accessions)
          .set({ requisitionStatusId: event.requisitionStatusId, updatedAt: at })
          .where(latest);
      }
    }
  }
}

/** What a stored event keeps of its facts: never the PDF itself, only the key it was stored under. */
function factsOf(event: IntakeEvent, resultKey: string | undefined): Record<string, unknown> {
  if (event.type !== 'lab.results') return { ...event };
  // The values themselves are health data: the log keeps how many analytes came, the accession keeps them.
  const { resultPdfBase64: _pdf, analytes, ...rest } = event;
  return { ...rest, resultFileKey: resultKey ?? null, analyteCount: analytes?.length ?? 0 };
}

const isStale = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.message === MESSAGES.staleOrder;

/**
 * One order's events in the order they happened, through the order-change core's claim (the version moves, so a
 * wizard save based on the order before the lab's facts is refused as stale), all or none, in one transaction. Answers each event's
 * outcome.
 */
async function applyOrderEvents(
  db: Db,
  sender: string,
  orderId: number,
  events: Placed[],
  resultKeys: Map<number, string>,
): Promise<Map<number, 'applied' | 'duplicate'>> {
  const sorted = [...events].sort(
    (a, b) => Date.parse(a.event.occurredAt) - Date.parse(b.event.occurredAt) || a.index - b.index,
  );
  for (let attempt = 1; ; attempt++) {
    const [current] = await db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
    if (!current) throw new OutOfOrder();
    const outcomes = new Map<number, 'applied' | 'duplicate'>();
    try {
      await transaction(db, async (tx) => {
        // The order-change core's claim (decision 0065): the version moves with the lab's facts, or nothing is written.
        if (!(await claimVersion(tx, orderId, current.version))) throw conflict(MESSAGES.staleOrder);
        for (const placed of sorted) {
          const resultKey = resultKeys.get(placed.index);
          const fresh = await recordIntakeEvent(tx, {
            sender,
            senderEventId: placed.event.id,
            type: placed.event.type,
            orderId,
            gearReqId: placed.gearReqId,
            facts: factsOf(placed.event, resultKey),
            occurredAt: new Date(placed.event.occurredAt),
          });
          if (!fresh) {
            outcomes.set(placed.index, 'duplicate');
            continue;
          }
          await applyEvent(tx, sender, placed, resultKeys);
          // The patient's status email, written with the fact it tells of (decision 0301).
          await enqueueStatusEmail(tx, orderId, placed.event);
          await recordAudit(tx, {
            action: `intake:${placed.event.type}`,
            orderId,
            actor: `intake:${sender}`,
            userId: null,
            detail: {
              eventId: placed.event.id,
              ...(placed.gearReqId ? { gearReqId: placed.gearReqId } : {}),
            },
          });
          outcomes.set(placed.index, 'applied');
        }
        // A replay that lost the race to the first delivery changes nothing: the version claim is rolled back too.
        if (![...outcomes.values()].includes('applied')) throw new NothingFresh();
      });
      return outcomes;
    } catch (error) {
      if (error instanceof NothingFresh) return outcomes;
      if (isStale(error) && attempt < 5) continue;
      throw error;
    }
  }
}

export interface IntakeOptions {
  storage: FileStorage;
}

/**
 * Applies a batch of one sender's events (spec/README.md resolution 8, decision 0251): unknown references refuse the
 * whole request; then each order's events are applied together or not at all. Result PDFs are stored first and
 * removed again when their order's events are refused.
 */
export async function applyIntake(
  db: Db,
  sender: string,
  events: readonly IntakeEvent[],
  { storage }: IntakeOptions,
): Promise<IntakeResult> {
  const placed = await placeEvents(db, events);
  const already = await recordedEventIds(db, sender, [...new Set(events.map((event) => event.id))]);
  const byOrder = new Map<number, Placed[]>();
  for (const one of placed) {
    if (already.has(one.event.id)) continue;
    byOrder.set(one.orderId, [...(byOrder.get(one.orderId) ?? []), one]);
  }
  const outcomes = new Map<number, { outcome: 'applied' | 'duplicate' | 'refused'; reason?: string }>();
  for (const one of placed) if (already.has(one.event.id)) outcomes.set(one.index, { outcome: 'duplicate' });
  for (const [orderId, orderEvents] of byOrder) {
    const resultKeys = new Map<number, string>();
    for (const one of orderEvents)
      if (one.event.type === 'lab.results' && one.event.resultPdfBase64 !== undefined)
        resultKeys.set(one.index, await storage.put(Buffer.from(one.event.resultPdfBase64, 'base64')));
    try {
      const applied = await applyOrderEvents(db, sender, orderId, orderEvents, resultKeys);
      for (const [index, outcome] of applied) outcomes.set(index, { outcome });
    } catch (error) {
      if (!(error instanceof OutOfOrder)) throw error;
      for (const key of resultKeys.values()) await storage.delete(key);
      for (const one of orderEvents)
        outcomes.set(one.index, { outcome: 'refused', reason: INTAKE_MESSAGES.outOfOrder });
      await recordAudit(db, {
        action: 'intake:refused',
        outcome: 'refused',
        orderId,
        actor: `intake:${sender}`,
        userId: null,
        status: 422,
        detail: { eventIds: orderEvents.slice(0, 20).map((one) => one.event.id) },
      });
    }
  }
  const rows = placed.map((one) => ({
    id: one.event.id,
    orderId: one.orderId,
    ...(outcomes.get(one.index) ?? { outcome: 'duplicate' as const }),
  }));
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  return {
    received: events.length,
    applied: count('applied'),
    duplicates: count('duplicate'),
    refused: count('refused'),
    events: rows,
  };
}
