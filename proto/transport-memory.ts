import { MAX_BATCH, type Transport, type Unsubscribe } from "./transport.ts";

/** Usage events the in-process durable queue holds at most (a few tens of MB) before it refuses more. */
export const MAX_QUEUED = 100_000;

/**
 * In-process transport for embedded mode: same calls and bytes as NATS, delivered on the next tick so that no
 * caller ever runs inside another's stack. The durable queue lives in memory (embedded mode is one process).
 */
export function memoryTransport(): Transport {
  const subs = new Map<string, Set<(d: Uint8Array) => void>>();
  const repliers = new Map<string, (d: Uint8Array) => Promise<Uint8Array>>();
  const queue: Uint8Array[] = [];
  const seenIds = new Set<string>();
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
        const batch = queue.slice(0, MAX_BATCH);
        try {
          await handler(batch);
          queue.splice(0, batch.length);
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    } finally {
      draining = false;
    }
  };

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
    async publishDurable(data, msgId) {
      if (closed) throw new Error("transport closed");
      if (seenIds.has(msgId)) return;
      // bounded: while the consumer cannot keep up, the publisher keeps the event in its spool instead
      if (queue.length >= MAX_QUEUED) throw new Error("durable queue full");
      seenIds.add(msgId);
      if (seenIds.size > 100_000) seenIds.delete(seenIds.values().next().value!);
      queue.push(data);
      setImmediate(drain);
    },
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
