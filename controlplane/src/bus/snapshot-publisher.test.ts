import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import type { KeyEntry, OrgEntry } from "../../../proto/messages.ts";
import { fetchSnapshot } from "../../../proto/snapshot-parts.ts";
import { subjects } from "../../../proto/subjects.ts";
import { memoryTransport } from "../../../proto/transport-memory.ts";
import { insertKey } from "../db/repositories/keys.ts";
import { newId } from "../ids.ts";
import { utcMonth } from "../month.ts";
import { createKey, patchKey, revokeKeyById } from "../services/keys.ts";
import { addCredit, createOrganization } from "../services/orgs.ts";
import { listRecentAppliedEventIds } from "../services/snapshot-state.ts";
import { applyUsageEvent } from "../services/usage.ts";
import { TEST_SECRET, loadEntries, openTestDatabase, resolveTestModel, usageEvent } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { CACHE_MAX_AGE_MS, SnapshotPublisher } from "./snapshot-publisher.ts";

type DecodedSnapshot = ReturnType<typeof pb.Snapshot.decode>;

const s = subjects("pubtest");
let t: TestDatabase;
let running: SnapshotPublisher[] = [];

beforeAll(async () => {
  t = await openTestDatabase();
}, 60_000);
afterEach(() => {
  for (const p of running.splice(0)) p.close();
});
afterAll(async () => {
  await t.dispose();
});

function start(clock?: () => Date) {
  const transport = memoryTransport();
  const errors: unknown[] = [];
  const publisher = new SnapshotPublisher(t.db, transport, s, (err) => errors.push(err), 60_000, clock);
  publisher.start();
  running.push(publisher);
  const deltas: ReturnType<typeof pb.SnapshotDelta.decode>[] = [];
  transport.subscribe(s.snapshotDelta, (data) => void deltas.push(pb.SnapshotDelta.decode(data)));
  const full = async (replicaId: string): Promise<DecodedSnapshot> => pb.Snapshot.decode(await fetchSnapshot(transport, s.snapshotRequest, replicaId, 10_000));
  return { publisher, transport, deltas, errors, full };
}

// both sides through the same proto round trip, so defaults and 64-bit numbers compare alike
const key = (k: KeyEntry) => pb.KeyEntry.toObject(pb.KeyEntry.decode(pb.KeyEntry.encode(k).finish()), { longs: Number, defaults: true });
const org = (o: OrgEntry) => pb.OrgEntry.toObject(pb.OrgEntry.decode(pb.OrgEntry.encode(o).finish()), { longs: Number, defaults: true });
const byId = (a: { id?: string | null }, b: { id?: string | null }) => String(a.id).localeCompare(String(b.id));

/** What a full snapshot for `replicaId` holds, against what the database holds right now. */
async function expectFullMatchesDatabase(full: (r: string) => Promise<DecodedSnapshot>, replicaId: string, now = new Date()) {
  const snap = await full(replicaId);
  const db = { ...(await loadEntries(t.db, now)), appliedEventIds: await listRecentAppliedEventIds(t.db, replicaId, now) };
  expect(snap.keys.map(key).sort(byId)).toEqual(db.keys.map(key).sort(byId));
  expect(snap.orgs.map(org).sort(byId)).toEqual(db.orgs.map(org).sort(byId));
  expect([...snap.appliedEventIds].sort()).toEqual([...db.appliedEventIds].sort());
  return snap;
}

describe("snapshot publisher", () => {
  it("answers a full snapshot from its kept entries that equals one read from the database, through every kind of change", async () => {
    const a = await createOrganization(t.db, TEST_SECRET, { name: "Kept", creditMicros: 10_000 });
    const first = await createKey(t.db, TEST_SECRET, a.org.id, { name: "first" }, resolveTestModel);
    const x = start();
    await expectFullMatchesDatabase(x.full, "replica-a");

    // changes the management API reports, and usage the consumer reports, each followed by its delta
    const second = await createKey(t.db, TEST_SECRET, a.org.id, { name: "second", models: ["gpt-4o-mini"], limits: { monthly_budget_micros: 500 } }, resolveTestModel);
    x.publisher.keyChanged(second.key.id);
    await patchKey(t.db, a.org.id, first.key.id, { name: "first, renamed" }, resolveTestModel);
    x.publisher.keyChanged(first.key.id);
    await revokeKeyById(t.db, second.key.id);
    x.publisher.keyChanged(second.key.id);
    await addCredit(t.db, a.org.id, 2_500);
    x.publisher.orgChanged(a.org.id);
    const e = usageEvent({ orgId: a.org.id, keyId: first.key.id, costMicros: 321, replicaId: "replica-a" });
    x.publisher.applying([e.id!]);
    await applyUsageEvent(t.db, e);
    x.publisher.applied(e.id!, a.org.id, first.key.id);
    x.publisher.doneApplying([e.id!]);
    await x.publisher.settled();

    const snap = await expectFullMatchesDatabase(x.full, "replica-a");
    expect(snap.appliedEventIds).toEqual([e.id]);
    expect(snap.orgs.find((o) => o.id === a.org.id)?.balanceMicros).toBe(10_000 + 2_500 - 321);
    expect(snap.keys.find((k) => k.id === first.key.id)).toMatchObject({ name: "first, renamed", spendMonthMicros: 321 });
    expect(snap.keys.find((k) => k.id === second.key.id)?.revoked).toBe(true);
    // another replica's snapshot lists only its own events
    expect((await x.full("replica-b")).appliedEventIds).toEqual([]);
    expect(x.errors).toEqual([]);
  });

  it("never lists an event whose spend its balances do not include yet, and lists it once a delta has carried it", async () => {
    const a = await createOrganization(t.db, TEST_SECRET, { name: "InFlight", creditMicros: 1_000 });
    const k = await createKey(t.db, TEST_SECRET, a.org.id, { name: "k" }, resolveTestModel);
    const x = start();
    await x.full("replica-inflight"); // the kept entries are built

    const e = usageEvent({ orgId: a.org.id, keyId: k.key.id, costMicros: 40, replicaId: "replica-inflight" });
    x.publisher.applying([e.id!]);
    await applyUsageEvent(t.db, e); // in the ledger, not yet reported
    const during = await x.full("replica-inflight");
    expect(during.appliedEventIds).not.toContain(e.id);
    expect(during.orgs.find((o) => o.id === a.org.id)?.balanceMicros).toBe(1_000);
    expect(during.keys.find((kk) => kk.id === k.key.id)?.spendMonthMicros).toBe(0);

    x.publisher.applied(e.id!, a.org.id, k.key.id);
    x.publisher.doneApplying([e.id!]);
    await x.publisher.settled();
    const after = await x.full("replica-inflight");
    expect(after.appliedEventIds).toEqual([e.id]);
    expect(after.orgs.find((o) => o.id === a.org.id)?.balanceMicros).toBe(960);
    expect(after.keys.find((kk) => kk.id === k.key.id)?.spendMonthMicros).toBe(40);
    // the delta that carried it listed it with the new balance
    const carried = x.deltas.find((d) => d.appliedEventIds.includes(e.id!));
    expect(carried?.orgs.find((o) => o.id === a.org.id)?.balanceMicros).toBe(960);
  });

  it("starts every key's monthly spend again in a new month", async () => {
    let now = new Date();
    const a = await createOrganization(t.db, TEST_SECRET, { name: "Months", creditMicros: 1_000 });
    const k = await createKey(t.db, TEST_SECRET, a.org.id, { name: "k" }, resolveTestModel);
    const x = start(() => now);
    const e = usageEvent({ orgId: a.org.id, keyId: k.key.id, costMicros: 70, replicaId: "replica-months" });
    await applyUsageEvent(t.db, e);
    x.publisher.applied(e.id!, a.org.id, k.key.id);
    await x.publisher.settled();
    expect((await x.full("replica-months")).keys.find((kk) => kk.id === k.key.id)).toMatchObject({ month: utcMonth(now), spendMonthMicros: 70 });

    now = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
    const next = await expectFullMatchesDatabase(x.full, "replica-months", now);
    expect(next.keys.find((kk) => kk.id === k.key.id)).toMatchObject({ month: utcMonth(now), spendMonthMicros: 0, spendTotalMicros: 70 });
  });

  it("publishes the first key of an organization an operator's tool created, in a delta and in later full snapshots", async () => {
    const x = start();
    await x.full("replica-a");
    const created = await createOrganization(t.db, TEST_SECRET, { name: "FromTheCli", creditMicros: 5 });
    x.transport.publish(s.changed, new TextEncoder().encode(created.org.id));
    await new Promise((r) => setTimeout(r, 20));
    await x.publisher.settled();
    const delta = x.deltas.find((d) => d.orgs.some((o) => o.id === created.org.id));
    expect(delta?.keys.map((k) => k.id)).toEqual([created.managementKeyId]);
    const snap = await expectFullMatchesDatabase(x.full, "replica-a");
    expect(snap.keys.some((k) => k.id === created.managementKeyId)).toBe(true);
  });

  it("reads the database again for a change made behind its back: at once for new rows, within CACHE_MAX_AGE_MS for edits", async () => {
    let now = new Date();
    const a = await createOrganization(t.db, TEST_SECRET, { name: "Behind", creditMicros: 1 });
    const x = start(() => now);
    await x.full("replica-behind");
    // a key inserted straight into the database (a restore, a seeding script): no delta names it
    const k = await insertKey(t.db, { id: newId("key"), orgId: a.org.id, kind: "inference", name: "seeded", hash: "h-seeded", prefix: "svc_seed", models: null, limits: {} });
    expect((await expectFullMatchesDatabase(x.full, "replica-behind", now)).keys.some((kk) => kk.id === k.id)).toBe(true);

    // an edit in place keeps the counts: the kept copy serves until it is too old
    await sql`update keys set name = 'edited in place' where id = ${k.id}`.execute(t.db);
    expect((await x.full("replica-behind")).keys.find((kk) => kk.id === k.id)?.name).toBe("seeded");
    now = new Date(now.getTime() + CACHE_MAX_AGE_MS + 1);
    expect((await expectFullMatchesDatabase(x.full, "replica-behind", now)).keys.find((kk) => kk.id === k.id)?.name).toBe("edited in place");
  });
});
