import type { Db } from '../db/client.ts';

/** Runs work in one database transaction; the repositories take the transaction as their Db. */
export const transaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as Db));
