import { hash } from "node:crypto";
import { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType, connect, nanos } from "nats";
import type { ConsumerMessages, JetStreamClient, JsMsg, NatsConnection } from "nats";
import { DurableBatcher, type DurableItem } from "./durable-batcher.ts";
import { JetStreamPublisher } from "./jetstream-publish.ts";
import { pb } from "./messages.ts";
import type { Subjects } from "./subjects.ts";
import { encodeUsageBatch } from "./usage-event-encode.ts";
import { MAX_BATCH, MAX_EVENTS_PER_HANDLER, type Transport, type Unsubscribe } from "./transport.ts";

export interface NatsTransportOptions {
  servers: string;
  subjects: Subjects;
  name: string;
  /** Create the usage stream and its durable consumer (the control plane does; data planes only publish). */
  ensureUsageStream: boolean;
  /** Copies JetStream keeps of the usage stream when it creates it (3 on a 3-node cluster; 1 on one server). */
  streamReplicas?: number;
}

/** Connects, then keeps reconnecting forever: a bus outage must never take a replica down. */
export async function connectNats(opts: NatsTransportOptions): Promise<Transport> {
  const nc = await connect({
    servers: opts.servers.split(",").map((s) => s.trim()),
    name: opts.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: false,
    // a request (each usage batch's JetStream publish, each snapshot part) otherwise captures an Error for its
    // caller's stack, ~25-65 us of a publish's ~140-330 us of CPU here (scratch loop of 3,000 publishes of 20 KB,
    // alternated); the errors the bus reports keep their own message and code
    noAsyncTraces: true,
  });
  if (opts.ensureUsageStream) await ensureStream(nc, opts.subjects, opts.streamReplicas ?? 1);
  return new NatsTransport(nc, nc.jetstream(), opts.subjects);
}

async function ensureStream(nc: NatsConnection, s: Subjects, replicas: number): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const config = {
    name: s.usageStream,
    num_replicas: replicas,
    subjects: [s.usage],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    // Redelivery after this window is still harmless: the ledger insert is idempotent on event id.
    duplicate_window: nanos(10 * 60_000),
    max_age: nanos(7 * 24 * 3600_000),
  };
  try {
    await jsm.streams.info(s.usageStream);
  } catch {
    await jsm.streams.add(config);
  }
  try {
    await jsm.consumers.info(s.usageStream, s.usageConsumer);
  } catch {
    await jsm.consumers.add(s.usageStream, {
      durable_name: s.usageConsumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      max_deliver: -1,
    });
  }
}

/** Marks a JetStream message whose body is a UsageBatch rather than one UsageEvent. */
export const USAGE_BATCH_HEADER = "svc-usage-batch";
const BATCH_HEADERS: Readonly<Record<string, string>> = Object.freeze({ [USAGE_BATCH_HEADER]: "1" });
/** How long a usage publish waits for JetStream's acknowledgement before its events count as not stored. */
const PUBLISH_TIMEOUT_MS = 2_000;

/** The events a stored message carries: a batch's elements, or the message itself (one event). */
function eventsOf(m: JsMsg): Uint8Array[] {
  if (m.headers?.get(USAGE_BATCH_HEADER) !== "1") return [m.data];
  try {
    return pb.UsageBatch.decode(m.data).events ?? [];
  } catch {
    return [m.data]; // handed on as is: the consumer reports what it cannot decode instead of losing it silently
  }
}

class NatsTransport implements Transport {
  readonly #nc: NatsConnection;
  readonly #js: JetStreamClient;
  readonly #s: Subjects;
  readonly #publisher: JetStreamPublisher;
  #connected = true;
  readonly #batcher = new DurableBatcher((items) => this.#publishBatch(items));

  constructor(nc: NatsConnection, js: JetStreamClient, s: Subjects) {
    this.#nc = nc;
    this.#js = js;
    this.#s = s;
    this.#publisher = new JetStreamPublisher(nc, PUBLISH_TIMEOUT_MS);
    void (async () => {
      for await (const st of nc.status()) {
        if (st.type === "disconnect") this.#connected = false;
        else if (st.type === "reconnect") this.#connected = true;
      }
    })();
  }

  get connected(): boolean {
    return this.#connected && !this.#nc.isClosed();
  }

  async request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    const msg = await this.#nc.request(subject, data, { timeout: timeoutMs });
    return msg.data;
  }

  reply(subject: string, handler: (data: Uint8Array) => Promise<Uint8Array>): Unsubscribe {
    const sub = this.#nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        handler(msg.data).then(
          (out) => {
            try {
              msg.respond(out);
            } catch {
              // too big for the bus or the connection closed: the requester times out and asks again; a throw
              // here would be an unhandled rejection that takes the whole control plane down
            }
          },
          () => undefined,
        );
      },
    });
    return () => sub.unsubscribe();
  }

  publish(subject: string, data: Uint8Array): void {
    try {
      this.#nc.publish(subject, data);
    } catch {
      // closed connection: deltas are re-derived from the next full snapshot, nothing to keep
    }
  }

  subscribe(subject: string, handler: (data: Uint8Array) => void): Unsubscribe {
    const sub = this.#nc.subscribe(subject, { callback: (err, msg) => (err ? undefined : handler(msg.data)) });
    return () => sub.unsubscribe();
  }

  publishDurable(data: Uint8Array, msgId: string): Promise<void> {
    return this.#batcher.publish(data, msgId);
  }

  #publishBatch(items: DurableItem[]): Promise<void> {
    if (items.length === 1) return this.#publisher.publish(this.#s.usage, items[0]!.data, items[0]!.msgId);
    // one loop rather than a map for each: at tens of batches a second this runs in V8's baseline tier for a long
    // while, where each element's callback cost ~70 ns
    const events = new Array<Uint8Array>(items.length);
    const ids = new Array<string>(items.length);
    for (let i = 0; i < items.length; i++) {
      events[i] = items[i]!.data;
      ids[i] = items[i]!.msgId;
    }
    // Named by every event it carries: JetStream drops a message whose id it has seen, so two batches that share
    // a first event and a size but not all their events (a spool replay groups events anew) must not share an id.
    return this.#publisher.publish(this.#s.usage, encodeUsageBatch(events), `batch:${hash("sha256", ids.join("\n"), "base64url")}`, BATCH_HEADERS);
  }

  consumeDurable(handler: (batch: Uint8Array[]) => Promise<void>): Unsubscribe {
    let stopped = false;
    let messages: ConsumerMessages | undefined;
    // Messages pile up here while a batch is being handled; the next batch takes what has arrived.
    const buffer: JsMsg[] = [];
    let busy = false;
    const pump = async () => {
      if (busy) return;
      busy = true;
      try {
        while (buffer.length > 0 && !stopped) {
          // whole messages only (one ack each), up to about MAX_EVENTS_PER_HANDLER events per transaction
          const events: Uint8Array[] = [];
          let take = 0;
          while (take < buffer.length && (take === 0 || events.length < MAX_EVENTS_PER_HANDLER)) events.push(...eventsOf(buffer[take++]!));
          const batch = buffer.splice(0, take);
          try {
            await handler(events);
            for (const m of batch) m.ack();
          } catch {
            for (const m of batch) m.nak(1_000);
          }
        }
      } finally {
        busy = false;
      }
    };
    let scheduled = false;
    const loop = async () => {
      while (!stopped) {
        try {
          const consumer = await this.#js.consumers.get(this.#s.usageStream, this.#s.usageConsumer);
          messages = await consumer.consume({ max_messages: MAX_BATCH * 2 });
          for await (const m of messages) {
            buffer.push(m);
            if (!scheduled) {
              scheduled = true;
              setImmediate(() => {
                scheduled = false;
                void pump();
              });
            }
            if (stopped) break;
          }
        } catch {
          if (!stopped) await new Promise((r) => setTimeout(r, 500));
        }
      }
    };
    void loop();
    return () => {
      stopped = true;
      void messages?.close();
    };
  }

  async close(): Promise<void> {
    this.#batcher.flush();
    if (!this.#nc.isClosed()) await this.#nc.drain().catch(() => this.#nc.close());
    this.#publisher.close();
  }
}

/** Removes a prefix's usage stream (tests clean up after themselves on a shared NATS). */
export async function deleteUsageStream(servers: string, s: Subjects): Promise<void> {
  const nc = await connect({ servers: servers.split(",").map((x) => x.trim()) });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(s.usageStream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
