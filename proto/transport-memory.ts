import type { DurableItem } from "./durable-batcher.ts";
import { MAX_EVENTS_PER_HANDLER, type Transport, type Unsubscribe } from "./transport.ts";

/** Usage events the in-process durable queue holds at most (a few tens of MB) before it refuses more. */
export const MAX_QUEUED = 100_000;

/** The events of one durable publish still queued, and its publisher waiting to hear that the consumer has them. */
interface Publish {
  left: number;
  done: () => void;
}

/** A queued durable event. */
interface Queued {
  data: Uint8Array;
  msgId: string;
  publish: Publish;
}

export interface MemoryTransport extends Transport {
  /**
   * The durable publish of a batch: resolves once the consumer has handled every event of it (those it handled
   * already at once), rejects when the queue cannot take them all. One queue entry and one promise for the batch,
   * not one per event (embedded mode's thread port hands the data plane's batches over this way).
   */
  publishDurableBatch(items: readonly DurableItem[]): Promise<void>;
}

/**
 * In-process transport for embedded mode: same calls and bytes as NATS, delivered on the next tick so that no
 * caller ever runs inside another's stack. The durable queue lives in memory (embedded mode is one process), so a
 * durable publish resolves only once the consumer has handled the event (the ledger committed it), not when it is
 * queued: until then the publisher keeps it (the data plane, in its spool), and a crash of the whole process loses
 * nothing that was acknowledged.
 */
export function memoryTransport(): MemoryTransport {
  const subs = new Map<string, Set<(d: Uint8Array) => void>>();
  const repliers = new Map<string, (d: Uint8Array) => Promise<Uint8Array>>();
  const queue: Queued[] = [];
  const handled = new HandledIds();
  /** The promises of the events still queued, by id. */
  const pending = new Map<string, Promise<void>>();
  let consumer: ((batch: Uint8Array[]) => Promise<void>) | undefined;
  let draining = false;
  let closed = false;

  const drain = async () => {
    if (draining || !consumer) return;
    draining = true;
    try {
      for (;;) {
        const handler: typeof consumer = consumer;
        if (queue.length === 0 || handler === undefined || closed) break;
        const batch = queue.slice(0, MAX_EVENTS_PER_HANDLER);
        try {
          await handler(batch.map((q) => q.data));
          queue.splice(0, batch.length);
          for (const q of batch) {
            pending.delete(q.msgId);
            handled.add(q.msgId);
            if (--q.publish.left === 0) q.publish.done();
          }
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    } finally {
      draining = false;
    }
  };

  function publishDurableBatch(items: readonly DurableItem[]): Promise<void> {
    if (closed) return Promise.reject(new Error("transport closed"));
    // bounded: while the consumer cannot keep up, the publisher keeps the events in its spool instead
    if (queue.length + items.length > MAX_QUEUED) return Promise.reject(new Error("durable queue full"));
    let done!: () => void;
    const answer = new Promise<void>((resolve) => (done = resolve));
    const publish: Publish = { left: 0, done };
    let earlier: Promise<void>[] | undefined;
    for (const { data, msgId } of items) {
      if (handled.has(msgId)) continue;
      // the same event again (a publisher's replay) while it waits: it is queued once, and answered with the first
      const queued = pending.get(msgId);
      if (queued !== undefined) {
        if (queued !== answer && !(earlier ??= []).includes(queued)) earlier.push(queued);
        continue;
      }
      queue.push({ data, msgId, publish });
      pending.set(msgId, answer);
      publish.left++;
    }
    if (publish.left === 0) done();
    else setImmediate(drain);
    return earlier === undefined ? answer : Promise.all([answer, ...earlier]).then(() => undefined);
  }

  return {
    get connected() {
      return !closed;
    },
    async request(subject, data, timeoutMs) {
      const h = repliers.get(subject);
      if (!h) throw new Error(`no responders for ${subject}`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, rej) => {
        timer = setTimeout(() => rej(new Error(`request to ${subject} timed out`)), timeoutMs);
      });
      try {
        await Promise.resolve();
        return await Promise.race([h(data), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    reply(subject, handler): Unsubscribe {
      repliers.set(subject, handler);
      return () => repliers.delete(subject);
    },
    publish(subject, data) {
      const set = subs.get(subject);
      if (!set) return;
      for (const h of set) queueMicrotask(() => h(data));
    },
    subscribe(subject, handler): Unsubscribe {
      let set = subs.get(subject);
      if (!set) subs.set(subject, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    publishDurable(data, msgId) {
      return publishDurableBatch([{ data, msgId }]);
    },
    publishDurableBatch,
    consumeDurable(handler): Unsubscribe {
      consumer = handler;
      setImmediate(drain);
      return () => {
        consumer = undefined;
      };
    },
    async close() {
      // let already-accepted usage reach the ledger before the process goes
      const deadline = Date.now() + 5_000;
      while (queue.length > 0 && consumer && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      closed = true;
    },
  };
}

/** How many handled ids are remembered at least (twice as many at most). */
export const HANDLED_IDS_KEPT = 100_000;

/**
 * The ids of the events handled lately, in two generations: the current one fills up to HANDLED_IDS_KEPT, then
 * becomes the previous one and the one before is dropped whole. Forgetting the oldest id one at a time (a Set's
 * first entry deleted at each add) made each add walk the deleted entries at the front of the Set's table: once
 * 100,000 events had been handled, 10–80 µs an event instead of ~3 (docs/performance.md).
 */
export class HandledIds {
  #current = new Set<string>();
  #previous = new Set<string>();

  has(id: string): boolean {
    return this.#current.has(id) || this.#previous.has(id);
  }

  add(id: string): void {
    this.#current.add(id);
    if (this.#current.size < HANDLED_IDS_KEPT) return;
    this.#previous = this.#current;
    this.#current = new Set();
  }
}
