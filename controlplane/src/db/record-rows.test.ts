import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRET, openTestDatabase, resolveTestModel, usageEvent, type TestDatabase } from "../test-support.ts";
import { createKey } from "../services/keys.ts";
import { createOrganization } from "../services/orgs.ts";
import { applyUsageEvents } from "../services/usage.ts";
import { createMigrator } from "./migrate.ts";
import { compositeTypeOid, recordRows, type RecordField } from "./record-rows.ts";
import { ROW_FIELDS, ROW_TYPE } from "./repositories/usage-billing.ts";
import * as orgsRepo from "./repositories/organizations.ts";

interface Row {
  t: string | null;
  n: number | null;
  i: number | null;
  b: boolean | null;
  at: Date | null;
}

const FIELDS: readonly RecordField<Row>[] = [
  { name: "t", type: "text", value: (r) => r.t },
  { name: "n", type: "bigint", value: (r) => r.n },
  { name: "i", type: "integer", value: (r) => r.i },
  { name: "b", type: "boolean", value: (r) => r.b },
  { name: "at", type: "timestamptz", value: (r) => r.at },
];

let database: TestDatabase;
let oid: number;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`create type record_rows_test as (t text, n bigint, i integer, b boolean, at timestamptz)`.execute(database.db);
  oid = await compositeTypeOid(database.db, "record_rows_test");
}, 60_000);
afterAll(async () => {
  await database?.dispose();
});

/** The rows as Postgres reads them back, in order, numbers and times as text so both drivers answer alike. */
async function roundTrip(rows: readonly Row[]): Promise<unknown[]> {
  const r = await sql<Record<string, unknown>>`
    select t, n::text as n, i, b, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, ord::int as ord
    from ${recordRows("e", "record_rows_test", oid, FIELDS, rows, "ord")} order by ord`.execute(database.db);
  return r.rows;
}

describe("recordRows", () => {
  it("sends every value as the database stores it, NULLs and edges included, in order", async () => {
    const rows: Row[] = [
      { t: `quote " back \\ comma , paren ( ) brace { } é ✓ 😀`, n: -1, i: -(2 ** 31), b: true, at: new Date("1999-12-31T23:59:59.999Z") },
      { t: "", n: Number.MAX_SAFE_INTEGER, i: 2 ** 31 - 1, b: false, at: new Date("2026-11-30T01:02:03.456Z") },
      { t: null, n: -(2 ** 32), i: 0, b: null, at: new Date(0) },
      { t: "NULL", n: null, i: null, b: true, at: null },
      { t: "x".repeat(5000), n: -Number.MAX_SAFE_INTEGER, i: -1, b: false, at: new Date("9999-12-31T23:59:59.999Z") },
    ];
    expect(await roundTrip(rows)).toEqual([
      { t: rows[0]!.t, n: "-1", i: -(2 ** 31), b: true, at: "1999-12-31T23:59:59.999000", ord: 1 },
      { t: "", n: "9007199254740991", i: 2 ** 31 - 1, b: false, at: "2026-11-30T01:02:03.456000", ord: 2 },
      { t: null, n: "-4294967296", i: 0, b: null, at: "1970-01-01T00:00:00.000000", ord: 3 },
      { t: "NULL", n: null, i: null, b: true, at: null, ord: 4 },
      { t: "x".repeat(5000), n: "-9007199254740991", i: -1, b: false, at: "9999-12-31T23:59:59.999000", ord: 5 },
    ]);
    expect(await roundTrip([])).toEqual([]);
  });

  it("refuses a value its field cannot hold with the SQLSTATE Postgres gives it (a data exception, class 22)", async () => {
    const row: Row = { t: "a", n: 1, i: 1, b: true, at: new Date(0) };
    await expect(roundTrip([{ ...row, i: 2 ** 31 }])).rejects.toMatchObject({ code: "22003" });
    await expect(roundTrip([{ ...row, i: 1.5 }])).rejects.toMatchObject({ code: "22P02" });
    await expect(roundTrip([{ ...row, n: 0.5 }])).rejects.toMatchObject({ code: "22P02" });
    await expect(roundTrip([{ ...row, n: 2 ** 53 }])).rejects.toMatchObject({ code: "22003" });
    await expect(roundTrip([{ ...row, at: new Date(NaN) }])).rejects.toMatchObject({ code: "22007" });
    // what only the database knows it cannot store, it refuses itself
    await expect(roundTrip([{ ...row, t: "nul \0 inside" }])).rejects.toMatchObject({ code: expect.stringMatching(/^22/) });
  });

  it("names the usage batch's fields as the usage_event_row type has them, in order", async () => {
    const r = await sql<{ name: string; type: string }>`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
      where a.attrelid = (select typrelid from pg_type where oid = to_regtype(${ROW_TYPE})) and a.attnum > 0 and not a.attisdropped
      order by a.attnum`.execute(database.db);
    const sqlType = { text: "text", bigint: "bigint", integer: "integer", boolean: "boolean", timestamptz: "timestamp with time zone" };
    expect(r.rows).toEqual(ROW_FIELDS.map((f) => ({ name: f.name, type: sqlType[f.type] })));
  });

  it("bills again after the row type is dropped and made again under the same connection", async () => {
    const db = database.db;
    const { org } = await createOrganization(db, TEST_SECRET, { name: "Row type", creditMicros: 1_000_000 });
    const { key } = await createKey(db, TEST_SECRET, org.id, {}, resolveTestModel);
    const bill = async (costMicros: number) => (await applyUsageEvents(db, [usageEvent({ orgId: org.id, keyId: key.id, costMicros })])).applied;
    expect(await bill(100)).toMatchObject([{ applied: true }]);
    const before = await compositeTypeOid(db, ROW_TYPE);
    expect((await createMigrator(db).migrateTo("2026-11-24-0001-usage-rows-without-foreign-keys")).error).toBeUndefined();
    expect((await createMigrator(db).migrateToLatest()).error).toBeUndefined();
    expect(await compositeTypeOid(db, ROW_TYPE)).not.toBe(before);
    expect(await bill(20)).toMatchObject([{ applied: true }]);
    expect((await orgsRepo.findOrganization(db, org.id))?.balanceMicros).toBe(1_000_000 - 120);
  });
});
