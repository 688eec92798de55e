import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { readConsistently } from "./consistent-read.ts";
import { organizationsQuery } from "./repositories/organizations.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await t.db
    .insertInto("organizations")
    .values(Array.from({ length: 1_200 }, (_, i) => ({ id: `org_read_${String(i).padStart(5, "0")}`, name: `org ${i}`, balance_micros: i })))
    .execute();
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

const names = async (): Promise<string[]> => (await organizationsQuery(t.db).execute()).map((o) => o.name);
/** organizationsQuery's columns in select order (`selectAll`: the table's). */
const ORG_COLUMNS = ["id", "name", "balance_micros", "created_at"] as const;

describe("readConsistently", () => {
  it("hands every row of a query to `eachValues` as its values in column order, in the query's order, as `all` returns them", async () => {
    const seen: unknown[][] = [];
    const all = await readConsistently(t.db, async (r) => {
      await r.eachValues(organizationsQuery(t.db), ORG_COLUMNS, (values) => seen.push(values));
      return r.all(organizationsQuery(t.db));
    });
    expect(seen.map((v) => v[1])).toEqual(await names());
    expect(seen.length).toBeGreaterThanOrEqual(1_200);
    expect(seen).toEqual(all.map((o) => ORG_COLUMNS.map((c) => o[c])));
    expect(all.find((o) => o.id === "org_read_00007")?.balance_micros).toEqual(t.kind === "postgres" ? "7" : 7);
  });

  it("columns that are not the query's, in its order, fail the read instead of mislabelling the values", async () => {
    for (const columns of [["name", "id", "balance_micros", "created_at"], ["id", "name", "balance_micros"]]) {
      const seen: unknown[][] = [];
      await expect(readConsistently(t.db, (r) => r.eachValues(organizationsQuery(t.db), columns, (v) => seen.push(v)))).rejects.toThrow(/columns are id, name/);
      expect(seen).toEqual([]);
    }
  });

  it("a throw in `eachValues` fails the read with that error, skips the remaining rows, and leaves the database usable", async () => {
    let calls = 0;
    const boom = new Error("row 3 is bad");
    await expect(
      readConsistently(t.db, (r) =>
        r.eachValues(organizationsQuery(t.db), ORG_COLUMNS, () => {
          if (++calls === 3) throw boom;
        }),
      ),
    ).rejects.toBe(boom);
    expect(calls).toBe(3);
    // no transaction left open on a pooled connection: writes commit and the next read sees them
    await t.db.insertInto("organizations").values({ id: "org_read_after", name: "after the failure", balance_micros: 0 }).execute();
    const after = await readConsistently(t.db, (r) => r.all(organizationsQuery(t.db)));
    expect(after.some((o) => o.id === "org_read_after")).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)("every read inside sees the moment of the first: a row committed in between is not in the second", async () => {
    const seen = await readConsistently(t.db, async (r) => {
      const first = await r.all(organizationsQuery(t.db));
      await t.db.insertInto("organizations").values({ id: "org_read_between", name: "committed in between", balance_micros: 0 }).execute();
      const second: string[] = [];
      await r.eachValues(organizationsQuery(t.db), ORG_COLUMNS, (values) => second.push(String(values[0])));
      return { first: first.map((o) => o.id), second };
    });
    expect(seen.second).toEqual(seen.first);
    expect(seen.second).not.toContain("org_read_between");
    expect((await organizationsQuery(t.db).execute()).some((o) => o.id === "org_read_between")).toBe(true);
  });
});
