import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import { memoryTransport } from "../../../proto/transport-memory.ts";
import type { Transport } from "../../../proto/transport.ts";
import { Spool, readRecords } from "./spool.ts";
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
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "spool-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("usage while the bus is down", () => {
  it("goes to the spool file, not memory, and is replayed once the bus is back", async () => {
    const { bus, received, setDown } = faultyBus();
    const dir = tempDir();
    const pub = new UsagePublisher(bus, new Spool(dir, "r1"));
    setDown(true);
    const ids = Array.from({ length: 100 }, () => {
      const e = event();
      pub.publish(e);
      return e.id;
    });
    await new Promise((r) => setTimeout(r, 120)); // one flush
    expect(pub.unsent).toBe(100);
    expect(readRecords(readFileSync(join(dir, "r1.spool"))).length).toBe(100);
    setDown(false);
    expect(await pub.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.sort()).toEqual(ids.sort());
    expect(readdirSync(dir).filter((n) => n.endsWith(".spool"))).toEqual([]);
    await pub.close();
  });

  it("a publish the store refuses while connected is spooled and sent again until stored, once", async () => {
    const { bus, received } = faultyBus();
    let refusals = 2;
    const flaky: Transport = {
      ...bus,
      connected: true,
      publishDurable: (d, id) => (refusals-- > 0 ? Promise.reject(new Error("JetStream timeout")) : bus.publishDurable(d, id)),
    };
    const pub = new UsagePublisher(flaky, new Spool(tempDir(), "r1"));
    const e = event();
    pub.publish(e);
    await new Promise((r) => setTimeout(r, 20));
    expect(pub.unsent).toBe(1);
    expect(await pub.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([e.id]);
    await pub.close();
  });

  it("what a stopped process left in its spool is replayed by the next one to start", async () => {
    const dir = tempDir();
    const first = faultyBus();
    first.setDown(true);
    const a = new UsagePublisher(first.bus, new Spool(dir, "old-replica"));
    const ids = Array.from({ length: 10 }, () => {
      const e = event();
      a.publish(e);
      return e.id;
    });
    await a.close(100); // the bus never came back: the events stay on disk
    expect(existsSync(join(dir, "old-replica.spool"))).toBe(true);
    const second = faultyBus();
    const b = new UsagePublisher(second.bus, new Spool(dir, "new-replica"));
    expect(await b.flush(5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(second.received.sort()).toEqual(ids.sort());
    await b.close();
  });

  it("never takes the spool of a live sibling sharing the directory", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "sibling.spool"), Buffer.from([0, 0, 0, 1, 42]));
    writeFileSync(join(dir, "sibling.spool.owner"), JSON.stringify({ host: hostname(), pid: process.ppid }));
    const { bus } = faultyBus();
    const pub = new UsagePublisher(bus, new Spool(dir, "me"));
    await pub.flush(200);
    expect(existsSync(join(dir, "sibling.spool"))).toBe(true);
    await pub.close();
  });

  it("a record cut short by a crash is dropped, the whole ones kept", () => {
    expect(readRecords(Buffer.from([0, 0, 0, 2, 1, 2, 0, 0, 0, 5, 9]))).toEqual([Buffer.from([1, 2])]);
  });
});
