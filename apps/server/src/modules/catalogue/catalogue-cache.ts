import { keptPerDb } from '../../lib/per-db.ts';
import { loadCatalogueRows } from './catalogue.repository.ts';
import { assembleCatalogue } from './catalogue-snapshot.ts';

/**
 * The catalogue of a database, read once and kept in memory: it changes only by the seed or an import, which run
 * before the API serves (restart the API processes after importing a catalogue; docs/decisions/0005).
 */
export const catalogueOf = keptPerDb(Number.POSITIVE_INFINITY, (db) =>
  loadCatalogueRows(db).then(assembleCatalogue),
);
