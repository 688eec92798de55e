import { describe, expect, it } from "vitest";
import { MAX_QUEUED, memoryTransport } from "./transport-memory.ts";

describe("the in-process durable queue (embedded mode)", () => {
  it("is bounded: while its consumer fails it refuses more, and takes the refused event later under the same id", async () => {
    const bus = memoryTransport();
    let healthy = false;
    const applied = new Set<string>();
    bus.consumeDurable(async (batch) => {
      if (!healthy) throw new Error("ledger unavailable");
      for (const b of batch) applied.add(new TextDecoder().decode(b));
    });
    const data = (id: string) => new TextEncoder().encode(id);
    for (let i = 0; i < MAX_QUEUED; i++) await bus.publishDurable(data(`e${i}`), `e${i}`);
    await expect(bus.publishDurable(data("late"), "late")).rejects.toThrow("durable queue full");
    healthy = true;
    for (let i = 0; i < 100 && applied.size < MAX_QUEUED; i++) await new Promise((r) => setTimeout(r, 250));
    expect(applied.size).toBe(MAX_QUEUED);
    // refused, not remembered: the publisher's retry is stored, not dropped as a duplicate
    await bus.publishDurable(data("late"), "late");
    for (let i = 0; i < 40 && !applied.has("late"); i++) await new Promise((r) => setTimeout(r, 25));
    expect(applied.has("late")).toBe(true);
    await bus.close();
  });
});
