import { describe, expect, it } from "vitest";
import { pb } from "./messages.ts";
import { SnapshotPartServer, fetchSnapshot } from "./snapshot-parts.ts";
import { subjects } from "./subjects.ts";
import { memoryTransport } from "./transport-memory.ts";

const s = subjects("parts");
const snapshotOf = (keys: number, sequence = 1) =>
  pb.Snapshot.encode({ epoch: "E", sequence, keys: Array.from({ length: keys }, (_, i) => ({ id: `key_${i}`, hash: `h${i}`.padEnd(64, "x"), orgId: "org" })) }).finish();

describe("snapshot in parts", () => {
  it("a snapshot larger than one part arrives whole, byte for byte, and every part is under the limit", async () => {
    const t = memoryTransport();
    const server = new SnapshotPartServer(1000);
    const sizes: number[] = [];
    const bytes = snapshotOf(500);
    t.reply(s.snapshotRequest, async (req) => {
      const out = await server.answer(req, async () => bytes);
      sizes.push(out.length);
      return out;
    });
    const got = await fetchSnapshot(t, s.snapshotRequest, "r1", 1000);
    expect(Buffer.from(got).equals(Buffer.from(bytes))).toBe(true);
    expect(sizes.length).toBe(Math.ceil(bytes.length / 1000));
    expect(Math.max(...sizes)).toBeLessThan(1100);
    expect(pb.Snapshot.decode(got).keys).toHaveLength(500);
  });

  it("every part of one fetch comes from the same state, even when the state changes in between", async () => {
    const t = memoryTransport();
    const server = new SnapshotPartServer(500);
    let sequence = 1;
    t.reply(s.snapshotRequest, async (req) => {
      const out = await server.answer(req, async () => snapshotOf(50, sequence));
      sequence++; // the state moves on after every request
      return out;
    });
    expect(Number(pb.Snapshot.decode(await fetchSnapshot(t, s.snapshotRequest, "r1", 1000)).sequence)).toBe(1);
  });

  it("a part of a snapshot no longer held fails the fetch (the caller starts again) instead of mixing states", async () => {
    const server = new SnapshotPartServer(100);
    const first = pb.SnapshotPart.decode(await server.answer(pb.SnapshotRequest.encode({ replicaId: "r" }).finish(), async () => snapshotOf(20), 0));
    expect(first.parts).toBeGreaterThan(1);
    const later = pb.SnapshotPart.decode(await server.answer(pb.SnapshotRequest.encode({ replicaId: "r", snapshotId: first.snapshotId, part: 1 }).finish(), async () => snapshotOf(1), 120_000));
    expect(later.parts).toBe(0);
  });
});
