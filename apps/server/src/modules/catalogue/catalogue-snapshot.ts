import {
  displayOnlyComponentIds,
  type InputField,
  isAddOnField,
  isNewYorkRestricted,
  type OrderableItem,
  type OrderableItemLists,
  type OrderableItemSummary,
  type Profile,
} from '@gear/domain';
import type { CatalogueRows, InputFieldRow, ItemRow } from './catalogue.repository.ts';

/** The parts of the catalogue answer that are the same for every practitioner of a kind of office. */
export type SharedLists = Omit<OrderableItemLists, 'recentlyOrderedItems' | 'savedBundles'>;

export interface CatalogueSnapshot {
  /** Any product, listed or not (requisitions on orders may name a product no longer offered). */
  item(id: number): OrderableItem | undefined;
  /** A product that can still be ordered. */
  activeItem(id: number): OrderableItem | undefined;
  /** The lists for an office; New York offices do not get the products whose name ends with * (spec 1 §5). */
  lists(newYorkOffice: boolean): SharedLists;
  /** A product of those lists. */
  listedSummary(id: number, newYorkOffice: boolean): OrderableItemSummary | undefined;
}

/** spec 1 §2.6 'Most Popular Profiles': at most this many. */
export const TOP_PRODUCTS_LIMIT = 8;

const toInputField = (row: InputFieldRow): InputField => ({
  id: row.id,
  name: row.name,
  inputType: row.inputType,
  cptCode: row.cptCode,
  cptQuantity: row.cptQuantity,
  displayOnly: row.displayOnly,
  gdxItemId: row.gdxItemId,
  parentId: row.parentId,
  accessionKey: row.accessionKey,
  disclaimer: row.disclaimer,
  inputFieldParams: row.params,
});

const toSummary = (row: ItemRow): OrderableItemSummary => ({
  id: row.id,
  name: row.name,
  category: row.category,
  description: row.description,
  specimenType: row.specimenType,
  dropShipOnly: row.dropShipOnly,
  mcrEligible: row.mcrEligible,
  paperless: row.paperless,
  nutritional: row.nutritional,
  covid: row.covid,
  gbfName: row.gbfName,
});

/**
 * A product's panels: a panel's components are its analytes (parentId), a display-only panel's are the fields its
 * 'component' params name; every panel offers the product's add-ons.
 */
function profilesOf(fields: readonly InputField[], rowsById: ReadonlyMap<number, InputFieldRow>): Profile[] {
  const isAddOn = (field: InputField) => rowsById.get(field.id)?.isAddOn === true || isAddOnField(field);
  const byId = new Map(fields.map((field) => [field.id, field]));
  const addOnList = fields.filter(isAddOn);
  return fields
    .filter((field) => field.inputType === 'Panel')
    .map((panel) => ({
      ...panel,
      profileComponents: panel.displayOnly
        ? displayOnlyComponentIds(panel).flatMap((id) => byId.get(id) ?? [])
        : fields.filter((field) => field.parentId === panel.id && !isAddOn(field)),
      addOnList,
    }));
}

/** Alphabetical as people read it: case and accents aside, then exactly. */
const alphabetically = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);
const byName = (a: { name: string }, b: { name: string }) => alphabetically(a.name, b.name);

function groupBy<T>(entries: readonly T[], keyOf: (entry: T) => string | null): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === null) continue;
    const group = groups[key] ?? [];
    group.push(entry);
    groups[key] = group;
  }
  return groups;
}

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => alphabetically(a, b)));

/** spec 1 §2.6 / §3 'Orderable item lists' from the listed products. */
function sharedLists(
  listed: readonly OrderableItemSummary[],
  popularity: ReadonlyMap<number, number>,
): SharedLists {
  const alphabetical = [...listed].sort(byName);
  const shared = Object.entries(groupBy(alphabetical, (item) => item.gbfName)).filter(
    ([, items]) => items.length > 1,
  );
  return {
    topProducts: [...listed]
      .sort((a, b) => (popularity.get(b.id) ?? 0) - (popularity.get(a.id) ?? 0) || byName(a, b))
      .slice(0, TOP_PRODUCTS_LIMIT),
    categoryMap: sortedKeys(groupBy(alphabetical, (item) => item.category)),
    otherOrderableItems: alphabetical,
    productHighlights: alphabetical.filter((item) => item.dropShipOnly),
    gbfSharedKitsMap: sortedKeys(Object.fromEntries(shared)),
  };
}

/** Builds the in-memory catalogue from its rows. */
export function assembleCatalogue(rows: CatalogueRows): CatalogueSnapshot {
  const fieldRows = new Map(rows.fields.map((row) => [row.id, row]));
  const fieldsOfItem = groupBy(rows.links, (link) => String(link.orderableItemId));
  const codesOfItem = groupBy(rows.diagnosisCodes, (code) => String(code.orderableItemId));
  const items = new Map<number, OrderableItem>();
  const summaries = new Map<number, OrderableItemSummary>();
  for (const row of rows.items) {
    const fields = (fieldsOfItem[row.id] ?? []).flatMap((link) => {
      const field = fieldRows.get(link.inputFieldId);
      return field ? [toInputField(field)] : [];
    });
    const summary = toSummary(row);
    summaries.set(row.id, summary);
    items.set(row.id, {
      ...summary,
      mixedComponentPricing: row.mixedComponentPricing,
      containsCptCodeQuantity: row.containsCptCodeQuantity,
      notice: row.notice,
      diagnosisCodes: (codesOfItem[row.id] ?? []).map(({ code, name }) => ({ code, name: name ?? '' })),
      profileList: profilesOf(fields, fieldRows),
      inputFields: fields,
    });
  }
  const active = new Set(rows.items.filter((row) => row.active).map((row) => row.id));
  const popularity = new Map(rows.items.map((row) => [row.id, row.popularity]));
  const listed = [...summaries.values()].filter((summary) => active.has(summary.id));
  const listedInNewYork = listed.filter((summary) => !isNewYorkRestricted(summary));
  const everywhere = sharedLists(listed, popularity);
  const newYork = sharedLists(listedInNewYork, popularity);
  const listedById = new Map(listed.map((summary) => [summary.id, summary]));
  const listedInNewYorkById = new Map(listedInNewYork.map((summary) => [summary.id, summary]));
  return {
    item: (id) => items.get(id),
    activeItem: (id) => (active.has(id) ? items.get(id) : undefined),
    lists: (newYorkOffice) => (newYorkOffice ? newYork : everywhere),
    listedSummary: (id, newYorkOffice) => (newYorkOffice ? listedInNewYorkById : listedById).get(id),
  };
}
