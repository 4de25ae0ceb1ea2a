import { recollectionOrderSteps, type SavedOrder } from '@gear/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { accessions, recollections, requisitions } from '../../db/schema/index.ts';
import { saveWorkflowSteps } from '../order/order.repository.ts';
import { insertOrderLike } from '../removal/removal.repository.ts';
import { insertRequisition } from '../requisition/requisition.repository.ts';

/** One test to re-collect: the original requisition and the discarded accession it is for. */
export interface RecollectedTest {
  gearReqId: number;
  accessionNo: string;
}

/** The order write of a recollection (decision 0252), run inside the transaction that claimed the order's version. */
export interface CreateRecollection {
  kind: 'createRecollection';
  tests: readonly RecollectedTest[];
  paymentRequired: boolean;
  /** Who asked: a role ('patient', 'practitioner', 'admin'), as recollections.requestedBy records it. */
  requestedBy: string;
  createdByUserId: number | null;
}

/** The requisitions of an order that already have a recollection (requested or ordered). */
export async function requestedRecollections(db: Db, orderId: number): Promise<Set<number>> {
  const rows = await db
    .select({ gearReqId: recollections.gearReqId })
    .from(recollections)
    .where(eq(recollections.orderId, orderId));
  return new Set(rows.map((row) => row.gearReqId));
}

/**
 * The recollection order (decision 0252): a new order linked by recollectionFor, for the same practitioner, patient,
 * insurance and shipping address, its data confirmed as the original's was; one requisition per re-collected test,
 * copying the test as ordered (product, panel, components, add-ons, billing, diagnosis codes) on a new pack shipped
 * to the patient, with no collection date yet. Then one `recollections` row per test (unique by requisition: a
 * second recollection of a test is refused by the database whatever the caller). Answers the new order's id.
 */
export async function createRecollection(
  tx: Db,
  order: SavedOrder,
  write: CreateRecollection,
): Promise<number> {
  const created = {
    id: await insertOrderLike(tx, order, write.createdByUserId, {
      dataConfirmed: order.dataConfirmed,
      patientAgreement: order.patientAgreement,
      nsaAcknowledged: order.nsaAcknowledged,
      recollectionFor: order.id,
    }),
  };
  const [originals, position] = [
    await tx
      .select()
      .from(requisitions)
      .where(
        and(
          eq(requisitions.orderId, order.id),
          inArray(
            requisitions.id,
            write.tests.map((test) => test.gearReqId),
          ),
        ),
      ),
    { next: 0 },
  ];
  const inserted: number[] = [];
  for (const test of write.tests) {
    const original = originals.find((row) => row.id === test.gearReqId);
    if (!original) throw new Error('the re-collected requisition is not on the order');
    inserted.push(
      await insertRequisition(tx, created.id, position.next++, {
        orderableItemId: original.orderableItemId,
        quantity: 1,
        billingMethod: original.billingMethod,
        panel: original.panel,
        components: original.components,
        addons: original.addons,
        componentOptions: original.componentOptions,
        addOnOptions: original.addOnOptions,
        profileSpecificFields: original.profileSpecificFields,
        patientInstructions: original.patientInstructions,
        clinicalFindings: original.clinicalFindings,
        icdCodes: original.icdCodes,
        physicianInTheLoop: original.physicianInTheLoop,
        dropShip: true,
        shipToOffice: false,
      }),
    );
  }
  await saveWorkflowSteps(tx, created.id, [], recollectionOrderSteps(inserted, new Date().toISOString()));
  await tx.insert(recollections).values(
    write.tests.map((test) => ({
      orderId: order.id,
      gearReqId: test.gearReqId,
      accessionNo: test.accessionNo,
      recollectionOrderId: created.id,
      paymentRequired: write.paymentRequired,
      pending: write.paymentRequired,
      requestedBy: write.requestedBy,
    })),
  );
  return created.id;
}

/** The recollection an order makes (it is some recollection's recollection order), or null. */
export async function recollectionMadeBy(db: Db, recollectionOrderId: number) {
  const rows = await db
    .select({
      orderId: recollections.orderId,
      pending: recollections.pending,
      paymentRequired: recollections.paymentRequired,
    })
    .from(recollections)
    .where(eq(recollections.recollectionOrderId, recollectionOrderId));
  const [first] = rows;
  if (!first) return null;
  return {
    recollectionFor: first.orderId,
    pending: rows.some((row) => row.pending),
    paymentRequired: rows.some((row) => row.paymentRequired),
  };
}

/**
 * The recollection orders of an order whose $40 pack is due (pending, payment required; decision 0293), in the order
 * they were made; only the one named when `only` is given.
 */
export async function packsDueOf(db: Db, orderId: number, only: number | null): Promise<number[]> {
  const rows = await db
    .select({ recollectionOrderId: recollections.recollectionOrderId })
    .from(recollections)
    .where(
      and(
        eq(recollections.orderId, orderId),
        eq(recollections.pending, true),
        eq(recollections.paymentRequired, true),
        isNotNull(recollections.recollectionOrderId),
        ...(only === null ? [] : [eq(recollections.recollectionOrderId, only)]),
      ),
    )
    .orderBy(recollections.id);
  return [...new Set(rows.map((row) => row.recollectionOrderId as number))];
}

/**
 * The pack of a recollection order is paid (spec 3 §4 RecollectionPending → RecollectionOrdered; decision 0293): one
 * conditional statement, true for the one call that finds it still pending. Run inside the order change that claimed
 * the original order's version, whose summary it changes.
 */
export async function claimPackPaid(tx: Db, orderId: number, recollectionOrderId: number): Promise<boolean> {
  const claimed = await changing(['orders'], () =>
    tx
      .update(recollections)
      .set({ pending: false })
      .where(
        and(
          eq(recollections.orderId, orderId),
          eq(recollections.recollectionOrderId, recollectionOrderId),
          eq(recollections.pending, true),
        ),
      )
      .returning({ id: recollections.id }),
  );
  return claimed.length > 0;
}

/** An accession with its requisition and order, for the re-collect page (GET /gear/re-collect/{accessionNo}). */
export async function accessionOwner(db: Db, accessionNo: string) {
  const [row] = await db
    .select({ gearReqId: accessions.gearReqId, orderId: requisitions.orderId })
    .from(accessions)
    .innerJoin(requisitions, eq(requisitions.id, accessions.gearReqId))
    .where(eq(accessions.accessionNo, accessionNo))
    .limit(1);
  return row ?? null;
}

/** The recollection order made for a requisition, or null. */
export async function recollectionOrderOf(db: Db, gearReqId: number): Promise<number | null> {
  const [row] = await db
    .select({ recollectionOrderId: recollections.recollectionOrderId })
    .from(recollections)
    .where(eq(recollections.gearReqId, gearReqId))
    .limit(1);
  return row?.recollectionOrderId ?? null;
}
