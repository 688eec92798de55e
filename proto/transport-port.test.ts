import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { portTransport, type PortTransport } from "./transport-port.ts";
import { MAX_EVENTS_PER_HANDLER } from "./transport.ts";

const text = new TextEncoder();
const read = (d: Uint8Array) => new TextDecoder().decode(d);
const open: PortTransport[] = [];
/** The two ends of an embedded gateway's port: the data plane's (publishing) and the control plane's (consuming). */
function ends() {
  const { port1, port2 } = new MessageChannel();
  const dataPlane = portTransport(port1);
  const controlPlane = portTransport(port2);
  open.push(dataPlane, controlPlane);
  return { dataPlane, controlPlane, close: () => (port1.close(), port2.close()) };
}
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

describe("durable events across the thread port (embedded mode)", () => {
  it("arrive whole and in order, in batches, and the publisher's own bytes stay its own", async () => {
    const { dataPlane, controlPlane, close } = ends();
    const batches: string[][] = [];
    controlPlane.consumeDurable(async (batch) => {
      batches.push(batch.map(read));
    });
    // events as the data plane has them: views of one shared slab (usage-event-encode.ts)
    const slab = new Uint8Array(256 * 1024);
    const events = Array.from({ length: 2 * MAX_EVENTS_PER_HANDLER + 7 }, (_, i) => {
      const bytes = text.encode(`event ${i} ${"x".repeat(i % 50)}`);
      const at = i * 100;
      slab.set(bytes, at);
      return slab.subarray(at, at + bytes.length);
    });
    await Promise.all(events.map((e, i) => dataPlane.publishDurable(e, `evt_${i}`)));
    expect(batches.flat()).toEqual(events.map(read));
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(MAX_EVENTS_PER_HANDLER);
    // nothing of the slab was handed away to the other thread
    expect(slab.buffer.byteLength).toBe(256 * 1024);
    expect(read(events[3]!)).toBe("event 3 xxx");
    close();
  });

  it("are answered only once the consumer has them, and an event sent again is handled once", async () => {
    const { dataPlane, controlPlane, close } = ends();
    const handled: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    controlPlane.consumeDurable(async (batch) => {
      await gate; // the ledger's statement, still running
      handled.push(...batch.map(read));
    });
    let answered = false;
    const first = dataPlane.publishDurable(text.encode("e1"), "e1").then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 60)); // past the batcher's linger: the batch has crossed
    expect(answered).toBe(false);
    const again = dataPlane.publishDurable(text.encode("e1"), "e1"); // a spool's replay of it, while it waits
    release();
    await Promise.all([first, again]);
    await dataPlane.publishDurable(text.encode("e1"), "e1"); // and once handled
    expect(handled).toEqual(["e1"]);
    close();
  });
});
