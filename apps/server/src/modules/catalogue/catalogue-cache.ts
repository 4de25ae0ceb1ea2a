import type { Db } from '../../db/client.ts';
import { loadCatalogueRows } from './catalogue.repository.ts';
import { assembleCatalogue, type CatalogueSnapshot } from './catalogue-snapshot.ts';

const snapshots = new WeakMap<Db, Promise<CatalogueSnapshot>>();

/**
 * The catalogue of a database, read once and kept in memory: it changes only by the seed or an import, which run
 * before the API serves (restart the API processes after importing a catalogue; docs/decisions/0005).
 */
export function catalogueOf(db: Db): Promise<CatalogueSnapshot> {
  let snapshot = snapshots.get(db);
  if (!snapshot) {
    snapshot = loadCatalogueRows(db).then(assembleCatalogue);
    snapshots.set(db, snapshot);
    snapshot.catch(() => snapshots.delete(db));
  }
  return snapshot;
}
