import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrate.ts";
import { PgliteDialect, type PgliteOptions } from "./pglite-dialect.ts";
import { acquirePgliteLock } from "./pglite-lock.ts";
import { createPglite, shippedPgliteTemplate } from "./pglite-template.ts";
import type { DB } from "./schema.ts";

export interface Database {
  readonly db: Kysely<DB>;
  readonly kind: "postgres" | "pglite";
  /** Migrations this open applied (none: the schema was already current). */
  readonly migrated: readonly string[];
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Postgres connection string; unset → embedded PGlite under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Postgres pool size (default 10). */
  poolSize?: number;
  /** PGlite: the packed data directory an empty one starts from (default: the one beside the bundle, if any). */
  pgliteTemplate?: string | undefined;
  /** PGlite: give the core away before each statement (PgliteOptions.yieldsCore); for a thread beside the data plane. */
  pgliteYieldsCore?: boolean;
}

/** The pool behind each Postgres database's Kysely instance, for the reads Kysely cannot stream (consistent-read.ts). */
const pools = new WeakMap<Kysely<DB>, pg.Pool>();

/** The pg pool of a database opened here on Postgres; undefined for PGlite and for transactions. */
export function postgresPool(db: Kysely<DB>): pg.Pool | undefined {
  return pools.get(db);
}

/** Databases written only by this process, one statement at a time: the embedded PGlite, behind its lock. */
const singleWriters = new WeakSet<Kysely<DB>>();

/**
 * True for a database that no other session writes to (PGlite: one process holds its lock, and its one connection
 * is held by a statement or a transaction at a time), reached outside any transaction: there a statement that
 * fails on a row recorded before cannot have raced another insert, and undoes nothing but itself. False for
 * Postgres, for a transaction and for anything not opened here.
 */
export function isSingleWriter(db: Kysely<DB>): boolean {
  return singleWriters.has(db);
}

/** Opens the database and migrates it to the latest schema before returning. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : await openPglite(opts.dataDir, opts.pgliteTemplate ?? shippedPgliteTemplate(), { yieldsCore: opts.pgliteYieldsCore ?? false });
  try {
    return { ...database, migrated: await migrateToLatest(database.db) };
  } catch (err) {
    await database.close();
    throw err;
  }
}

function openPostgres(url: string, max: number): Omit<Database, "migrated"> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A client losing its server (restart, failover) emits "error"; without a listener that crashes the process.
  // Idle clients report through the pool; a checked-out one (a transaction between two queries) only on itself,
  // and its query fails on its own.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await db.destroy();
  };
  return { db, kind: "postgres", close };
}

async function openPglite(dataDir: string, template: string | undefined, pgliteOpts: PgliteOptions): Promise<Omit<Database, "migrated">> {
  const dir = join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const release = acquirePgliteLock(dataDir);
  try {
    const client = await createPglite(dir, template);
    const db = new Kysely<DB>({ dialect: new PgliteDialect(client, pgliteOpts) });
    singleWriters.add(db);
    let closed = false;
    return {
      db,
      kind: "pglite",
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await db.destroy();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
