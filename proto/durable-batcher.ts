import { MAX_BATCH } from "./transport.ts";

export interface DurableItem {
  data: Uint8Array;
  msgId: string;
}

/**
 * Coalesces the durable publishes of one moment into one send. Requests finishing together (many per event-loop
 * turn under load) then cost the bus one write and one acknowledgement instead of one each: per-event publishing
 * was a third of a data plane's CPU. Each caller still gets its own promise: resolved when its batch is stored,
 * rejected when the batch was not (the caller then keeps the event, e.g. in its spool).
 *
 * `lingerMs` is how long the first event of a batch waits for company (a few ms of ledger latency buy far fewer
 * bus writes); a batch also leaves as soon as it is full.
 */
// 20 ms rather than 5: at one request at a time, each batch costs the data plane a publish, an acknowledgement and
// the snapshot delta the ledger sends back; 20 ms took ~15 % off a data plane's CPU per request at c=1
// (docs/performance.md). Nothing waits on it: every event is in the spool before its response leaves.
const LINGER_MS = 20;
export class DurableBatcher {
  readonly #send: (items: DurableItem[]) => Promise<void>;
  readonly #max: number;
  readonly #lingerMs: number;
  #items: DurableItem[] = [];
  #waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(send: (items: DurableItem[]) => Promise<void>, opts: { max?: number; lingerMs?: number } = {}) {
    this.#send = send;
    this.#max = opts.max ?? MAX_BATCH;
    this.#lingerMs = opts.lingerMs ?? LINGER_MS;
  }

  publish(data: Uint8Array, msgId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#items.push({ data, msgId });
      this.#waiters.push({ resolve, reject });
      if (this.#items.length >= this.#max) this.flush();
      else this.#timer ??= setTimeout(() => this.flush(), this.#lingerMs);
    });
  }

  /** Sends what is waiting now. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#items.length === 0) return;
    const items = this.#items;
    const waiters = this.#waiters;
    this.#items = [];
    this.#waiters = [];
    let sent: Promise<void>;
    try {
      sent = this.#send(items);
    } catch (err) {
      sent = Promise.reject(err);
    }
    sent.then(
      () => {
        for (const w of waiters) w.resolve();
      },
      (err: unknown) => {
        for (const w of waiters) w.reject(err);
      },
    );
  }
}
