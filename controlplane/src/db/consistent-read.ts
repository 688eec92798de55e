import type { Compilable, CompiledQuery, Kysely } from "kysely";
import pg from "pg";
import { postgresPool } from "./connect.ts";
import type { DB } from "./schema.ts";

/** Reads on one connection, inside one repeatable-read transaction: every query sees the same moment. */
export interface ConsistentReader {
  /** Every row of the query. */
  all<R>(query: Compilable<R>): Promise<R[]>;
  /**
   * Each row of the query as its values in the order of `columns`, which must be the query's columns in select
   * order (checked: a mismatch fails the read), handed over as it arrives and not kept (on Postgres). For the reads
   * of every key: a result of 100,000 rows collected first, and every object made from it, lived long enough to be
   * promoted, and copying them was a quarter of the snapshot build's time; and the driver's row objects, a dozen
   * properties set by name, ~45 ms of a first build.
   */
  eachValues(query: Compilable<unknown>, columns: readonly string[], each: (values: unknown[]) => void): Promise<void>;
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
        eachValues: async (q, columns, each) => {
          const rows = (await trx.executeQuery(q.compile())).rows as Record<string, unknown>[];
          if (rows.length > 0) assertColumns(Object.keys(rows[0]!), columns);
          for (const row of rows) each(Object.values(row));
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
      eachValues: (q, columns, each) => streamRows(client, q.compile(), columns, each),
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

/** Streams the rows as arrays of values, checking once that the result's columns are `columns`. */
function streamRows(client: pg.PoolClient, q: CompiledQuery<unknown>, columns: readonly string[], each: (values: unknown[]) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed: { err: unknown } | undefined;
    const config: pg.QueryArrayConfig<unknown[]> = { text: q.sql, values: q.parameters as unknown[], rowMode: "array" };
    const query = new pg.Query(config); // the types' constructor takes the plain config; the driver reads rowMode
    let checked = false;
    // `each` runs inside the driver's socket handler, where a throw would escape every promise: keep the first
    // error, skip the remaining rows, and fail once the server has finished the query
    query.on("row", (values: unknown[], result?: pg.QueryResult) => {
      if (failed !== undefined) return;
      try {
        if (!checked) {
          assertColumns((result?.fields ?? []).map((f) => f.name), columns);
          checked = true;
        }
        each(values);
      } catch (err) {
        failed = { err };
      }
    });
    query.on("error", reject);
    query.on("end", () => (failed === undefined ? resolve() : reject(failed.err)));
    client.query(query);
  });
}

function assertColumns(got: readonly string[], expected: readonly string[]): void {
  if (got.length !== expected.length || got.some((name, i) => name !== expected[i])) {
    throw new Error(`the query's columns are ${got.join(", ")}, not ${expected.join(", ")}`);
  }
}
