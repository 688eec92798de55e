import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRET, openTestDatabase } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import * as ledger from "../db/repositories/ledger.ts";
import { authenticate } from "./keys.ts";
import { bootstrap, listOrganizations } from "./orgs.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

describe("bootstrap", () => {
  it("creates exactly one organization on an empty database, even when started concurrently, and never again", async () => {
    const given = "svc_mgmt_bootstrap_given_key_0001";
    const results = await Promise.all([
      bootstrap(t.db, TEST_SECRET, { managementKey: given, creditMicros: 25_000_000 }),
      bootstrap(t.db, TEST_SECRET, { managementKey: given, creditMicros: 25_000_000 }),
    ]);
    const created = results.filter((r) => r.created);
    expect(created).toHaveLength(1);
    const first = created[0];
    if (!first?.created) throw new Error("unreachable");
    expect(first.managementKey).toBe(given);
    expect(first.orgId).toMatch(/^org_/);

    const orgs = await listOrganizations(t.db);
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ id: first.orgId, balanceMicros: 25_000_000, managementKeys: 1, inferenceKeys: 0 });
    expect(await ledger.listLedgerEntries(t.db, first.orgId)).toMatchObject([{ kind: "credit", amountMicros: 25_000_000 }]);
    expect((await authenticate(t.db, TEST_SECRET, given))?.kind).toBe("management");

    expect(await bootstrap(t.db, TEST_SECRET, { creditMicros: 1 })).toEqual({ created: false });
    expect(await listOrganizations(t.db)).toHaveLength(1);
  });
});
