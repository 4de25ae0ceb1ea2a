import { keptUntilChanged } from '../../db/kept.ts';
import { loadCatalogueRows } from './catalogue.repository.ts';
import { assembleCatalogue } from './catalogue-snapshot.ts';

/**
 * The catalogue of a database, read once and kept in memory until its importer changes it; on PostgreSQL for the
 * life of the process (restart the API processes after importing a catalogue; docs/decisions/0005).
 */
export const catalogueOf = keptUntilChanged<void, ReturnType<typeof readCatalogue>>({
  from: ['catalogue'],
  read: (db) => readCatalogue(db),
  elsewhere: { maxAgeMs: Number.POSITIVE_INFINITY },
});

function readCatalogue(db: Parameters<typeof loadCatalogueRows>[0]) {
  return loadCatalogueRows(db).then(assembleCatalogue);
}
