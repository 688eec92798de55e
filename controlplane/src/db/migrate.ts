import { Migrator } from "kysely";
import type { Kysely, Migration, MigrationProvider } from "kysely";
import * as initial from "./migrations/2026-11-22-0001-initial.ts";
import * as usageRowsWithoutForeignKeys from "./migrations/2026-11-24-0001-usage-rows-without-foreign-keys.ts";
import * as usageEventRowType from "./migrations/2026-11-30-0001-usage-event-row-type.ts";

/** Every migration, listed explicitly (no directory scanning, so bundling and tsx behave alike). Append only. */
const MIGRATIONS: Readonly<Record<string, Migration>> = Object.freeze({
  "2026-11-22-0001-initial": initial,
  "2026-11-24-0001-usage-rows-without-foreign-keys": usageRowsWithoutForeignKeys,
  "2026-11-30-0001-usage-event-row-type": usageEventRowType,
});

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/**
 * Brings the schema to the latest version; a no-op when it already is. Kysely's migrator holds a Postgres advisory
 * lock while it runs, so concurrent processes serialise. Its bookkeeping tables are created before that lock, and a
 * concurrent `create table if not exists` can still fail on Postgres; the retry then finds them in place.
 * Returns the names of the migrations this call applied.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = createMigrator(db);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (error === undefined) return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
    lastError = error;
    await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
  }
  throw new Error("database migration failed", { cause: lastError });
}

/** The migrator over the static list (tests and operators use it to step down). */
export function createMigrator<T>(db: Kysely<T>): Migrator {
  return new Migrator({ db, provider });
}
