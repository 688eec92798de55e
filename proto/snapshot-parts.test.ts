import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pb } from "./messages.ts";
import { SnapshotPartServer, fetchSnapshot, fetchSnapshotParts, type SnapshotSink } from "./snapshot-parts.ts";
import { subjects } from "./subjects.ts";
import { memoryTransport } from "./transport-memory.ts";

const s = subjects("parts");
const snapshotOf = (keys: number, sequence = 1) =>
  pb.Snapshot.encode({ epoch: "E", sequence, keys: Array.from({ length: keys }, (_, i) => ({ id: `key_${i}`, hash: `h${i}`.padEnd(64, "x"), orgId: "org" })) }).finish();
const writeAll = (bytes: Uint8Array) => async (_: string, out: SnapshotSink) => out.write(bytes);
const request = (r: Parameters<typeof pb.SnapshotRequest.encode>[0]) => pb.SnapshotRequest.encode(r).finish();
const decodePart = (b: Uint8Array) => pb.SnapshotPart.decode(b);
const turn = () => new Promise((r) => setTimeout(r, 1));

/** A build the test drives: each `step()` lets it write its next piece (the last step ends it), or `fail()` it. */
function steppedBuild(pieces: Uint8Array[]) {
  let permits = 0;
  let waiter: (() => void) | undefined;
  let failWith: Error | undefined;
  let written = 0;
  const gate = async () => {
    while (permits === 0) await new Promise<void>((r) => (waiter = r));
    permits--;
    if (failWith) throw failWith;
  };
  const open = () => {
    permits++;
    const w = waiter;
    waiter = undefined;
    w?.();
  };
  const build = async (_: string, out: SnapshotSink) => {
    for (const p of pieces) {
      await gate();
      out.write(p);
      written++;
    }
    await gate();
  };
  return {
    build,
    written: () => written,
    step: async () => {
      open();
      await turn();
    },
    fail: async () => {
      failWith = new Error("database gone");
      open();
      await turn();
    },
  };
}

describe("snapshot in parts", () => {
  it("a snapshot larger than one part arrives whole, byte for byte, and every part is under the limit", async () => {
    const t = memoryTransport();
    const server = new SnapshotPartServer(1000);
    const sizes: number[] = [];
    const bytes = snapshotOf(500);
    t.reply(s.snapshotRequest, async (req) => {
      const out = await server.answer(req, writeAll(bytes));
      sizes.push(out.length);
      return out;
    });
    const got = await fetchSnapshot(t, s.snapshotRequest, "r1", 1000);
    expect(Buffer.from(got).equals(Buffer.from(bytes))).toBe(true);
    expect(sizes.length).toBeGreaterThanOrEqual(Math.ceil(bytes.length / 1000));
    expect(Math.max(...sizes)).toBeLessThan(1100);
    expect(pb.Snapshot.decode(got).keys).toHaveLength(500);
  });

  it("every part of one fetch comes from the same state, even when the state changes in between", async () => {
    const t = memoryTransport();
    const server = new SnapshotPartServer(500);
    let sequence = 1;
    t.reply(s.snapshotRequest, async (req) => {
      const state = sequence++; // the state moves on after every request
      return server.answer(req, writeAll(snapshotOf(50, state)));
    });
    expect(Number(pb.Snapshot.decode(await fetchSnapshot(t, s.snapshotRequest, "r1", 1000)).sequence)).toBe(1);
  });

  it("a part of a snapshot no longer held fails the fetch (the caller starts again) instead of mixing states", async () => {
    let now = 0;
    const server = new SnapshotPartServer(100, () => now);
    const first = decodePart(await server.answer(request({ replicaId: "r" }), writeAll(snapshotOf(20))));
    expect(first.parts).toBeGreaterThan(1);
    now = 120_000;
    const later = decodePart(await server.answer(request({ replicaId: "r", snapshotId: first.snapshotId, part: 1 }), writeAll(snapshotOf(1))));
    expect(later.parts).toBe(0);
    expect(later.more).toBe(false);
  });

  it("a replica asking with `stream` gets each part as soon as it is whole, before the build has finished", async () => {
    const bytes = snapshotOf(40);
    const pieces = [bytes.subarray(0, 700), bytes.subarray(700, 1500), bytes.subarray(1500)];
    const b = steppedBuild(pieces);
    const server = new SnapshotPartServer(500);
    const t = memoryTransport();
    t.reply(s.snapshotRequest, (req) => server.answer(req, b.build));
    let done = false;
    const fetched = fetchSnapshot(t, s.snapshotRequest, "r1", 5_000).finally(() => (done = true));
    await b.step(); // 700 bytes written: part 0 (500) is whole and answered; part 1 waits
    await b.step(); // 1500: parts 1 and 2 whole
    expect(b.written()).toBe(2);
    expect(done).toBe(false);
    await b.step(); // the rest
    expect(done).toBe(false); // the part count is not known until the build ends
    await b.step(); // the build ends
    expect(Buffer.from(await fetched).equals(Buffer.from(bytes))).toBe(true);
  });

  it("parts come out as they are written: the first answer leaves while most of the snapshot is still unwritten", async () => {
    const bytes = snapshotOf(40);
    const b = steppedBuild([bytes.subarray(0, 600), bytes.subarray(600)]);
    const server = new SnapshotPartServer(500);
    const first = server.answer(request({ replicaId: "r", stream: true }), b.build).then(decodePart);
    await b.step();
    const part0 = await first; // answered after one piece of two
    expect(b.written()).toBe(1);
    expect(part0).toMatchObject({ part: 0, parts: 0, more: true });
    expect(Buffer.from(part0.data!).equals(Buffer.from(bytes.subarray(0, 500)))).toBe(true);
    const past = server.answer(request({ replicaId: "r", snapshotId: part0.snapshotId, part: 99, stream: true }), b.build).then(decodePart);
    await b.step();
    await b.step();
    const count = Math.ceil(bytes.length / 500);
    // asked past the end while the count was unknown: the count, no data
    expect(await past).toMatchObject({ part: 99, parts: count, more: false });
    expect((await past).data?.length ?? 0).toBe(0);
  });

  it("a replica that does not ask with `stream` (older than the field) gets part 0 only once the build has finished, with the count", async () => {
    const bytes = snapshotOf(40);
    const b = steppedBuild([bytes.subarray(0, 600), bytes.subarray(600)]);
    const server = new SnapshotPartServer(500);
    let answered = false;
    const first = server.answer(request({ replicaId: "r" }), b.build).then((x) => {
      answered = true;
      return decodePart(x);
    });
    await b.step();
    await b.step();
    expect(answered).toBe(false);
    await b.step();
    const part0 = await first;
    expect(part0.parts).toBe(Math.ceil(bytes.length / 500));
    expect(part0.more).toBe(false);
    const rest: Uint8Array[] = [part0.data!];
    for (let p = 1; p < part0.parts!; p++) rest.push(decodePart(await server.answer(request({ replicaId: "r", snapshotId: part0.snapshotId, part: p }), b.build)).data!);
    expect(Buffer.concat(rest).equals(Buffer.from(bytes))).toBe(true);
  });

  it("a build that fails part way fails the fetch at once (no waiting for a timeout), and its parts are no longer answered", async () => {
    const bytes = snapshotOf(40);
    const b = steppedBuild([bytes.subarray(0, 600), bytes.subarray(600)]);
    const server = new SnapshotPartServer(500);
    const t = memoryTransport();
    t.reply(s.snapshotRequest, (req) => server.answer(req, b.build));
    const fetched = fetchSnapshot(t, s.snapshotRequest, "r1", 60_000);
    const outcome = fetched.then(
      () => "resolved",
      (err: unknown) => String(err),
    );
    await b.step();
    await b.fail();
    expect(await outcome).toMatch(/no longer held/);
  });

  it("a control plane older than streaming (every answer has the count) is fetched from as before", async () => {
    const bytes = snapshotOf(60);
    const t = memoryTransport();
    const size = 300;
    const parts = Math.ceil(bytes.length / size);
    t.reply(s.snapshotRequest, async (req) => {
      const r = pb.SnapshotRequest.decode(req);
      const part = r.part ?? 0;
      // the old server: the whole snapshot built before part 0, `parts` on every answer, no `more`
      return pb.SnapshotPart.encode({ snapshotId: "old", part, parts, data: bytes.subarray(part * size, (part + 1) * size) }).finish();
    });
    expect(Buffer.from(await fetchSnapshot(t, s.snapshotRequest, "r1", 1000)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("whatever the pieces the build writes and the part size, the fetch returns exactly the bytes written", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 0, maxLength: 700 }), { minLength: 0, maxLength: 8 }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        async (pieces, partBytes, stepped) => {
          const t = memoryTransport();
          const server = new SnapshotPartServer(partBytes);
          const b = steppedBuild(pieces);
          t.reply(s.snapshotRequest, (req) => server.answer(req, stepped ? b.build : async (_, out) => pieces.forEach((p) => out.write(p))));
          const fetched = fetchSnapshot(t, s.snapshotRequest, "r1", 5_000);
          if (stepped) for (let i = 0; i <= pieces.length; i++) await b.step();
          const got = await fetched;
          expect(Buffer.from(got).equals(Buffer.concat(pieces))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("parts answered out of order are handed on in order", async () => {
    const bytes = snapshotOf(80);
    const server = new SnapshotPartServer(300);
    const t = memoryTransport();
    // even parts answer late, so parts 1 and 3 arrive before 0 and 2
    t.reply(s.snapshotRequest, async (req) => {
      const out = await server.answer(req, writeAll(bytes));
      if ((pb.SnapshotRequest.decode(req).part ?? 0) % 2 === 0) await turn();
      return out;
    });
    const handed: Uint8Array[] = [];
    await fetchSnapshotParts(t, s.snapshotRequest, "r1", 1_000, (data) => handed.push(data));
    expect(handed.length).toBe(Math.ceil(bytes.length / 300));
    expect(Buffer.concat(handed).equals(Buffer.from(bytes))).toBe(true);
  });
});
