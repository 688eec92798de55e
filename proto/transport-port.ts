import type { MessagePort } from "node:worker_threads";
import { DurableBatcher, type DurableItem } from "./durable-batcher.ts";
import { memoryTransport } from "./transport-memory.ts";
import type { Transport, Unsubscribe } from "./transport.ts";

/** What crosses the port: the same bytes NATS would carry, plus control-plane calls in embedded mode. */
type Frame =
  | { k: "pub"; s: string; d: Uint8Array }
  | { k: "req"; id: number; s: string; d: Uint8Array }
  | { k: "rep"; id: number; d?: Uint8Array; err?: string }
  | { k: "dur"; id: number; items: DurableItem[] }
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
  postMessage(value: unknown): void;
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

  const post = (f: Frame) => {
    if (!closed) p.postMessage(f);
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
        Promise.all(f.items.map((i) => local.publishDurable(i.data, i.msgId))).then(
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
    post({ k: "dur", id, items });
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
