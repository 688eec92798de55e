import { describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import type { KeyEntry, Snapshot } from "../../../proto/messages.ts";
import { SnapshotPartServer } from "../../../proto/snapshot-parts.ts";
import { subjects } from "../../../proto/subjects.ts";
import { memoryTransport } from "../../../proto/transport-memory.ts";
import { SpendTracker } from "../admission/spend-tracker.ts";
import { newRequestId } from "../http/request-id.ts";
import { SnapshotStore } from "./snapshot-store.ts";
import { SnapshotSync } from "./snapshot-sync.ts";

const s = subjects("unit");
const tick = () => new Promise((r) => setTimeout(r, 20));
const key = (id: string, name: string): KeyEntry => ({ id, hash: `h-${id}`, orgId: "o", kind: "inference", name });

/** A control plane stand-in whose state the test sets: full snapshots come from `state`. */
function setup() {
  const t = memoryTransport();
  let state: Snapshot = { epoch: "A", sequence: 1, keys: [key("k1", "one")], orgs: [{ id: "o", balanceMicros: 100 }] };
  let fulls = 0;
  const parts = new SnapshotPartServer(64); // tiny parts: every full load here travels in several
  t.reply(s.snapshotRequest, (req) =>
    parts.answer(req, async (_, out) => {
      fulls++;
      out.write(pb.Snapshot.encode(state).finish());
    }),
  );
  const store = new SnapshotStore();
  const tracker = new SpendTracker();
  const sync = new SnapshotSync(t, s, store, tracker, "r1");
  const delta = (d: Parameters<typeof pb.SnapshotDelta.encode>[0]) => t.publish(s.snapshotDelta, pb.SnapshotDelta.encode(d).finish());
  return { t, store, tracker, sync, delta, setState: (x: Snapshot) => (state = x), fulls: () => fulls };
}

describe("snapshot sync", () => {
  it("loads the full snapshot, then applies deltas in order", async () => {
    const x = setup();
    await x.sync.start();
    expect(x.store.keyById("k1")?.name).toBe("one");
    x.delta({ epoch: "A", sequence: 2, keys: [key("k1", "renamed")] });
    await tick();
    expect(x.store.keyById("k1")?.name).toBe("renamed");
    expect(x.store.sequence).toBe(2);
    expect(x.fulls()).toBe(1);
  });

  it("refetches the full snapshot on a gap instead of applying out of order", async () => {
    const x = setup();
    await x.sync.start();
    x.setState({ epoch: "A", sequence: 3, keys: [key("k1", "one"), key("k2", "two")] });
    x.delta({ epoch: "A", sequence: 3, keys: [key("k2", "two")] }); // 2 was lost
    await tick();
    expect(x.fulls()).toBe(2);
    expect(x.store.sequence).toBe(3);
    expect(x.store.keyById("k2")?.name).toBe("two");
  });

  it("a heartbeat ahead of us (the last delta was lost) triggers a refetch", async () => {
    const x = setup();
    await x.sync.start();
    x.setState({ epoch: "A", sequence: 2, keys: [key("k1", "late")] });
    x.t.publish(s.heartbeat, pb.Heartbeat.encode({ epoch: "A", sequence: 2 }).finish());
    await tick();
    expect(x.store.keyById("k1")?.name).toBe("late");
  });

  it("a new epoch (control plane restarted) means a full refetch", async () => {
    const x = setup();
    await x.sync.start();
    x.setState({ epoch: "B", sequence: 1, keys: [key("k9", "nine")] });
    x.delta({ epoch: "B", sequence: 1, keys: [] });
    await tick();
    expect(x.store.epoch).toBe("B");
    expect(x.store.keyById("k9")?.name).toBe("nine");
  });

  it("forgets pending usage the control plane reports as applied", async () => {
    const x = setup();
    await x.sync.start();
    // event ids are request ids of the process that served them
    const ev1 = newRequestId();
    x.tracker.recordPending(ev1, { orgId: "o", keyId: "k1", micros: 40, month: "2026-11" });
    expect(x.tracker.orgOutstanding("o")).toBe(40);
    x.delta({ epoch: "A", sequence: 2, orgs: [{ id: "o", balanceMicros: 60 }], appliedEventIds: [ev1] });
    await tick();
    expect(x.tracker.orgOutstanding("o")).toBe(0);
    expect(Number(x.store.org("o")?.balanceMicros)).toBe(60);
  });

  it("reads only its own process's applied events from a delta (another replica's cannot be pending here)", async () => {
    const x = setup();
    await x.sync.start();
    const mine = newRequestId();
    // a pending entry under an id this process did not make, which only a foreign id in a delta could name
    const foreign = `req_${mine[4] === "0" ? "1" : "0"}${mine.slice(5)}`;
    x.tracker.recordPending(mine, { orgId: "o", keyId: "k1", micros: 40, month: "2026-11" });
    x.tracker.recordPending(foreign, { orgId: "o", keyId: "k1", micros: 2, month: "2026-11" });
    x.delta({ epoch: "A", sequence: 2, appliedEventIds: [foreign, mine] });
    await tick();
    expect(x.tracker.orgOutstanding("o")).toBe(2);
    expect(x.store.sequence).toBe(2);
  });

  it("keeps serving the last good state when the control plane is gone", async () => {
    const x = setup();
    await x.sync.start();
    const t2 = x.t;
    await t2.close();
    await x.sync.refetch();
    expect(x.store.keyById("k1")?.name).toBe("one");
  });

  it("knows when it is behind state it has heard of, and forgets it once caught up; silence alone is not behind", async () => {
    const x = setup();
    await x.sync.start();
    expect(x.store.behindSinceMs).toBeUndefined();
    // the control plane is ahead but cannot answer: the replica knows it is behind
    x.t.reply(s.snapshotRequest, () => Promise.reject(new Error("down")));
    x.t.publish(s.heartbeat, pb.Heartbeat.encode({ epoch: "A", sequence: 5 }).finish());
    await tick();
    expect(x.store.behindSinceMs).toBeTypeOf("number");
    expect(x.store.sequence).toBe(1);
    // a heartbeat at what it holds (nothing newer exists) clears it
    x.t.publish(s.heartbeat, pb.Heartbeat.encode({ epoch: "A", sequence: 1 }).finish());
    await tick();
    expect(x.store.behindSinceMs).toBeUndefined();
  });
});
