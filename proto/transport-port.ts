import type { MessagePort } from "node:worker_threads";
import { DurableBatcher, type DurableItem } from "./durable-batcher.ts";
import { memoryTransport } from "./transport-memory.ts";
import type { Transport, Unsubscribe } from "./transport.ts";

/** What crosses the port: the same bytes NATS would carry, plus control-plane calls in embedded mode. */
type Frame =
  | { k: "pub"; s: string; d: Uint8Array }
  | { k: "req"; id: number; s: string; d: Uint8Array }
  | { k: "rep"; id: number; d?: Uint8Array; err?: string }
  // a batch of durable events: their bytes back to back (each ends at its `ends`), their ids in the same order
  | { k: "dur"; id: number; bytes: Uint8Array; ends: Uint32Array; ids: string[] }
  | { k: "durack"; id: number; err?: string }
  | { k: "call"; id: number; payload: unknown }
  | { k: "ret"; id: number; payload?: unknown; err?: string };

/**
 * How long a batch of durable events may wait for the other side's answer. It answers once its consumer has the
 * events (the ledger committed them, transport-memory.ts), which under a load the ledger is behind on takes seconds;
 * a batch not answered in time is kept by the publisher and sent again (the ledger ignores what it already has).
 */
const DURABLE_ACK_MS = 120_000;

/** Anything with postMessage and message events: a Worker on one side, parentPort on the other. */
export interface PortLike {
  postMessage(value: unknown, transfer?: readonly ArrayBuffer[]): void;
  on(event: "message", listener: (value: unknown) => void): unknown;
  off(event: "message", listener: (value: unknown) => void): unknown;
}

export interface PortTransport extends Transport {
  /** Answers `call` from the other side (embedded mode: the control plane's HTTP handler). */
  serveCalls(handler: (payload: unknown) => Promise<unknown>): void;
  call(payload: unknown, timeoutMs: number): Promise<unknown>;
}

/**
 * A transport between two threads of one process (embedded mode runs the control plane and its database in a
 * worker, so database work never stalls the data plane's event loop). Each side keeps a local in-process bus;
 * broadcasts are mirrored to the other side, requests and durable publishes are answered by it.
 */
export function portTransport(port: PortLike | MessagePort): PortTransport {
  const p = port as PortLike;
  const local = memoryTransport();
  let nextId = 1;
  const waiting = new Map<number, { resolve: (f: Frame) => void; timer: NodeJS.Timeout | undefined }>();
  let callHandler: ((payload: unknown) => Promise<unknown>) | undefined;
  let closed = false;

  const post = (f: Frame, transfer?: ArrayBuffer[]) => {
    if (!closed) p.postMessage(f, transfer);
  };
  const expect = (id: number, timeoutMs: number | undefined): Promise<Frame> =>
    new Promise((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              waiting.delete(id);
              reject(new Error("no answer across the thread port in time"));
            }, timeoutMs);
      waiting.set(id, { resolve, timer });
    });

  const onMessage = (value: unknown) => {
    const f = value as Frame;
    switch (f.k) {
      case "pub":
        local.publish(f.s, f.d);
        return;
      case "req":
        local.request(f.s, f.d, 30_000).then(
          (d) => post({ k: "rep", id: f.id, d }),
          (e: unknown) => post({ k: "rep", id: f.id, err: String(e) }),
        );
        return;
      case "dur":
        local.publishDurableBatch(unpack(f)).then(
          () => post({ k: "durack", id: f.id }),
          (e: unknown) => post({ k: "durack", id: f.id, err: String(e) }),
        );
        return;
      case "call":
        (callHandler ? callHandler(f.payload) : Promise.reject(new Error("no call handler"))).then(
          (payload) => post({ k: "ret", id: f.id, payload }),
          (e: unknown) => post({ k: "ret", id: f.id, err: String(e) }),
        );
        return;
      default: {
        const w = waiting.get(f.id);
        if (!w) return;
        waiting.delete(f.id);
        clearTimeout(w.timer);
        w.resolve(f);
      }
    }
  };
  p.on("message", onMessage);
  // one message across the port per moment's worth of usage events, not one per request
  const durable = new DurableBatcher(async (items) => {
    if (closed) throw new Error("transport closed");
    const id = nextId++;
    const answer = expect(id, DURABLE_ACK_MS);
    const { bytes, ends, ids } = pack(items);
    post({ k: "dur", id, bytes, ends, ids }, [bytes.buffer as ArrayBuffer, ends.buffer as ArrayBuffer]);
    const f = (await answer) as Extract<Frame, { k: "durack" }>;
    if (f.err !== undefined) throw new Error(f.err);
  });

  return {
    get connected() {
      return !closed;
    },
    async request(subject, data, timeoutMs) {
      const id = nextId++;
      const answer = expect(id, timeoutMs);
      post({ k: "req", id, s: subject, d: data });
      const f = (await answer) as Extract<Frame, { k: "rep" }>;
      if (f.err !== undefined || !f.d) throw new Error(f.err ?? "empty reply");
      return f.d;
    },
    reply(subject, handler): Unsubscribe {
      return local.reply(subject, handler);
    },
    publish(subject, data) {
      local.publish(subject, data);
      post({ k: "pub", s: subject, d: data });
    },
    subscribe(subject, handler): Unsubscribe {
      return local.subscribe(subject, handler);
    },
    async publishDurable(data, msgId) {
      if (closed) throw new Error("transport closed");
      await durable.publish(data, msgId);
    },
    consumeDurable(handler): Unsubscribe {
      return local.consumeDurable(handler);
    },
    serveCalls(handler) {
      callHandler = handler;
    },
    async call(payload, timeoutMs) {
      const id = nextId++;
      const answer = expect(id, timeoutMs);
      post({ k: "call", id, payload });
      const f = (await answer) as Extract<Frame, { k: "ret" }>;
      if (f.err !== undefined) throw new Error(f.err);
      return f.payload;
    },
    async close() {
      durable.flush();
      await local.close();
      closed = true;
      p.off("message", onMessage);
      for (const w of waiting.values()) clearTimeout(w.timer);
      waiting.clear();
    },
  };
}

/**
 * A batch's events in one buffer, handed over to the other thread rather than copied. Cloned as they were (an
 * object, a view and an id an event), each batch was serialised field by field, the slabs the events are views of
 * copied whole (usage-event-encode.ts), and each event read back as an object with a buffer of its own.
 */
function pack(items: readonly DurableItem[]): { bytes: Uint8Array; ends: Uint32Array; ids: string[] } {
  let total = 0;
  for (const item of items) total += item.data.length;
  const bytes = new Uint8Array(total);
  const ends = new Uint32Array(items.length);
  const ids = new Array<string>(items.length);
  let at = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    bytes.set(item.data, at);
    at += item.data.length;
    ends[i] = at;
    ids[i] = item.msgId;
  }
  return { bytes, ends, ids };
}

function unpack(f: { bytes: Uint8Array; ends: Uint32Array; ids: string[] }): DurableItem[] {
  const items = new Array<DurableItem>(f.ids.length);
  let from = 0;
  for (let i = 0; i < items.length; i++) {
    const end = f.ends[i]!;
    items[i] = { data: f.bytes.subarray(from, end), msgId: f.ids[i]! };
    from = end;
  }
  return items;
}
