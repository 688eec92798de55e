import type { Compilable, CompiledQuery, Kysely } from "kysely";
import pg from "pg";
import { postgresPool } from "./connect.ts";
import type { DB } from "./schema.ts";

/** Reads on one connection, inside one repeatable-read transaction: every query sees the same moment. */
export interface ConsistentReader {
  /** Every row of the query. */
  all<R>(query: Compilable<R>): Promise<R[]>;
  /**
   * Each row of the query, handed over as it arrives and not kept (on Postgres). For the reads of every key: a
   * result of 100,000 rows collected first, and every object made from it, lived long enough to be promoted, and
   * copying them was a quarter of the snapshot build's time.
   */
  each<R>(query: Compilable<R>, each: (row: R) => void): Promise<void>;
}

/**
 * Runs `read` in a repeatable-read transaction. On Postgres the rows of `each` stream from the driver (Kysely
 * streams only through a cursor, a round trip per batch: measured slower than reading all at once); on PGlite, or
 * inside a transaction already, the reads are Kysely's own.
 */
export async function readConsistently<T>(db: Kysely<DB>, read: (r: ConsistentReader) => Promise<T>): Promise<T> {
  const pool = postgresPool(db);
  if (pool === undefined) {
    const run = (trx: Kysely<DB>): Promise<T> =>
      read({
        all: async (q) => (await trx.executeQuery(q.compile())).rows,
        each: async (q, each) => {
          for (const row of (await trx.executeQuery(q.compile())).rows) each(row);
        },
      });
    return db.isTransaction ? run(db) : db.transaction().setIsolationLevel("repeatable read").execute(run);
  }
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("begin isolation level repeatable read read only");
    const result = await read({
      all: async <R>(q: Compilable<R>) => {
        const c = q.compile();
        return (await client.query(c.sql, c.parameters as unknown[])).rows as R[];
      },
      each: (q, each) => streamRows(client, q.compile(), each),
    });
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

function streamRows<R>(client: pg.PoolClient, q: CompiledQuery<R>, each: (row: R) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed: { err: unknown } | undefined;
    const query = new pg.Query(q.sql, q.parameters as unknown[]);
    // `each` runs inside the driver's socket handler, where a throw would escape every promise: keep the first
    // error, skip the remaining rows, and fail once the server has finished the query
    query.on("row", (row: R) => {
      if (failed !== undefined) return;
      try {
        each(row);
      } catch (err) {
        failed = { err };
      }
    });
    query.on("error", reject);
    query.on("end", () => (failed === undefined ? resolve() : reject(failed.err)));
    client.query(query);
  });
}
