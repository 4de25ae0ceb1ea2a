import type { RequisitionSearch } from '@gear/domain';
import { and, desc, eq, inArray, max, ne, not, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  catalogueRequisitions,
  orders,
  practitioners,
  requisitions,
  shortActivationCodeOf,
} from '../../db/schema/index.ts';
import { CLAIMED } from '../order/order.repository.ts';

export type PackRow = typeof catalogueRequisitions.$inferSelect;
export type RequisitionValues = Omit<
  typeof requisitions.$inferInsert,
  'id' | 'orderId' | 'position' | 'createdAt'
>;

/** A search that names a number: what parseRequisitionSearch gives for a number worth looking up. */
export type NumberSearch = Extract<
  RequisitionSearch,
  { kind: 'requisitionNumber' | 'activationNumber' | 'shortActivationNumber' }
>;

/** spec 1 §5: 'matches on reqNumber (digits), on the activation code, or on the first 4 and last 3 characters'. */
function matching(reqNumber: AnyPgColumn, activationCode: AnyPgColumn, search: NumberSearch): SQL {
  if (search.kind === 'requisitionNumber') return eq(reqNumber, search.value);
  if (search.kind === 'activationNumber') return eq(activationCode, search.value);
  return eq(shortActivationCodeOf(activationCode), search.value);
}

/** The collection packs a search names: none, one, or (for a short activation code) possibly more. */
export const findPacks = (db: Db, search: NumberSearch): Promise<PackRow[]> =>
  db
    .select()
    .from(catalogueRequisitions)
    .where(matching(catalogueRequisitions.reqNumber, catalogueRequisitions.activationCode, search))
    .limit(2);

/** The pack with this activation code, else the one with this requisition number. */
export async function findPackByNumbers(
  db: Db,
  numbers: { reqNumber: string | null; activationCode: string | null },
): Promise<PackRow | null> {
  const search: NumberSearch | null = numbers.activationCode
    ? { kind: 'activationNumber', value: numbers.activationCode }
    : numbers.reqNumber
      ? { kind: 'requisitionNumber', value: numbers.reqNumber }
      : null;
  if (!search) return null;
  const [pack] = await findPacks(db, search);
  return pack ?? null;
}

const live = and(not(requisitions.canceled), not(orders.canceled));

/** The orders (not canceled) holding a requisition the search names, newest first. */
export async function findOrderIdsHolding(db: Db, search: NumberSearch, limit = 2): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: requisitions.orderId })
    .from(requisitions)
    .innerJoin(orders, eq(orders.id, requisitions.orderId))
    .where(and(matching(requisitions.reqNumber, requisitions.activationCode, search), live))
    .orderBy(desc(requisitions.orderId))
    .limit(limit);
  return rows.map((row) => row.orderId);
}

/** Requisitions (other than one) on live orders that carry a pack's numbers: the pack is in use there. */
export async function findRequisitionsUsingPack(
  db: Db,
  pack: { reqNumber: string | null; activationCode: string | null },
  exceptRequisitionId: number | null,
): Promise<{ id: number; orderId: number }[]> {
  const byNumber = [
    pack.reqNumber ? eq(requisitions.reqNumber, pack.reqNumber) : undefined,
    pack.activationCode ? eq(requisitions.activationCode, pack.activationCode) : undefined,
  ].filter((condition) => condition !== undefined);
  if (byNumber.length === 0) return [];
  return db
    .select({ id: requisitions.id, orderId: requisitions.orderId })
    .from(requisitions)
    .innerJoin(orders, eq(orders.id, requisitions.orderId))
    .where(
      and(
        or(...byNumber),
        live,
        exceptRequisitionId === null ? undefined : ne(requisitions.id, exceptRequisitionId),
      ),
    );
}

/** Requisitions by id with the product, the pack and the practitioner of their order (for access checks). */
export const findRequisitionsWithOwner = (db: Db, ids: readonly number[]) =>
  db
    .select({
      id: requisitions.id,
      orderId: requisitions.orderId,
      orderableItemId: requisitions.orderableItemId,
      catalogueRequisitionId: requisitions.catalogueRequisitionId,
      reqNumber: requisitions.reqNumber,
      activationCode: requisitions.activationCode,
      paperless: requisitions.paperless,
      preselection: catalogueRequisitions.preselection,
      gsdlNo: practitioners.gsdlNo,
      authorizingDoctorGsdlNo: practitioners.authorizingDoctorGsdlNo,
    })
    .from(requisitions)
    .innerJoin(orders, eq(orders.id, requisitions.orderId))
    .leftJoin(practitioners, eq(practitioners.gsdlNo, orders.practitionerGsdlNo))
    .leftJoin(catalogueRequisitions, eq(catalogueRequisitions.id, requisitions.catalogueRequisitionId))
    .where(inArray(requisitions.id, [...ids]));

/** The position after the order's last requisition. */
export async function nextRequisitionPosition(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(requisitions.position) })
    .from(requisitions)
    .where(eq(requisitions.orderId, orderId));
  return (row?.last ?? -1) + 1;
}

export async function insertRequisition(
  db: Db,
  orderId: number,
  position: number,
  values: RequisitionValues,
): Promise<number> {
  const [row] = await db
    .insert(requisitions)
    .values({ ...values, orderId, position })
    .returning({ id: requisitions.id });
  if (!row) throw new Error('requisition insert returned nothing');
  return row.id;
}

export const updateRequisition = (db: Db, id: number, values: Partial<RequisitionValues>) =>
  db.update(requisitions).set(values).where(eq(requisitions.id, id));

/** updateRequisition as a write of claimVersionWith: only when the claim of the same statement succeeded. */
export const updateRequisitionWrite = (db: Db, id: number, values: Partial<RequisitionValues>) =>
  db
    .update(requisitions)
    .set(values)
    .where(and(eq(requisitions.id, id), CLAIMED));

/** Removes requisitions of an order; their workflow rows go with them (ON DELETE CASCADE). */
export const deleteRequisitions = (db: Db, orderId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .delete(requisitions)
        .where(and(eq(requisitions.orderId, orderId), inArray(requisitions.id, [...ids])));
