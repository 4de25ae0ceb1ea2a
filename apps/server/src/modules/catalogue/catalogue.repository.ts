import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged, preparedStatement } from '../../db/kept.ts';
import { literal } from '../../db/prepared.ts';
import {
  bundleProducts,
  bundles,
  icd10Codes,
  inputFields,
  offices,
  orderableItemDiagnosisCodes,
  orderableItemInputFields,
  orderableItems,
  orders,
  practitioners,
  requisitions,
} from '../../db/schema/index.ts';

export type ItemRow = typeof orderableItems.$inferSelect;
export type InputFieldRow = typeof inputFields.$inferSelect;
export type ItemFieldLink = typeof orderableItemInputFields.$inferSelect;
export interface ItemDiagnosisCode {
  orderableItemId: number;
  code: string;
  name: string | null;
}

export interface CatalogueRows {
  items: ItemRow[];
  fields: InputFieldRow[];
  links: ItemFieldLink[];
  diagnosisCodes: ItemDiagnosisCode[];
}

/** The whole catalogue: items, input fields, which item uses which field (in display order), diagnosis checklists. */
export async function loadCatalogueRows(db: Db): Promise<CatalogueRows> {
  const [items, fields, links, diagnosisCodes] = await Promise.all([
    db.select().from(orderableItems),
    db.select().from(inputFields),
    db
      .select()
      .from(orderableItemInputFields)
      .orderBy(asc(orderableItemInputFields.orderableItemId), asc(orderableItemInputFields.sortOrder)),
    db
      .select({
        orderableItemId: orderableItemDiagnosisCodes.orderableItemId,
        code: orderableItemDiagnosisCodes.code,
        name: icd10Codes.description,
      })
      .from(orderableItemDiagnosisCodes)
      .leftJoin(icd10Codes, eq(icd10Codes.code, orderableItemDiagnosisCodes.code))
      .orderBy(asc(orderableItemDiagnosisCodes.orderableItemId), asc(orderableItemDiagnosisCodes.sortOrder)),
  ]);
  return { items, fields, links, diagnosisCodes };
}

const gsdlNoParam = sql.placeholder('gsdlNo');

const practitionerAccessQuery = preparedStatement((db) =>
  db
    .select({
      gsdlNo: practitioners.gsdlNo,
      authorizingDoctorGsdlNo: practitioners.authorizingDoctorGsdlNo,
      state: offices.state,
    })
    .from(practitioners)
    .innerJoin(offices, eq(offices.id, practitioners.officeId))
    .where(eq(practitioners.gsdlNo, gsdlNoParam))
    .limit(1)
    .prepare('catalogue_practitioner_access'),
);

/**
 * A practitioner's number, authorizing doctor and office state: what the catalogue answer needs to decide. Kept
 * until the practitioners change on the embedded database (decisions 0055, 0070); read each time on PostgreSQL.
 */
export const findPractitionerAccess = keptUntilChanged({
  from: ['practitioners'],
  read: async (db: Db, gsdlNo: string) => {
    const [row] = await practitionerAccessQuery(db).execute({ gsdlNo });
    return row ?? null;
  },
  elsewhere: 'read',
});

/** Read a few more than shown, since items no longer listed are skipped. */
const RECENT_ITEMS_READ = 20;

/** The products on the practitioner's orders, most recently ordered first. */
const recentlyOrderedItemIds = sql<number[]>`(
  select coalesce(json_agg(recent.item_id order by recent.last_ordered desc), '[]'::json)
  from (
    select ${requisitions.orderableItemId} as item_id, max(${requisitions.createdAt}) as last_ordered
    from ${requisitions} inner join ${orders} on ${orders.id} = ${requisitions.orderId}
    where ${orders.practitionerGsdlNo} = ${practitioners.gsdlNo}
      and not ${requisitions.canceled} and not ${orders.canceled}
    group by ${requisitions.orderableItemId}
    order by last_ordered desc
    limit ${literal(RECENT_ITEMS_READ)}
  ) recent
)`;

export interface SavedBundleRow {
  gearBundleId: number;
  name: string;
  billingMethod: string;
  productNamesString: string;
}

/** spec 1 §3 Bundle: the practitioner's saved custom profiles with their products' names, by name. */
const savedBundles = sql<SavedBundleRow[]>`(
  select coalesce(
    json_agg(
      json_build_object(
        'gearBundleId', saved.id,
        'name', saved.name,
        'billingMethod', saved.billing_method,
        'productNamesString', saved.product_names
      )
      order by saved.name, saved.id
    ),
    '[]'::json
  )
  from (
    select ${bundles.id} as id, ${bundles.name} as name, ${bundles.billingMethod} as billing_method,
      coalesce(string_agg(${orderableItems.name}, ', ' order by ${bundleProducts.position}), '') as product_names
    from ${bundles}
    left join ${bundleProducts} on ${bundleProducts.bundleId} = ${bundles.id}
    left join ${orderableItems} on ${orderableItems.id} = ${bundleProducts.orderableItemId}
    where ${bundles.gsdlNo} = ${practitioners.gsdlNo} and not ${bundles.deleted}
    group by ${bundles.id}
  ) saved
)`;

const practitionerListsQuery = preparedStatement((db) =>
  db
    .select({
      gsdlNo: practitioners.gsdlNo,
      authorizingDoctorGsdlNo: practitioners.authorizingDoctorGsdlNo,
      state: offices.state,
      recentlyOrderedItemIds,
      savedBundles,
    })
    .from(practitioners)
    .innerJoin(offices, eq(offices.id, practitioners.officeId))
    .where(eq(practitioners.gsdlNo, gsdlNoParam))
    .limit(1)
    .prepare('catalogue_practitioner_lists'),
);

/**
 * In one round trip: the practitioner's access facts and office state, the products of their orders (most recent
 * first) and their saved bundles. Kept until one of those changes on the embedded database (decisions 0055, 0070);
 * read each time on PostgreSQL.
 */
export const findPractitionerLists = keptUntilChanged({
  from: ['practitioners', 'orders', 'bundles', 'catalogue'],
  read: async (db: Db, gsdlNo: string) => {
    const [row] = await practitionerListsQuery(db).execute({ gsdlNo });
    return row ?? null;
  },
  elsewhere: 'read',
});

/** spec 1 §7 previousInstructions: at most this many earlier texts. */
export const PREVIOUS_INSTRUCTIONS_LIMIT = 10;

const lastUsed = sql<Date>`max(${requisitions.createdAt})`;

const previousInstructionsQuery = preparedStatement((db) =>
  db
    .select({ text: requisitions.patientInstructions, lastUsed })
    .from(requisitions)
    .innerJoin(orders, eq(orders.id, requisitions.orderId))
    .where(
      and(
        eq(orders.practitionerGsdlNo, gsdlNoParam),
        eq(requisitions.orderableItemId, sql.placeholder('orderableItemId')),
        isNotNull(requisitions.patientInstructions),
        ne(requisitions.patientInstructions, ''),
      ),
    )
    .groupBy(requisitions.patientInstructions)
    .orderBy(desc(lastUsed))
    .limit(PREVIOUS_INSTRUCTIONS_LIMIT)
    .prepare('catalogue_previous_instructions'),
);

/** The practitioner's earlier distinct patient instructions for a product, newest first. */
export async function findPreviousInstructions(db: Db, gsdlNo: string, orderableItemId: number) {
  const rows = await previousInstructionsQuery(db).execute({ gsdlNo, orderableItemId });
  return rows.flatMap((row) => (row.text ? [row.text] : []));
}
