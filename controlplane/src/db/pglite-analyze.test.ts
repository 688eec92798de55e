import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../test-support.ts";
import { analyzeChangedTables, startAutoAnalyze } from "./pglite-analyze.ts";

// PGlite's own: Postgres analyzes its tables itself (autovacuum)
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase("pglite");
  await sql`insert into organizations (id, name) values ('org_analyze', 'Analyze')`.execute(t.db);
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

async function addKeys(from: number, count: number): Promise<void> {
  await sql`insert into keys (id, org_id, kind, hash, prefix)
    select 'key_an' || g, 'org_analyze', 'inference', 'hash_an' || g, 'p' from generate_series(${from}::int, ${from + count - 1}::int) g`.execute(t.db);
  // the backend reports its counts to the statistics at most once a second unless told to
  await sql`select pg_stat_force_next_flush()`.execute(t.db);
  await sql`select 1`.execute(t.db);
}

async function lastAnalyzed(table: string): Promise<Date | null> {
  const r = await sql<{ last_analyze: Date | null }>`select last_analyze from pg_stat_user_tables where relname = ${table}`.execute(t.db);
  return r.rows[0]!.last_analyze;
}

describe("analyzing PGlite's tables as autovacuum would", () => {
  it("analyzes a table once its changed rows pass 50 and a tenth of it, and leaves the rest", async () => {
    await analyzeChangedTables(t.db); // whatever the migrations and the organization left
    await addKeys(0, 1_000);
    expect(await analyzeChangedTables(t.db)).toEqual(["keys"]);
    const r = await sql<{ reltuples: number }>`select reltuples from pg_class where relname = 'keys'`.execute(t.db);
    expect(Number(r.rows[0]!.reltuples)).toBe(1_000);
    // 60 changed rows of 1,000 are below 50 + 100
    await addKeys(1_000, 60);
    expect(await analyzeChangedTables(t.db)).toEqual([]);
    await addKeys(1_060, 200); // 260 of 1,260 pass 50 + 126
    expect(await analyzeChangedTables(t.db)).toEqual(["keys"]);
  });

  it("runs on its own every interval until stopped", async () => {
    await sql`analyze keys`.execute(t.db); // whatever the case before left, so that this one stands alone
    await analyzeChangedTables(t.db);
    const before = await lastAnalyzed("keys");
    const failures: unknown[] = [];
    const stop = startAutoAnalyze(t.db, (err) => failures.push(err), 50);
    try {
      await addKeys(10_000, 500);
      const deadline = Date.now() + 10_000;
      while ((await lastAnalyzed("keys"))?.getTime() === before?.getTime() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    expect(failures).toEqual([]);
    const after = await lastAnalyzed("keys");
    expect(after!.getTime()).toBeGreaterThan(before!.getTime());
    // stopped: more changes stay unanalyzed
    await addKeys(20_000, 500);
    await new Promise((r) => setTimeout(r, 300));
    expect((await lastAnalyzed("keys"))!.getTime()).toBe(after!.getTime());
  });
});
