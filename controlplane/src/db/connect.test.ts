import { NO_MIGRATIONS, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../test/harness/database.ts";
import type { FreshDatabase } from "../../../test/harness/database.ts";
import { openDatabase } from "./connect.ts";
import { createMigrator } from "./migrate.ts";

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh.cleanup();
});

/** The foreign keys of the tables each usage event writes to, as table.constraint. */
async function usageForeignKeys(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name || '.' || constraint_name as name from information_schema.table_constraints
    where table_schema = 'public' and constraint_type = 'FOREIGN KEY' and table_name in ('usage_events', 'ledger_entries')
    order by 1`.execute(database.db);
  return rows.map((r) => r.name);
}

async function tableNames(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(database.db);
  return rows.map((r) => r.table_name);
}

async function rowTypeExists(database: Awaited<ReturnType<typeof openDatabase>>): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regtype('usage_event_row') is not null as found`.execute(database.db);
  return rows[0]!.found;
}

describe("openDatabase", () => {
  it("migrates on open, and opening again is a no-op that keeps the data", { timeout: 60_000 }, async () => {
    const first = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    expect(first.kind).toBe(fresh.databaseUrl ? "postgres" : "pglite");
    expect(await tableNames(first)).toEqual(
      expect.arrayContaining(["organizations", "keys", "ledger_entries", "usage_events", "key_monthly_spend"]),
    );
    await first.db.insertInto("organizations").values({ id: "org_keep", name: "kept", balance_micros: 5 }).execute();
    await first.close();

    const second = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
    expect(migrations.rows.map((r) => r.name)).toEqual([
      "2026-11-22-0001-initial",
      "2026-11-24-0001-usage-rows-without-foreign-keys",
      "2026-11-30-0001-usage-event-row-type",
    ]);
    const org = await second.db.selectFrom("organizations").selectAll().where("id", "=", "org_keep").executeTakeFirst();
    expect(org?.name).toBe("kept");

    // the usage rows carry no per-row foreign-key triggers (reconcile checks their owners instead); one step
    // down puts the four back, and up takes them away again
    expect(await usageForeignKeys(second)).toEqual([]);
    expect((await createMigrator(second.db).migrateTo("2026-11-22-0001-initial")).error).toBeUndefined();
    expect(await usageForeignKeys(second)).toEqual([
      "ledger_entries.ledger_entries_key_id_fkey",
      "ledger_entries.ledger_entries_org_id_fkey",
      "usage_events.usage_events_key_id_fkey",
      "usage_events.usage_events_org_id_fkey",
    ]);
    expect((await createMigrator(second.db).migrateToLatest()).error).toBeUndefined();
    expect(await usageForeignKeys(second)).toEqual([]);

    // down then up again: the down migration really undoes the up
    await second.db.deleteFrom("organizations").execute();
    const down = await createMigrator(second.db).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tableNames(second)).not.toContain("organizations");
    expect(await rowTypeExists(second)).toBe(false);
    expect((await createMigrator(second.db).migrateToLatest()).error).toBeUndefined();
    expect(await rowTypeExists(second)).toBe(true);
    expect(await tableNames(second)).toContain("key_monthly_spend");
    await second.close();
    await second.close(); // closing twice is harmless
  });

  it("lets concurrent openers of one database all succeed (Postgres) or refuses the second (PGlite)", { timeout: 60_000 }, async () => {
    if (fresh.databaseUrl) {
      const other = await freshDatabase();
      try {
        const opened = await Promise.all(
          [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: other.databaseUrl, dataDir: other.dataDir })),
        );
        for (const d of opened) await d.close();
      } finally {
        await other.cleanup();
      }
    } else {
      const holder = await openDatabase({ dataDir: fresh.dataDir });
      try {
        await expect(openDatabase({ dataDir: fresh.dataDir })).rejects.toThrow(/already open/);
      } finally {
        await holder.close();
      }
    }
  });

  it.skipIf(!process.env.DATABASE_URL)("survives the server dropping a connection in the middle of a transaction (a Postgres restart)", { timeout: 30_000 }, async () => {
    const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir, poolSize: 2 });
    const admin = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir, poolSize: 1 });
    try {
      const cut = database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin.db);
        // between two queries the connection is checked out of the pool: only the client itself hears it drop
        await new Promise((r) => setTimeout(r, 300));
        await sql`select 1`.execute(trx);
      });
      await expect(cut).rejects.toThrow();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await admin.close();
    }
  });
});
