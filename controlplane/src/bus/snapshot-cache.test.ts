import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import type { KeyEntry, OrgEntry } from "../../../proto/messages.ts";
import { newId } from "../ids.ts";
import { loadEntries, openTestDatabase } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { SnapshotCache } from "./snapshot-cache.ts";

// more keys than one of the cache's encoding batches (512), so entries span several buffers
const KEYS = 1_300;

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  const orgs = ["org_cache_a", "org_cache_b"];
  await t.db
    .insertInto("organizations")
    .values(orgs.map((id, i) => ({ id, name: `Cache ${i} ✓`, balance_micros: 1_000 * (i + 1) })))
    .execute();
  const rows = Array.from({ length: KEYS }, (_, i) => ({
    id: newId("key"),
    org_id: orgs[i % 2]!,
    kind: "inference" as const,
    name: i % 7 === 0 ? `名前 ${i} 🔑` : `key ${i}`,
    hash: i.toString(16).padStart(64, "0"),
    prefix: `svc_${i}`,
    models: i % 3 === 0 ? JSON.stringify(["openai/gpt-4o-mini", "anthropic/claude-sonnet-4"]) : null,
    limits: i % 5 === 0 ? JSON.stringify({ monthly_budget_micros: i, requests_per_minute: 0 }) : "{}",
    spend_total_micros: i * 11,
    revoked_at: i % 11 === 0 ? new Date() : null,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insertInto("keys").values(rows.slice(i, i + 500)).execute();
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

const plain = (k: KeyEntry) => pb.KeyEntry.toObject(pb.KeyEntry.decode(pb.KeyEntry.encode(k).finish()), { longs: Number, defaults: true });
const plainOrg = (o: OrgEntry) => pb.OrgEntry.toObject(pb.OrgEntry.decode(pb.OrgEntry.encode(o).finish()), { longs: Number, defaults: true });
const byId = (a: { id?: string | null }, b: { id?: string | null }) => String(a.id).localeCompare(String(b.id));

describe("SnapshotCache", () => {
  it("encodes a full snapshot holding every organization and key the database holds, and the other fields given", async () => {
    const now = new Date();
    const cache = await SnapshotCache.build(t.db, now);
    const db = await loadEntries(t.db, now);
    expect(db.keys.length).toBeGreaterThanOrEqual(KEYS);
    expect(cache.keyCount).toBe(db.keys.length);
    expect(cache.orgCount).toBe(db.orgs.length);

    const snap = pb.Snapshot.decode(cache.encode({ epoch: "e1", sequence: 42, appliedEventIds: ["evt_1", "evt_2"], replicaCount: 3 }));
    expect(snap.epoch).toBe("e1");
    expect(Number(snap.sequence)).toBe(42);
    expect(snap.appliedEventIds).toEqual(["evt_1", "evt_2"]);
    expect(snap.replicaCount).toBe(3);
    expect(snap.keys.map(plain).sort(byId)).toEqual(db.keys.map(plain).sort(byId));
    expect(snap.orgs.map(plainOrg).sort(byId)).toEqual(db.orgs.map(plainOrg).sort(byId));
    // the non-ASCII names and the limits survived the round trip
    expect(snap.keys.some((k) => k.name?.includes("🔑"))).toBe(true);
    expect(snap.keys.some((k) => Number(k.limits?.monthlyBudgetMicros) > 0 && Number(k.limits?.requestsPerMinute) === 0)).toBe(true);
  });

  it("a build writing to `out` hands over every key as it goes; with encodeRest that is the same snapshot as encode", async () => {
    const now = new Date();
    const writes: Uint8Array[] = [];
    const cache = await SnapshotCache.build(t.db, now, { write: (b) => writes.push(b) });
    // one write per encoding batch of 512, while the rows are read
    expect(writes.length).toBe(Math.ceil(cache.keyCount / 512));
    const rest = { epoch: "e1", sequence: 7, appliedEventIds: ["evt_1"], generatedAtMs: now.getTime(), replicaCount: 2 };
    const streamed = pb.Snapshot.decode(Buffer.concat([...writes, cache.encodeRest(rest)]));
    const whole = pb.Snapshot.decode(cache.encode(rest));
    expect(streamed.keys.length).toBe(cache.keyCount);
    expect(new Set(streamed.keys.map((k) => k.id)).size).toBe(cache.keyCount);
    expect(pb.Snapshot.toObject(streamed, { longs: Number })).toEqual(pb.Snapshot.toObject(whole, { longs: Number }));
    // the keys' bytes are written once: what build wrote, and none of them again in the rest
    expect(pb.Snapshot.decode(cache.encodeRest(rest)).keys).toHaveLength(0);
  });

  it("a key put again replaces its entry, a new one is added, and the snapshot holds each once", async () => {
    const cache = await SnapshotCache.build(t.db, new Date());
    const { keys } = await loadEntries(t.db);
    const changed = keys.slice(600, 603).map((k) => ({ ...k, name: `renamed ${k.id}`, spendMonthMicros: 777 }));
    const added: KeyEntry = { ...keys[0]!, id: "key_cache_added", hash: "f".repeat(64), name: "added" };
    cache.putKeys([...changed, added]);
    expect(cache.keyCount).toBe(keys.length + 1);

    const snap = pb.Snapshot.decode(cache.encode({}));
    expect(snap.keys.length).toBe(keys.length + 1);
    const got = new Map(snap.keys.map((k) => [k.id, k]));
    expect(got.size).toBe(keys.length + 1);
    for (const c of changed) {
      expect(got.get(c.id)?.name).toBe(c.name);
      expect(Number(got.get(c.id)?.spendMonthMicros)).toBe(777);
    }
    expect(got.get("key_cache_added")?.name).toBe("added");
    expect(got.get(keys[599]!.id)?.name).toBe(keys[599]!.name);
  });

  it("knows the keys it holds, and sizes a snapshot exactly after entries are replaced by longer and shorter ones", async () => {
    const cache = await SnapshotCache.build(t.db, new Date());
    const { keys, orgs } = await loadEntries(t.db);
    expect([cache.hasKey(keys[0]!.id!), cache.hasKey(keys.at(-1)!.id!), cache.hasKey("key_never_made")]).toEqual([true, true, false]);
    const k = keys[700]!;
    cache.putKeys([{ ...k, name: "x".repeat(300) }]);
    // in one buffer, in the other order than their places: neighbours there but not next to each other in it
    cache.putKeys([{ ...keys[701]!, name: "y".repeat(200) }, { ...k, name: "short" }]);
    cache.putOrgs([{ ...orgs[0]!, name: "Renamed organization with a longer name than before" }]);
    cache.putKeys([{ ...k, id: "key_cache_late", name: "late" }]);
    expect(cache.hasKey("key_cache_late")).toBe(true);
    const encoded = cache.encode({ epoch: "e2" });
    const snap = pb.Snapshot.decode(encoded);
    // the buffer holds the entries and nothing else: re-encoded, the same message takes as many bytes
    expect(encoded.length).toBe(pb.Snapshot.encode(snap).finish().length);
    const got = new Map(snap.keys.map((e) => [e.id, e]));
    expect([got.size, got.get(k.id)?.name, got.get(keys[701]!.id)?.name, got.get("key_cache_late")?.name]).toEqual([keys.length + 1, "short", "y".repeat(200), "late"]);
    expect(snap.orgs.find((o) => o.id === orgs[0]!.id)?.name).toBe("Renamed organization with a longer name than before");
    expect(snap.orgs).toHaveLength(orgs.length);
  });
});
