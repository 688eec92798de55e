import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import { memoryTransport } from "../../../proto/transport-memory.ts";
import type { Transport } from "../../../proto/transport.ts";
import { SpendTracker } from "../admission/spend-tracker.ts";
import { requireUsageCapacity } from "../admission/usage-capacity.ts";
import type { DataPlaneConfig } from "../config.ts";
import { GatewayError } from "../errors.ts";
import { DataPlaneMetrics } from "../metrics/metrics.ts";
import { atTurnEnd } from "../turn-end.ts";
import { Spool } from "./spool.ts";
import { readRecords } from "./spool-records.ts";
import { UsagePublisher } from "./usage-publisher.ts";

/** A bus that can be switched off: not connected, and every durable publish refused. */
function faultyBus() {
  const inner = memoryTransport();
  const received: string[] = [];
  inner.consumeDurable(async (batch) => {
    for (const b of batch) received.push(pb.UsageEvent.decode(b).id ?? "");
  });
  let down = false;
  const bus: Transport = {
    ...inner,
    get connected() {
      return !down;
    },
    publishDurable: (d, id) => (down ? Promise.reject(new Error("bus down")) : inner.publishDurable(d, id)),
    close: () => inner.close(),
  };
  return { bus, received, setDown: (v: boolean) => (down = v) };
}

const event = () => ({ id: randomUUID(), keyId: "k", orgId: "o", costMicros: 7 });
const LARGE = { maxBytes: 1 << 30 };
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "spool-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
/** The end of the event loop's turn: the publisher's spool write of the turn has run. */
const turnEnd = () => new Promise((r) => setImmediate(r));
const segmentsIn = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".log"));
const recordsIn = (dir: string) => segmentsIn(dir).flatMap((n) => readRecords(readFileSync(join(dir, n))));

describe("usage while the bus is down", () => {
  it("waits in the spool file, not memory, and is replayed once the bus is back", async () => {
    const { bus, received, setDown } = faultyBus();
    const dir = tempDir();
    const pub = new UsagePublisher(bus, new Spool(dir, "r1", LARGE));
    setDown(true);
    const ids = Array.from({ length: 100 }, () => {
      const e = event();
      pub.publish(e);
      return e.id;
    });
    expect(pub.unsent).toBe(100);
    await turnEnd();
    expect(pub.memoryBytes).toBe(0);
    expect(recordsIn(dir)).toHaveLength(100);
    setDown(false);
    expect(await pub.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.sort()).toEqual(ids.sort());
    await pub.close();
    expect(segmentsIn(dir)).toEqual([]);
  });

  it("a publish the store refuses while connected is sent again until stored, once", async () => {
    const { bus, received } = faultyBus();
    let refusals = 2;
    const flaky: Transport = {
      ...bus,
      connected: true,
      publishDurable: (d, id) => (refusals-- > 0 ? Promise.reject(new Error("JetStream timeout")) : bus.publishDurable(d, id)),
    };
    const pub = new UsagePublisher(flaky, new Spool(tempDir(), "r1", LARGE));
    const e = event();
    pub.publish(e);
    await new Promise((r) => setTimeout(r, 20));
    expect(pub.unsent).toBe(1);
    expect(await pub.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([e.id]);
    await pub.close();
  });

  /** A bus that answers each durable publish after `ms`, counting what it was handed and how much at once. */
  function slowBus(ms: number) {
    const faulty = faultyBus();
    const seen = { inFlight: 0, most: 0, handed: [] as string[] };
    const bus: Transport = {
      ...faulty.bus,
      publishDurable: async (d, id) => {
        seen.handed.push(id);
        seen.most = Math.max(seen.most, ++seen.inFlight);
        await new Promise((r) => setTimeout(r, ms));
        seen.inFlight--;
        return faulty.bus.publishDurable(d, id);
      },
    };
    Object.defineProperty(bus, "connected", { get: () => faulty.bus.connected });
    return { ...faulty, bus, seen };
  }

  it("never has more events in flight to the bus than its bound; the rest wait in memory and follow, each sent once", async () => {
    const { bus, received, seen } = slowBus(30);
    const dir = tempDir();
    const pub = new UsagePublisher(bus, new Spool(dir, "r1", LARGE), { maxInFlight: 8, maxWaiting: 100, maxMemoryBytes: 1 << 20 });
    const ids = Array.from({ length: 50 }, () => {
      const e = event();
      pub.publish(e);
      return e.id;
    });
    await turnEnd();
    expect(recordsIn(dir)).toHaveLength(50); // on disk before any answer, as every event is
    expect(pub.unsent).toBe(50);
    expect(await pub.flush(10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.most).toBe(8);
    // none was read back from the spool and sent again
    expect(seen.handed.sort()).toEqual([...ids].sort());
    expect([...new Set(received)].sort()).toEqual([...ids].sort());
    await pub.close();
    expect(segmentsIn(dir)).toEqual([]);
  });

  it("past the bound of waiting events, the rest wait on disk only and are read back and sent", async () => {
    const { bus, received, seen } = slowBus(30);
    const pub = new UsagePublisher(bus, new Spool(tempDir(), "r1", LARGE), { maxInFlight: 8, maxWaiting: 10, maxMemoryBytes: 1 << 20 });
    const ids = Array.from({ length: 50 }, () => {
      const e = event();
      pub.publish(e);
      return e.id;
    });
    expect(await pub.flush(10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.most).toBe(8);
    // the segment is sent again whole once its handed-over events are answered: more than the 50 were sent
    expect(seen.handed.length).toBeGreaterThan(50);
    expect([...new Set(received)].sort()).toEqual([...ids].sort());
    await pub.close();
  });

  it("closed while events wait, leaves them in the spool for the next process, not to the bus's late answers", async () => {
    const { bus, seen } = slowBus(200);
    const dir = tempDir();
    const pub = new UsagePublisher(bus, new Spool(dir, "r1", LARGE), { maxInFlight: 2, maxWaiting: 100, maxMemoryBytes: 1 << 20 });
    for (let i = 0; i < 10; i++) pub.publish(event());
    await turnEnd();
    await pub.close(50); // gives up before the bus answers the two in flight
    await new Promise((r) => setTimeout(r, 300)); // their answers come
    expect(seen.handed).toHaveLength(2);
    expect(recordsIn(dir)).toHaveLength(10);
  });

  it("events waiting for room when the bus goes away are replayed from the spool once it is back", async () => {
    const { bus, received, seen, setDown } = slowBus(30);
    const pub = new UsagePublisher(bus, new Spool(tempDir(), "r1", LARGE), { maxInFlight: 4, maxWaiting: 100, maxMemoryBytes: 1 << 20 });
    const ids = Array.from({ length: 20 }, () => {
      const e = event();
      pub.publish(e);
      return e.id;
    });
    await turnEnd();
    setDown(true); // the 4 in flight are refused when their answers come; the 16 waiting are not handed to a bus away
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.handed).toHaveLength(4);
    expect(pub.unsent).toBe(20);
    setDown(false);
    expect(await pub.flush(10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect([...new Set(received)].sort()).toEqual([...ids].sort());
    await pub.close();
  });
});

describe("the events of one turn of the event loop", () => {
  it("reach the spool in one write, before any write of the turn's end leaves, even one queued before them", async () => {
    const { bus, received } = faultyBus();
    const dir = tempDir();
    const spool = new Spool(dir, "r1", LARGE);
    const writes: number[] = [];
    const appendAll = spool.appendAll.bind(spool);
    spool.appendAll = (records) => {
      writes.push(records.length);
      return appendAll(records);
    };
    const pub = new UsagePublisher(bus, spool);
    await turnEnd(); // its first replay pass (nothing to send) is done
    const seenByAnswers: number[] = [];
    // answers queued for the turn's end, one before the events and one after, as the routes queue theirs
    atTurnEnd(() => seenByAnswers.push(recordsIn(dir).length));
    const ids = Array.from({ length: 12 }, () => {
      const e = event();
      pub.publish(e);
      return e.id;
    });
    atTurnEnd(() => seenByAnswers.push(recordsIn(dir).length));
    expect(recordsIn(dir)).toHaveLength(0);
    expect(pub.unsent).toBe(12);
    await turnEnd();
    expect(writes).toEqual([12]);
    expect(seenByAnswers).toEqual([12, 12]);
    expect(recordsIn(dir).map((r) => pb.UsageEvent.decode(r).id)).toEqual(ids);
    expect(await pub.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.sort()).toEqual([...ids].sort());
    await pub.close();
  });

  it("published as it closes are written before the spool closes, even with no time left to flush", async () => {
    const first = faultyBus();
    first.setDown(true);
    const dir = tempDir();
    const pub = new UsagePublisher(first.bus, new Spool(dir, "closing", LARGE));
    const e = event();
    pub.publish(e);
    await pub.close(0); // no turn ends before the spool closes
    expect(recordsIn(dir).map((r) => pb.UsageEvent.decode(r).id)).toEqual([e.id]);
  });
});

describe("a bus that answers a batch of events at once", () => {
  it("settles every event of a stored batch, and keeps every event of a refused one until a replay stores it", async () => {
    const inner = memoryTransport();
    const received: string[] = [];
    inner.consumeDurable(async (batch) => {
      for (const b of batch) received.push(pb.UsageEvent.decode(b).id ?? "");
    });
    // like the NATS transport's batcher: the events published together share one promise
    let answer: { promise: Promise<void>; settle: (ok: boolean) => void } | undefined;
    const batched: { d: Uint8Array; id: string }[] = [];
    const bus: Transport = {
      ...inner,
      publishDurable: (d, id) => {
        batched.push({ d, id });
        if (answer === undefined) {
          let settle!: (ok: boolean) => void;
          const promise = new Promise<void>((res, rej) => (settle = (ok) => (ok ? res() : rej(new Error("JetStream timeout")))));
          answer = { promise, settle };
        }
        return answer.promise;
      },
      close: () => inner.close(),
    };
    const dir = tempDir();
    const pub = new UsagePublisher(bus, new Spool(dir, "r1", LARGE));
    await new Promise((r) => setImmediate(r)); // its first replay pass (nothing to send) is done; the next is 1 s away
    const first = [event(), event(), event()];
    for (const e of first) pub.publish(e);
    expect(pub.unsent).toBe(3);
    await turnEnd();
    answer!.settle(false); // the whole batch refused
    answer = undefined;
    await new Promise((r) => setTimeout(r, 10));
    expect(pub.unsent).toBe(3); // all three wait in the spool
    expect(recordsIn(dir).map((r) => pb.UsageEvent.decode(r).id)).toEqual(first.map((e) => e.id));

    const second = [event(), event()];
    for (const e of second) pub.publish(e);
    await turnEnd();
    answer!.settle(true);
    answer = undefined;
    await new Promise((r) => setTimeout(r, 10));
    expect(pub.unsent).toBe(3); // the stored batch is done; the refused one still waits

    // the replay goes through the bus as it is now: stored at once
    bus.publishDurable = (d, id) => inner.publishDurable(d, id);
    await pub.replay();
    expect(pub.unsent).toBe(0);
    await new Promise((r) => setTimeout(r, 20)); // the in-memory bus hands stored events to its consumer later
    // a segment is replayed whole (the ledger drops the repeats by id), so the stored two may come again
    expect(received).toEqual(expect.arrayContaining(first.map((e) => e.id)));
    await pub.close();
  });
});

describe("a replica killed at any moment", () => {
  it("loses no event it published: the next process on its directory sends every one", { timeout: 30_000 }, async () => {
    const dir = tempDir();
    const prefix = randomUUID();
    const child = spawn(process.execPath, ["--import", "tsx", new URL("./crash-child.test-helper.ts", import.meta.url).pathname, dir, "200", prefix], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => d.toString().includes("published") && resolve());
      child.once("exit", (code) => reject(new Error(`child exited ${code} before publishing`)));
    });
    // its bus never acknowledged anything: every event was still only in its memory and its spool
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    const { bus, received } = faultyBus();
    const next = new UsagePublisher(bus, new Spool(dir, "next", LARGE));
    expect(await next.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.sort()).toEqual(Array.from({ length: 200 }, (_, i) => `${prefix}-${i}`).sort());
    await next.close();
    expect(readdirSync(dir).filter((n) => n.startsWith("doomed"))).toEqual([]);
  });

  it("what a stopped process left in its spool is replayed by the next one to start", async () => {
    const dir = tempDir();
    const first = faultyBus();
    first.setDown(true);
    const a = new UsagePublisher(first.bus, new Spool(dir, "old-replica", LARGE));
    const ids = Array.from({ length: 10 }, () => {
      const e = event();
      a.publish(e);
      return e.id;
    });
    await a.close(100); // the bus never came back: the events stay on disk
    expect(recordsIn(dir)).toHaveLength(10);
    const second = faultyBus();
    const b = new UsagePublisher(second.bus, new Spool(dir, "new-replica", LARGE));
    expect(await b.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(second.received.sort()).toEqual(ids.sort());
    await b.close();
  });

  it("never takes the spool of a live sibling sharing the directory", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "sibling.0000000001.log"), Buffer.from([0, 0, 0, 1, 42]));
    writeFileSync(join(dir, "sibling.owner"), JSON.stringify({ host: hostname(), pid: process.ppid }));
    const { bus } = faultyBus();
    const pub = new UsagePublisher(bus, new Spool(dir, "me", LARGE));
    await pub.flush(200);
    expect(segmentsIn(dir)).toEqual(["sibling.0000000001.log"]);
    await pub.close();
  });
});

describe("at a usage bound the replica refuses billable requests (fail closed)", () => {
  const config = { usagePendingMaxEvents: 3 } as DataPlaneConfig;
  const metrics = new DataPlaneMetrics({ sequence: () => 0, snapshotAgeMs: () => 0, spoolDepth: () => 0, reservationsOpen: () => 0, inFlight: () => 0, spoolBytes: () => 0, spoolMaxBytes: () => 0, usageMemoryBytes: () => 0, pendingEvents: () => 0 });
  const refusal = (deps: Parameters<typeof requireUsageCapacity>[0]): string => {
    try {
      requireUsageCapacity(deps);
      return "admitted";
    } catch (e) {
      if (e instanceof GatewayError) return `${e.status} ${e.code} retry-after=${e.headers["retry-after"]}`;
      throw e;
    }
  };
  const refusedCount = async (reason: string) => (await metrics.usageRefusals.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

  it("when the spool reaches its bound while the bus is down, and again once it has drained", async () => {
    const { bus, received, setDown } = faultyBus();
    const eventBytes = pb.UsageEvent.encode(event()).finish().length + 4;
    const usage = new UsagePublisher(bus, new Spool(tempDir(), "r1", { maxBytes: 20 * eventBytes }));
    const deps = { usage, tracker: new SpendTracker(), config, metrics };
    setDown(true);
    let published = 0;
    while (refusal(deps) === "admitted") {
      usage.publish(event());
      published++;
    }
    expect(published).toBe(20);
    expect(usage.fullReason).toBe("spool_full"); // counted as published, before the turn's write
    await turnEnd();
    expect(usage.fullReason).toBe("spool_full");
    expect(refusal(deps)).toBe("503 usage_backlog_full retry-after=5");
    expect(await refusedCount("spool_full")).toBe(2);
    setDown(false);
    expect(await usage.flush(5_000)).toBe(true);
    expect(refusal(deps)).toBe("admitted");
    await new Promise((r) => setTimeout(r, 50));
    expect(new Set(received).size).toBe(20);
    await usage.close();
  });

  it("when the disk refuses writes and the bus is down, at the memory bound", async () => {
    const { bus, received, setDown } = faultyBus();
    const dir = tempDir();
    const spoolDir = join(dir, "spool");
    const eventBytes = pb.UsageEvent.encode(event()).finish().length;
    // what the bus is handed: an event kept in memory holds its own bytes, not a view of the encoder's shared slab
    const handed: Uint8Array[] = [];
    const watched: Transport = { ...bus, publishDurable: (d, id) => (handed.push(d), bus.publishDurable(d, id)) };
    Object.defineProperty(watched, "connected", { get: () => bus.connected });
    const usage = new UsagePublisher(watched, new Spool(spoolDir, "r1", LARGE), { maxInFlight: 64, maxWaiting: 64, maxMemoryBytes: 5 * eventBytes });
    const deps = { usage, tracker: new SpendTracker(), config, metrics };
    rmSync(spoolDir, { recursive: true });
    writeFileSync(spoolDir, "the disk is gone");
    setDown(true);
    for (let i = 0; i < 5; i++) usage.publish(event());
    await turnEnd(); // the turn's one write fails: its events are kept in memory
    expect(usage.memoryBytes).toBe(5 * eventBytes);
    expect(refusal(deps)).toBe("503 usage_backlog_full retry-after=5");
    setDown(false);
    expect(await usage.flush(5_000)).toBe(true);
    expect(usage.memoryBytes).toBe(0);
    expect(refusal(deps)).toBe("admitted");
    await new Promise((r) => setTimeout(r, 50));
    expect(new Set(received).size).toBe(5);
    expect(handed.length).toBeGreaterThanOrEqual(5);
    for (const d of handed) expect(d.buffer.byteLength).toBe(d.byteLength);
    await usage.close();
  });

  it("when the control plane has not confirmed as many events as the replica may hold", () => {
    const { bus } = faultyBus();
    const tracker = new SpendTracker();
    const deps = { usage: new UsagePublisher(bus, new Spool(tempDir(), "r1", LARGE)), tracker, config, metrics };
    for (let i = 0; i < 2; i++) tracker.recordPending(`e${i}`, { orgId: "o", keyId: "k", micros: 1, month: "2026-11" });
    expect(refusal(deps)).toBe("admitted");
    tracker.recordPending("e2", { orgId: "o", keyId: "k", micros: 1, month: "2026-11" });
    expect(refusal(deps)).toBe("503 usage_backlog_full retry-after=5");
    tracker.markApplied(["e0"]);
    expect(refusal(deps)).toBe("admitted");
    return deps.usage.close();
  });
});
