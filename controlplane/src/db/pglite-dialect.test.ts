import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_SECRET, resolveTestModel, usageEvent } from "../test-support.ts";
import { createKey } from "../services/keys.ts";
import { createOrganization } from "../services/orgs.ts";
import { applyUsageEvents } from "../services/usage.ts";
import { openDatabase, type Database } from "./connect.ts";
import { PREPARED_MAX, PgliteDialect, PreparedStatements } from "./pglite-dialect.ts";
import * as keysRepo from "./repositories/keys.ts";
import * as ledger from "./repositories/ledger.ts";
import * as orgsRepo from "./repositories/organizations.ts";

// Always PGlite, whatever DATABASE_URL says: this is the embedded ledger's driver.
describe("statements on PGlite, prepared", () => {
  let client: PGlite;
  let statements: PreparedStatements;
  let db: Kysely<Record<string, Record<string, unknown>>>;
  beforeAll(async () => {
    client = await PGlite.create();
    statements = new PreparedStatements(client);
    db = new Kysely({ dialect: new PgliteDialect(client) });
    await sql`create table t (id text primary key, n bigint, at timestamptz, tags text[], ok boolean)`.execute(db);
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
  });

  it("writes each parameter as its type and reads the rows back, a statement prepared once however often it runs", async () => {
    const before = statements.size;
    const r1 = await statements.query("insert into t (id, n, at, tags, ok) values ($1, $2, $3, $4, $5) returning id, n, at, tags, ok", ["a", 9_007_199_254_740_991n, new Date("2026-11-29T12:00:00.123Z"), ["x", "y,z", 'q"uote'], true]);
    // int8 comes back as a number, as PGlite's own query reads it
    expect(r1.rows).toEqual([{ id: "a", n: 9_007_199_254_740_991, at: new Date("2026-11-29T12:00:00.123Z"), tags: ["x", "y,z", 'q"uote'], ok: true }]);
    const r2 = await statements.query("insert into t (id, n, at, tags, ok) values ($1, $2, $3, $4, $5) returning id, n, at, tags, ok", ["b", null, null, null, false]);
    expect(r2.rows).toEqual([{ id: "b", n: null, at: null, tags: null, ok: false }]);
    expect(statements.size).toBe(before + 1);
    const arrays = await statements.query("select x from unnest($1::text[]) as x order by x", [["b\\c", "a\nb", "", "NULL"]]);
    expect(arrays.rows.map((r) => (r as { x: string }).x)).toEqual(["", "NULL", "a\nb", "b\\c"]);
    // a byte array goes as it is, a binary parameter, as the pg driver sends a Buffer: here an int4 in network order
    const binary = await statements.query("select $1::int4 as n", [Uint8Array.of(0, 0, 1, 2)]);
    expect(binary.rows).toEqual([{ n: 258 }]);
  });

  it("counts the rows an update changed, and none for an update that changed nothing", async () => {
    await db.insertInto("t").values([{ id: "c1", n: 1 }, { id: "c2", n: 1 }]).execute();
    const changed = await db.updateTable("t").set({ n: 2 }).where("id", "in", ["c1", "c2"]).executeTakeFirst();
    expect(changed.numUpdatedRows).toBe(2n);
    const none = await db.updateTable("t").set({ n: 3 }).where("id", "=", "nobody").executeTakeFirst();
    expect(none.numUpdatedRows).toBe(0n);
  });

  it("keeps a refused statement's SQLSTATE, and the backend takes the next statement", async () => {
    await db.insertInto("t").values({ id: "dup" }).execute();
    await expect(db.insertInto("t").values({ id: "dup" }).execute()).rejects.toMatchObject({ code: "23505" });
    await expect(sql`select 1/0`.execute(db)).rejects.toMatchObject({ code: "22012" });
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it("prepares again a statement whose table changed its columns under it", async () => {
    await sql`create table w (a int)`.execute(db);
    await sql`insert into w values (1)`.execute(db);
    expect((await sql`select * from w`.execute(db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table w add column b text default 'x'`.execute(db);
    expect((await sql`select * from w`.execute(db)).rows).toEqual([{ a: 1, b: "x" }]);
  });

  it(`keeps at most ${PREPARED_MAX} statements, closing the least recently used, which is prepared again when it comes back`, async () => {
    const own = new PreparedStatements(client);
    await own.query("select $1::int as first", [0]);
    for (let i = 1; i <= PREPARED_MAX; i++) await own.query(`select $1::int + ${i} as v`, [i]);
    expect(own.size).toBe(PREPARED_MAX);
    const names = async () => (await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement = 'select $1::int as first'")).rows[0]!.n;
    expect(await names()).toBe(0);
    expect((await own.query("select $1::int as first", [7])).rows).toEqual([{ first: 7 }]);
    expect(await names()).toBe(1);
    expect(own.size).toBe(PREPARED_MAX);
  });

  it("gives the core away before each statement only when asked: the thread sleeps, then the statement runs as it would", async () => {
    const wait = vi.spyOn(Atomics, "wait");
    try {
      expect((await statements.query("select $1::int4 as n", [1])).rows).toEqual([{ n: 1 }]);
      expect(wait).not.toHaveBeenCalled();
      const yielding = new PreparedStatements(client, { yieldsCore: true });
      for (const n of [2, 3, 4]) expect((await yielding.query("select $1::int4 as n", [n])).rows).toEqual([{ n }]);
      expect(wait).toHaveBeenCalledTimes(3);
      // each call slept until its timeout (the thread was off the core), not refused at once
      expect(wait.mock.results.map((r) => r.value)).toEqual(["timed-out", "timed-out", "timed-out"]);
    } finally {
      wait.mockRestore();
    }
  });

  it("holds a transaction's connection until it ends: a statement from elsewhere waits, and a rollback undoes", async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    const tx = db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ id: "tx" }).execute();
      inside();
      await held;
      order.push("transaction");
      throw new Error("roll back");
    });
    await entered;
    const outside = db.selectFrom("t").select("id").where("id", "=", "tx").execute().then((rows) => {
      order.push("outside");
      return rows;
    });
    await new Promise((r) => setTimeout(r, 20));
    finish();
    await expect(tx).rejects.toThrow("roll back");
    expect(await outside).toEqual([]);
    expect(order).toEqual(["transaction", "outside"]);
  });
});

describe("a closed PGlite", () => {
  it("refuses a statement, prepared or not, as PGlite's own query does, rather than leaving it unanswered", async () => {
    const client = await PGlite.create();
    const statements = new PreparedStatements(client);
    expect((await statements.query("select 1 as one", [])).rows).toEqual([{ one: 1 }]);
    await client.close();
    await expect(client.query("select 1")).rejects.toThrow("PGlite is closed");
    await expect(statements.query("select 1 as one", [])).rejects.toThrow("PGlite is closed");
    await expect(statements.query("select 2 as two", [])).rejects.toThrow("PGlite is closed");
  }, 60_000);
});

describe("the ledger on the embedded database, as the embedded control plane opens it", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-pglite-dialect-test-"));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir, pgliteYieldsCore: true });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("bills a batch once, by the prepared statement, however often it is applied", async () => {
    expect(database.kind).toBe("pglite");
    const db = database.db;
    const { org } = await createOrganization(db, TEST_SECRET, { name: "Embedded", creditMicros: 1_000_000 });
    const { key } = await createKey(db, TEST_SECRET, org.id, {}, resolveTestModel);
    const at = Date.UTC(2026, 10, 29, 12);
    const events = [1_000, 2_345, 0].map((costMicros) => usageEvent({ orgId: org.id, keyId: key.id, costMicros, createdAtMs: at, inputTokens: null }));
    const wait = vi.spyOn(Atomics, "wait");
    const statementsRun = vi.spyOn(PreparedStatements.prototype, "query");
    try {
      for (let round = 0; round < 3; round++) {
        const r = await applyUsageEvents(db, events);
        expect(r.poison).toEqual([]);
        expect(r.applied.map((a) => a.applied)).toEqual(round === 0 ? [true, true, true] : [false, false, false]);
      }
      // the thread slept before every statement (a batch is one; a repeated one, a second with `on conflict`)
      expect(statementsRun.mock.calls.length).toBeGreaterThanOrEqual(5);
      expect(wait).toHaveBeenCalledTimes(statementsRun.mock.calls.length);
    } finally {
      wait.mockRestore();
      statementsRun.mockRestore();
    }
    expect((await orgsRepo.findOrganization(db, org.id))?.balanceMicros).toBe(1_000_000 - 3_345);
    expect(await ledger.sumLedger(db, org.id)).toBe(1_000_000 - 3_345);
    expect((await ledger.listLedgerEntries(db, org.id)).filter((e) => e.kind === "usage")).toHaveLength(3);
    expect((await keysRepo.findKeyById(db, key.id))?.spendTotalMicros).toBe(3_345);
    const stored = await sql<{ input_tokens: string | null; created_at: Date }>`select input_tokens, created_at from usage_events where id = ${events[0]!.id}`.execute(db);
    expect(stored.rows).toEqual([{ input_tokens: null, created_at: new Date(at) }]);
  });
});
