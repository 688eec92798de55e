import { MAX_BATCH } from "./transport.ts";

export interface DurableItem {
  data: Uint8Array;
  msgId: string;
}

/**
 * Coalesces the durable publishes of one moment into one send. Requests finishing together (many per event-loop
 * turn under load) then cost the bus one write and one acknowledgement instead of one each: per-event publishing
 * was a third of a data plane's CPU. The callers of one batch share its promise: resolved when the batch is
 * stored, rejected when it was not (a caller then keeps the event, e.g. in its spool). One promise per batch
 * rather than per event, because each event's promise and callbacks lived until the bus acknowledged, long
 * enough to reach the old generation of the heap at thousands of events a second.
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
  #batch: { promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(send: (items: DurableItem[]) => Promise<void>, opts: { max?: number; lingerMs?: number } = {}) {
    this.#send = send;
    this.#max = opts.max ?? MAX_BATCH;
    this.#lingerMs = opts.lingerMs ?? LINGER_MS;
  }

  /** The promise of the batch the event joins: the same object for every event of that batch. */
  publish(data: Uint8Array, msgId: string): Promise<void> {
    const batch = (this.#batch ??= deferred());
    this.#items.push({ data, msgId });
    if (this.#items.length >= this.#max) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#lingerMs);
    return batch.promise;
  }

  /** Sends what is waiting now. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#items.length === 0) return;
    const items = this.#items;
    const batch = this.#batch!;
    this.#items = [];
    this.#batch = undefined;
    let sent: Promise<void>;
    try {
      sent = this.#send(items);
    } catch (err) {
      sent = Promise.reject(err);
    }
    sent.then(batch.resolve, batch.reject);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
