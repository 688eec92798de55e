import { describe, expect, it } from "vitest";
import { HANDLED_IDS_KEPT, HandledIds, MAX_QUEUED, memoryTransport } from "./transport-memory.ts";
import { MAX_EVENTS_PER_HANDLER } from "./transport.ts";

const data = (id: string) => new TextEncoder().encode(id);
const settled = async (p: Promise<unknown>): Promise<"resolved" | "rejected" | "pending"> => {
  const marker = Symbol();
  const r = await Promise.race([p.then(() => "resolved" as const, () => "rejected" as const), new Promise((r) => setTimeout(() => r(marker), 50))]);
  return r === marker ? "pending" : (r as "resolved" | "rejected");
};

describe("the in-process durable queue (embedded mode)", () => {
  it("acknowledges an event only once its consumer has handled it, and an event sent again while it waits once", async () => {
    const bus = memoryTransport();
    const handled: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    bus.consumeDurable(async (batch) => {
      await gate; // the ledger's statement, still running
      for (const b of batch) handled.push(new TextDecoder().decode(b));
    });
    const first = bus.publishDurable(data("e1"), "e1");
    const again = bus.publishDurable(data("e1"), "e1"); // a spool's replay of it
    expect(await settled(first)).toBe("pending");
    expect(await settled(again)).toBe("pending");
    release();
    await Promise.all([first, again]);
    expect(handled).toEqual(["e1"]);
    // once handled, the same id again is answered at once and not handled twice
    await bus.publishDurable(data("e1"), "e1");
    await new Promise((r) => setTimeout(r, 20));
    expect(handled).toEqual(["e1"]);
    await bus.close();
  });

  it("is bounded: while its consumer fails it refuses more, and takes the refused event later under the same id", async () => {
    const bus = memoryTransport();
    let healthy = false;
    const applied = new Set<string>();
    bus.consumeDurable(async (batch) => {
      if (!healthy) throw new Error("ledger unavailable");
      for (const b of batch) applied.add(new TextDecoder().decode(b));
    });
    const accepted = Array.from({ length: MAX_QUEUED }, (_, i) => bus.publishDurable(data(`e${i}`), `e${i}`));
    await expect(bus.publishDurable(data("late"), "late")).rejects.toThrow("durable queue full");
    // queued, not handled: none is acknowledged while the consumer fails
    expect(await settled(accepted[0]!)).toBe("pending");
    healthy = true;
    await Promise.all(accepted);
    expect(applied.size).toBe(MAX_QUEUED);
    // refused, not remembered: the publisher's retry is stored, not dropped as a duplicate
    await bus.publishDurable(data("late"), "late");
    expect(applied.has("late")).toBe(true);
    await bus.close();
  }, 30_000);
});

describe("a batch published at once to the in-process queue", () => {
  it("is answered once the consumer has handled all of it, each event once: those handled before and repeats skipped", async () => {
    const bus = memoryTransport();
    const handled: string[] = [];
    bus.consumeDurable(async (batch) => {
      for (const b of batch) handled.push(new TextDecoder().decode(b));
    });
    await bus.publishDurable(data("old"), "old");
    const items = ["a", "old", "b", "a", "c"].map((id) => ({ data: data(id), msgId: id }));
    await bus.publishDurableBatch(items);
    expect(handled).toEqual(["old", "a", "b", "c"]);
    await bus.close();
  });

  it("reaches the consumer in batches of up to MAX_EVENTS_PER_HANDLER, as the NATS consumer's: one ledger statement each", async () => {
    const bus = memoryTransport();
    const sizes: number[] = [];
    const handled: string[] = [];
    bus.consumeDurable(async (batch) => {
      sizes.push(batch.length);
      for (const b of batch) handled.push(new TextDecoder().decode(b));
    });
    const ids = Array.from({ length: 2 * MAX_EVENTS_PER_HANDLER + 52 }, (_, i) => `e${i}`);
    await bus.publishDurableBatch(ids.map((id) => ({ data: data(id), msgId: id })));
    expect(sizes).toEqual([1_024, 1_024, 52]);
    expect(handled).toEqual(ids);
    await bus.close();
  });

  it("with an event another publish queued is answered only once that one's events are handled too", async () => {
    const bus = memoryTransport();
    const handled: string[] = [];
    const gates: (() => void)[] = [];
    bus.consumeDurable(async (batch) => {
      await new Promise<void>((r) => gates.push(r)); // each statement held until released
      for (const b of batch) handled.push(new TextDecoder().decode(b));
    });
    const first = bus.publishDurableBatch([{ data: data("x"), msgId: "x" }]);
    await new Promise((r) => setTimeout(r, 20)); // "x" is in the consumer's hands
    const second = bus.publishDurableBatch([
      { data: data("x"), msgId: "x" },
      { data: data("y"), msgId: "y" },
    ]);
    expect(await settled(second)).toBe("pending");
    gates.shift()!(); // "x" handled
    await first;
    expect(await settled(second)).toBe("pending"); // "y" is not yet
    await new Promise((r) => setTimeout(r, 20));
    gates.shift()!();
    await second;
    expect(handled).toEqual(["x", "y"]);
    await bus.close();
  });

  it("is refused whole when the queue cannot take all of it", async () => {
    const bus = memoryTransport();
    bus.consumeDurable(async () => {
      throw new Error("ledger unavailable");
    });
    const items = Array.from({ length: MAX_QUEUED + 1 }, (_, i) => ({ data: data(`e${i}`), msgId: `e${i}` }));
    await expect(bus.publishDurableBatch(items)).rejects.toThrow("durable queue full");
    await bus.close();
  });
});

describe("the handled ids the in-process queue remembers", () => {
  it("keeps at least the last HANDLED_IDS_KEPT and at most twice as many, whatever the count handled", () => {
    const ids = new HandledIds();
    const id = (n: number) => `evt_${n}`;
    for (let n = 0; n < 3.5 * HANDLED_IDS_KEPT; n++) {
      ids.add(id(n));
      if (n % 12_345 !== 0) continue;
      // the most recent HANDLED_IDS_KEPT are always there; nothing older than twice that is
      expect(ids.has(id(n))).toBe(true);
      expect(ids.has(id(Math.max(0, n - HANDLED_IDS_KEPT + 1)))).toBe(true);
      if (n >= 2 * HANDLED_IDS_KEPT) expect(ids.has(id(n - 2 * HANDLED_IDS_KEPT))).toBe(false);
    }
    expect(ids.has("evt_never")).toBe(false);
  });

  it("answers an event sent again after more than HANDLED_IDS_KEPT others at once, without handling it twice", async () => {
    const bus = memoryTransport();
    const handled: string[] = [];
    bus.consumeDurable(async (batch) => {
      for (const d of batch) handled.push(new TextDecoder().decode(d));
    });
    const count = HANDLED_IDS_KEPT + 10;
    // in parts, each within the queue's bound
    for (let from = 0; from < count; from += 10_000) {
      const to = Math.min(count, from + 10_000);
      await Promise.all(Array.from({ length: to - from }, (_, i) => bus.publishDurable(data(`e${from + i}`), `e${from + i}`)));
    }
    expect(handled).toHaveLength(count);
    await bus.publishDurable(data("e5"), "e5");
    await bus.publishDurable(data(`e${count - 1}`), `e${count - 1}`);
    expect(handled).toHaveLength(count);
    await bus.close();
  }, 30_000);
});
