import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { migrateToLatest } from "./migrate.ts";
import { acquirePgliteLock } from "./pglite-lock.ts";
import type { DB } from "./schema.ts";

export interface Database {
  readonly db: Kysely<DB>;
  readonly kind: "postgres" | "pglite";
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Postgres connection string; unset → embedded PGlite under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Postgres pool size (default 10). */
  poolSize?: number;
}

/** Opens the database and migrates it to the latest schema before returning. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : await openPglite(opts.dataDir);
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its server (restart, failover) emits here; without a listener it would crash the process.
  pool.on("error", () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await db.destroy();
  };
  return { db, kind: "postgres", close };
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const release = acquirePgliteLock(dataDir);
  try {
    const client = await PGlite.create(dir);
    const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
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
