import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ControlError } from "../errors.ts";
import * as ledger from "../db/repositories/ledger.ts";
import { TEST_SECRET, openTestDatabase } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { authenticate, createKey, revokeKeyById } from "./keys.ts";
import { addCredit, createOrganization, listOrganizations } from "./orgs.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

describe("createOrganization", () => {
  it("mints a management key once, records opening credit in the ledger, and the key authenticates", async () => {
    const { org, managementKey } = await createOrganization(t.db, TEST_SECRET, { name: " Acme ", creditMicros: 10_000_000 });
    expect(org).toMatchObject({ name: "Acme", balanceMicros: 10_000_000 });
    expect(managementKey).toMatch(/^svc_mgmt_[A-Za-z0-9]{40}$/);
    const key = await authenticate(t.db, TEST_SECRET, managementKey);
    expect(key).toMatchObject({ orgId: org.id, kind: "management" });
    expect(key?.hash).not.toContain(managementKey);
    expect(await ledger.listLedgerEntries(t.db, org.id)).toMatchObject([
      { kind: "credit", amountMicros: 10_000_000, note: "opening credit" },
    ]);
  });

  it("accepts an operator-chosen management key and writes no ledger entry for zero credit", async () => {
    const chosen = "svc_mgmt_chosen_by_operator_1";
    const { org, managementKey } = await createOrganization(t.db, TEST_SECRET, { name: "Chosen", creditMicros: 0, managementKey: chosen });
    expect(managementKey).toBe(chosen);
    expect(await ledger.listLedgerEntries(t.db, org.id)).toEqual([]);
    await expect(
      createOrganization(t.db, TEST_SECRET, { name: "Dup", creditMicros: 0, managementKey: chosen }),
    ).rejects.toMatchObject({ code: "key_already_exists" });
  });

  it.each([
    ["an inference-style key", { managementKey: "svc_abcdefghijklmnop" }, "management_key"],
    ["a too-short management key", { managementKey: "svc_mgmt_abc" }, "management_key"],
    ["an empty name", { name: "  " }, "name"],
    ["negative credit", { creditMicros: -1 }, "credit"],
    ["fractional credit", { creditMicros: 1.5 }, "credit"],
  ])("refuses %s", async (_label, override, param) => {
    const input = { name: "X", creditMicros: 0, ...override };
    const err: unknown = await createOrganization(t.db, TEST_SECRET, input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ControlError);
    expect(err).toMatchObject({ code: "invalid_request_error", param });
  });
});

describe("addCredit", () => {
  it("moves ledger and balance together; a negative amount is an adjustment", async () => {
    const { org } = await createOrganization(t.db, TEST_SECRET, { name: "Credit", creditMicros: 1_000_000 });
    expect(await addCredit(t.db, org.id, 2_500_000, "top-up")).toEqual({ balanceMicros: 3_500_000 });
    expect(await addCredit(t.db, org.id, -500_000, "refund correction")).toEqual({ balanceMicros: 3_000_000 });
    const entries = await ledger.listLedgerEntries(t.db, org.id);
    expect(entries.map((e) => [e.kind, e.amountMicros, e.note])).toEqual([
      ["credit", 1_000_000, "opening credit"],
      ["credit", 2_500_000, "top-up"],
      ["adjustment", -500_000, "refund correction"],
    ]);
    expect(await ledger.sumLedger(t.db, org.id)).toBe(3_000_000);
  });

  it.each([
    ["an unknown organization", "org_missing", 1, "organization_not_found"],
    ["a zero amount", "", 0, "invalid_request_error"],
    ["a fractional amount", "", 0.5, "invalid_request_error"],
  ])("refuses %s", async (_label, orgId, micros, code) => {
    const { org } = await createOrganization(t.db, TEST_SECRET, { name: "Refuse", creditMicros: 0 });
    await expect(addCredit(t.db, orgId || org.id, micros, null)).rejects.toMatchObject({ code });
    expect(await ledger.listLedgerEntries(t.db, org.id)).toEqual([]);
  });
});

describe("listOrganizations", () => {
  it("reports balance and live key counts per kind", async () => {
    const { org } = await createOrganization(t.db, TEST_SECRET, { name: "Counted", creditMicros: 42 });
    const resolve = (m: string) => m;
    await createKey(t.db, TEST_SECRET, org.id, {}, resolve);
    const { key } = await createKey(t.db, TEST_SECRET, org.id, {}, resolve);
    await revokeKeyById(t.db, key.id);
    const listed = (await listOrganizations(t.db)).find((o) => o.id === org.id);
    expect(listed).toMatchObject({ name: "Counted", balanceMicros: 42, inferenceKeys: 1, managementKeys: 1 });
  });
});
