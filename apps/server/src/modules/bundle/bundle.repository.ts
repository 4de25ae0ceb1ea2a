import type { BillingMethod, BundleProduct, BundleSummary } from '@gear/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { bundleProducts, bundles, orderableItems } from '../../db/schema/index.ts';

export interface BundleRow {
  id: number;
  gsdlNo: string;
  deleted: boolean;
}

/** The profile's row, deleted or not, locked for the rest of the transaction when asked. */
export async function findBundleRow(db: Db, gearBundleId: number, lock = false): Promise<BundleRow | null> {
  const query = db
    .select({ id: bundles.id, gsdlNo: bundles.gsdlNo, deleted: bundles.deleted })
    .from(bundles)
    .where(eq(bundles.id, gearBundleId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface BundleValues {
  gsdlNo: string;
  name: string;
  billingMethod: BillingMethod;
  products: readonly BundleProduct[];
}

async function writeProducts(db: Db, bundleId: number, products: readonly BundleProduct[]) {
  await db.delete(bundleProducts).where(eq(bundleProducts.bundleId, bundleId));
  if (products.length === 0) return;
  await db.insert(bundleProducts).values(
    products.map((product, position) => ({
      bundleId,
      position,
      orderableItemId: product.omsOrderableItemId,
      panel: product.panel,
      components: [...product.components],
      addons: product.addons.map(({ omsInputFieldID, cptQuantity }) => ({ omsInputFieldID, cptQuantity })),
      billingMethod: product.billingMethod,
    })),
  );
}

export const insertBundle = (db: Db, values: BundleValues): Promise<number> =>
  changing(['bundles'], async () => {
    const [row] = await db
      .insert(bundles)
      .values({ gsdlNo: values.gsdlNo, name: values.name, billingMethod: values.billingMethod })
      .returning({ id: bundles.id });
    const id = (row as { id: number }).id;
    await writeProducts(db, id, values.products);
    return id;
  });

export const updateBundle = (db: Db, gearBundleId: number, values: BundleValues): Promise<void> =>
  changing(['bundles'], async () => {
    await db
      .update(bundles)
      .set({ name: values.name, billingMethod: values.billingMethod })
      .where(eq(bundles.id, gearBundleId));
    await writeProducts(db, gearBundleId, values.products);
  });

/** Marks the profile deleted (orders made from it keep their requisitions); true when this call deleted it. */
export const markBundleDeleted = (db: Db, gearBundleId: number): Promise<boolean> =>
  changing(['bundles'], async () => {
    const rows = await db
      .update(bundles)
      .set({ deleted: true })
      .where(and(eq(bundles.id, gearBundleId), eq(bundles.deleted, false)))
      .returning({ id: bundles.id });
    return rows.length > 0;
  });

/** The practitioner's profiles, by name, as panel selection lists them (spec 1 §3 Bundle). */
export async function listBundles(db: Db, gsdlNo: string): Promise<BundleSummary[]> {
  const rows = await db
    .select({
      gearBundleId: bundles.id,
      name: bundles.name,
      billingMethod: bundles.billingMethod,
      productNamesString: sql<string>`coalesce(string_agg(${orderableItems.name}, ', ' order by ${bundleProducts.position}), '')`,
    })
    .from(bundles)
    .leftJoin(bundleProducts, eq(bundleProducts.bundleId, bundles.id))
    .leftJoin(orderableItems, eq(orderableItems.id, bundleProducts.orderableItemId))
    .where(and(eq(bundles.gsdlNo, gsdlNo), eq(bundles.deleted, false)))
    .groupBy(bundles.id)
    .orderBy(asc(bundles.name), asc(bundles.id));
  return rows.map((row) => ({ ...row, gearOrderId: null, practAgreement: null }));
}
