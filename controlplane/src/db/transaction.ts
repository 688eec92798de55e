import type { Kysely, Transaction } from "kysely";
import type { DB } from "./schema.ts";

/** Runs `fn` in a transaction, joining the caller's when `db` already is one (Kysely does not nest). */
export async function inTransaction<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx: Transaction<DB>) => fn(trx));
}
