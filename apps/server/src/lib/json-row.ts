import { getTableColumns, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

type Mapping = { field: string; key: string; json: boolean; map: (value: unknown) => unknown }[];

const mappings = new WeakMap<Table, Mapping>();

/** The JSON key of each column (the database's snake_case name, as the client is configured) and its decoder. */
function mappingOf(table: Table): Mapping {
  let mapping = mappings.get(table);
  if (!mapping) {
    mapping = Object.entries(getTableColumns(table)).map(([field, column]) => ({
      field,
      key: column.keyAsName ? toSnakeCase(column.name) : column.name,
      json: column.columnType === 'PgJsonb' || column.columnType === 'PgJson',
      map: (value: unknown) => column.mapFromDriverValue(value),
    }));
    mappings.set(table, mapping);
  }
  return mapping;
}

/**
 * A table's row read as JSON (to_jsonb(row) inside a bigger statement) mapped like drizzle maps a selected row:
 * column names to field names, timestamps to Dates, the rest as the driver gives it. JSON columns are already
 * values (drizzle would parse a string again).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const { field, key, json: isJson, map } of mappingOf(table)) {
    const value = json[key];
    row[field] = value === null || value === undefined ? null : isJson ? value : map(value);
  }
  return row as T['$inferSelect'];
}
