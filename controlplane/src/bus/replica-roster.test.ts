import { describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import { subjects } from "../../../proto/subjects.ts";
import { memoryTransport } from "../../../proto/transport-memory.ts";
import { REPLICA_TIMEOUT_MS, ReplicaRoster } from "./replica-roster.ts";

describe("replica roster", () => {
  it("counts replicas by their heartbeats and forgets silent ones", async () => {
    const t = memoryTransport();
    const s = subjects("roster");
    let now = 1_000;
    const reported: number[] = [];
    const roster = new ReplicaRoster(t, s, (n) => reported.push(n), () => now);
    roster.start();
    const beat = (id: string) => t.publish(s.replicaHeartbeat, pb.ReplicaHeartbeat.encode({ replicaId: id, atMs: now }).finish());
    beat("a");
    beat("b");
    beat("c");
    beat("a");
    await new Promise((r) => setTimeout(r, 10));
    expect(roster.count).toBe(3);
    now += REPLICA_TIMEOUT_MS - 1;
    beat("a");
    await new Promise((r) => setTimeout(r, 10));
    now += 2;
    roster.prune();
    expect(roster.count).toBe(1);
    expect(reported).toEqual([2, 3, 1]);
    roster.close();
  });
});
