import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRET, loadEntries, openTestDatabase, resolveTestModel, usageEvent } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { createKey, revokeKeyById } from "./keys.ts";
import { createOrganization } from "./orgs.ts";
import { listRecentAppliedEventIds, loadKeyEntries, loadOrgEntries } from "./snapshot-state.ts";
import { applyUsageEvent } from "./usage.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

describe("snapshot state", () => {
  it("carries every org and key of both kinds, this month's spend and the replica's recent events", async () => {
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 7);
    const { org, managementKeyId } = await createOrganization(t.db, TEST_SECRET, { name: "Snap", creditMicros: 5_000 });
    const limited = await createKey(
      t.db,
      TEST_SECRET,
      org.id,
      { name: "limited", models: ["gpt-4o-mini"], limits: { monthly_budget_micros: 900, requests_per_minute: 0, tokens_per_minute: null } },
      resolveTestModel,
    );
    const revoked = await createKey(t.db, TEST_SECRET, org.id, { name: "gone" }, resolveTestModel);
    await revokeKeyById(t.db, revoked.key.id);

    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
    const mine = usageEvent({ orgId: org.id, keyId: limited.key.id, costMicros: 40, replicaId: "replica-x" });
    await applyUsageEvent(t.db, mine);
    await applyUsageEvent(t.db, usageEvent({ orgId: org.id, keyId: limited.key.id, costMicros: 2, replicaId: "replica-x", createdAtMs: lastMonth.getTime() }));
    await applyUsageEvent(t.db, usageEvent({ orgId: org.id, keyId: limited.key.id, costMicros: 1, replicaId: "replica-y" }));

    const state = { ...(await loadEntries(t.db, now)), appliedEventIds: await listRecentAppliedEventIds(t.db, "replica-x", now) };
    expect(state.orgs.find((o) => o.id === org.id)).toEqual({ id: org.id, name: "Snap", balanceMicros: 4_957 });
    const keys = state.keys.filter((k) => k.orgId === org.id);
    expect(keys).toHaveLength(3);
    expect(keys.find((k) => k.id === managementKeyId)).toMatchObject({ kind: "management", allModels: true, models: [], revoked: false, limits: {} });
    expect(keys.find((k) => k.id === limited.key.id)).toEqual({
      id: limited.key.id,
      hash: limited.key.hash,
      orgId: org.id,
      kind: "inference",
      name: "limited",
      allModels: false,
      models: ["openai/gpt-4o-mini"],
      limits: { monthlyBudgetMicros: 900, requestsPerMinute: 0 },
      month: thisMonth,
      spendMonthMicros: 41,
      spendTotalMicros: 43,
      revoked: false,
      prefix: limited.plaintext.slice(0, 8),
      createdAtMs: limited.key.createdAt.getTime(),
    });
    expect(keys.find((k) => k.id === revoked.key.id)).toMatchObject({ revoked: true, allModels: true });
    expect(state.appliedEventIds).toHaveLength(2);
    expect(state.appliedEventIds).toContain(mine.id);

    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await listRecentAppliedEventIds(t.db, "replica-x", later)).toEqual([]);

    expect(await loadOrgEntries(t.db, [org.id])).toEqual([{ id: org.id, name: "Snap", balanceMicros: 4_957 }]);
    expect(await loadKeyEntries(t.db, [limited.key.id], now)).toEqual([keys.find((k) => k.id === limited.key.id)]);
    expect(await loadKeyEntries(t.db, [limited.key.id], lastMonth)).toMatchObject([{ spendMonthMicros: 2, month: lastMonth.toISOString().slice(0, 7) }]);
    expect(await loadKeyEntries(t.db, ["key_missing"], now)).toEqual([]);
    expect(await loadOrgEntries(t.db, ["org_missing"])).toEqual([]);

    // a delta's keys in one query: the entries the full state has, in the order asked, missing ones left out
    const asked = [revoked.key.id, "key_missing", limited.key.id, managementKeyId];
    expect(await loadKeyEntries(t.db, asked, now)).toEqual([revoked.key.id, limited.key.id, managementKeyId].map((id) => keys.find((k) => k.id === id)));
    expect(await loadKeyEntries(t.db, [], now)).toEqual([]);

    // a delta's organizations in one query too, the same way
    const other = await createOrganization(t.db, TEST_SECRET, { name: "Other", creditMicros: 12 });
    expect(await loadOrgEntries(t.db, [other.org.id, "org_missing", org.id])).toEqual([
      { id: other.org.id, name: "Other", balanceMicros: 12 },
      { id: org.id, name: "Snap", balanceMicros: 4_957 },
    ]);
    expect(await loadOrgEntries(t.db, [])).toEqual([]);
  });
});
