import { pb } from "../../../proto/messages.ts";
import type { UsageEvent } from "../../../proto/messages.ts";
import type { Transport } from "../../../proto/transport.ts";
import { encodeUsageEvent } from "../../../proto/usage-event-encode.ts";
import { beforeTurnEndWrites } from "../turn-end.ts";
import { FRAME_BYTES } from "./spool-records.ts";
import type { Segment, Spool } from "./spool.ts";

const REPLAY_EVERY_MS = 1_000;
/** Leftovers of replicas that died beside this one are looked for this often (in ticks). */
const CLAIM_EVERY_TICKS = 10;

export interface PublisherLimits {
  /** Events handed to the bus and not yet answered; beyond it new events wait (below). */
  maxInFlight: number;
  /**
   * Events written to the spool while `maxInFlight` were out, kept in memory to be handed over as the bus answers;
   * beyond it they wait in the spool only, to be read back and sent again.
   */
  maxWaiting: number;
  /** Events kept in memory because the disk refused them; at the bound `fullReason` is "memory_full". */
  maxMemoryBytes: number;
}

// 16,384 waiting events hold ~3 MB (each a view of the slab it was encoded in, usage-event-encode.ts)
export const DEFAULT_PUBLISHER_LIMITS: PublisherLimits = Object.freeze({ maxInFlight: 4_096, maxWaiting: 16_384, maxMemoryBytes: 16 * 1024 * 1024 });

/** Why this replica cannot take on more usage safely. */
export type UsageBacklogFull = "spool_full" | "memory_full";

/**
 * Sends usage events to the control plane off the request path; nothing on a request awaits the bus. Each event
 * is first written to the spool (so a crash cannot lose it), then handed to the bus; what the bus does not store
 * is sent again from the spool until it is. The event id makes a repeat harmless.
 *
 * Every queue is bounded: events in flight to the bus (`maxInFlight`), events waiting for room among them
 * (`maxWaiting`, then they wait on disk only), the spool (`Spool.maxBytes`) and events held in memory while the disk
 * refuses writes (`maxMemoryBytes`). At the last two bounds `fullReason` says so and admission refuses new billable
 * requests: nothing served goes unbilled.
 */
export class UsagePublisher {
  readonly #transport: Transport;
  readonly #spool: Spool;
  readonly #limits: PublisherLimits;
  #inFlight = 0;
  /** Events the disk refused; sent from here, kept until the bus stores them. */
  #memory: { id: string; bytes: Uint8Array }[] = [];
  #memoryBytes = 0;
  #timer: NodeJS.Timeout;
  #ticks = 0;
  #replaying: Promise<void> | undefined;
  #closed = false;
  /** Events published in this turn of the event loop, not yet written (see publish). */
  #turn: { id: string; bytes: Uint8Array }[] = [];
  /** What they will take in the spool: counted against its bound already, so a turn cannot overrun it. */
  #turnBytes = 0;
  /** The events of the latest bus answer still awaited (see #handOver). */
  #group: { answer: Promise<void>; segs: Segment[] } | undefined;
  /**
   * Events in the spool waiting for room among those in flight, oldest first from `#waitingHead`: counted in flight
   * by their segments, so none is read back while it waits. Marked not stored instead, each would have its whole
   * segment read back, decoded and sent again, the events the bus had already stored with it: under a ledger that
   * fell behind for a moment (embedded mode at c=32), ~7 % of the events went over the bound and four times as
   * many were sent again (docs/performance.md).
   */
  #waiting: ({ id: string; bytes: Uint8Array; seg: Segment } | undefined)[] = [];
  #waitingHead = 0;

  constructor(transport: Transport, spool: Spool, limits: PublisherLimits = DEFAULT_PUBLISHER_LIMITS) {
    this.#transport = transport;
    this.#spool = spool;
    this.#limits = limits;
    this.#timer = setInterval(() => {
      if (++this.#ticks % CLAIM_EVERY_TICKS === 0) this.#spool.claimLeftovers();
      void this.replay();
    }, REPLAY_EVERY_MS);
    this.#timer.unref();
    setImmediate(() => void this.replay());
  }

  /**
   * Takes an event of a request served (or being answered) in this turn of the event loop. The turn's events go
   * to the spool in one write at its end, before any of its answers leave (turn-end.ts): a write per event cost a
   * data plane up to ~6 µs a request at 32 concurrent (docs/performance.md).
   */
  publish(event: UsageEvent): void {
    const bytes = encodeUsageEvent(event);
    this.#turnBytes += FRAME_BYTES + bytes.length;
    if (this.#turn.push({ id: event.id ?? "", bytes }) === 1) beforeTurnEndWrites(this.#writeTurn);
  }

  /** Writes the turn's events to the spool, then hands each to the bus (or keeps it, when the disk refused them). */
  readonly #writeTurn = (): void => {
    const events = this.#turn;
    if (events.length === 0) return;
    this.#turn = [];
    this.#turnBytes = 0;
    const seg = this.#spool.appendAll(events.map((e) => e.bytes));
    for (const e of events) {
      if (!seg) this.#keepInMemory(e.id, e.bytes);
      else if (this.#canSend() && this.#waitingCount === 0) this.#handOver(e.id, e.bytes, seg);
      else if (this.#transport.connected && this.#waitingCount < this.#limits.maxWaiting) this.#waiting.push({ id: e.id, bytes: e.bytes, seg });
      else this.#spool.notStored(seg);
    }
  };

  get #waitingCount(): number {
    return this.#waiting.length - this.#waitingHead;
  }

  /** Hands waiting events over while there is room; while the bus is away they are left to the spool's replay. */
  #handOverWaiting(): void {
    // closed: what still waits is in the spool, for the next process (a late answer must not send more now)
    if (this.#closed) return;
    const waiting = this.#waiting;
    while (this.#waitingHead < waiting.length) {
      const connected = this.#transport.connected;
      if (connected && this.#inFlight >= this.#limits.maxInFlight) {
        // what was handed over leaves holes at the front: dropped once they are half the array
        if (this.#waitingHead >= 1024 && 2 * this.#waitingHead >= waiting.length) {
          this.#waiting = waiting.slice(this.#waitingHead);
          this.#waitingHead = 0;
        }
        return;
      }
      const w = waiting[this.#waitingHead]!;
      waiting[this.#waitingHead++] = undefined;
      if (connected) this.#handOver(w.id, w.bytes, w.seg);
      else this.#spool.notStored(w.seg);
    }
    this.#waiting = [];
    this.#waitingHead = 0;
  }

  #handOver(id: string, bytes: Uint8Array, seg: Segment): void {
    this.#inFlight++;
    let answer: Promise<void>;
    try {
      answer = this.#transport.publishDurable(bytes, id);
    } catch (err) {
      answer = Promise.reject(err);
    }
    // a bus that batches answers a whole batch with one promise: one callback per batch, not one per event
    let group = this.#group;
    if (group === undefined || group.answer !== answer) {
      const segs: Segment[] = [];
      group = this.#group = { answer, segs };
      answer.then(
        () => this.#settle(segs, true),
        () => this.#settle(segs, false),
      );
    }
    group.segs.push(seg);
  }

  #settle(segs: Segment[], stored: boolean): void {
    if (this.#group?.segs === segs) this.#group = undefined;
    this.#inFlight -= segs.length;
    for (const seg of segs) {
      if (stored) this.#spool.stored(seg);
      else this.#spool.notStored(seg);
    }
    if (this.#waitingCount > 0) this.#handOverWaiting();
  }

  /** Events accepted but not yet stored by the bus (in flight, waiting in the spool, or held in memory). */
  get unsent(): number {
    return this.#turn.length + this.#inFlight + this.#waitingCount + this.#spool.unsent + this.#memory.length;
  }

  /** Bytes of events held in memory because the disk refused them. */
  get memoryBytes(): number {
    return this.#memoryBytes;
  }

  get fullReason(): UsageBacklogFull | undefined {
    if (this.#spool.bytes + this.#turnBytes >= this.#spool.maxBytes) return "spool_full";
    if (this.#memoryBytes >= this.#limits.maxMemoryBytes) return "memory_full";
    return undefined;
  }

  /** Sends again what the bus did not store, once it is reachable. One pass at a time. */
  replay(): Promise<void> {
    this.#replaying ??= this.#replayOnce().finally(() => {
      this.#replaying = undefined;
    });
    return this.#replaying;
  }

  async #replayOnce(): Promise<void> {
    this.#spool.tick(Date.now());
    // the bus went away while events waited for room (no answer came to hand them over): their segments replay them
    if (this.#waitingCount > 0 && (!this.#transport.connected || this.#inFlight === 0)) this.#handOverWaiting();
    if (this.#closed || !this.#transport.connected) return;
    await this.#resendMemory();
    for (const seg of this.#spool.toReplay()) {
      if (this.#closed || !this.#transport.connected) return;
      const records = this.#spool.startReplay(seg);
      let failed = 0;
      for (let at = 0; at < records.length; at += this.#limits.maxInFlight) {
        if (failed > 0 || !this.#transport.connected) {
          // the bus is failing again: the rest stays on disk for the next pass instead of timing out one by one
          failed += records.length - at;
          break;
        }
        const sent = await Promise.all(records.slice(at, at + this.#limits.maxInFlight).map((r) => this.#sendRecord(r)));
        failed += sent.filter((ok) => !ok).length;
      }
      this.#spool.finishReplay(seg, failed);
      if (failed > 0) return;
    }
  }

  /** Events the disk refused: written to the spool once it takes them again, or sent from memory meanwhile. */
  async #resendMemory(): Promise<void> {
    const waiting = this.#memory;
    this.#memory = [];
    this.#memoryBytes = 0;
    const direct: { id: string; bytes: Uint8Array }[] = [];
    for (const e of waiting) {
      const seg = this.#spool.append(e.bytes);
      if (seg) this.#spool.notStored(seg);
      else direct.push(e);
    }
    const sent = await Promise.all(direct.map((e) => (this.#canSend() ? this.#send(e.id, e.bytes) : Promise.resolve(false))));
    direct.forEach((e, i) => {
      if (!sent[i]) this.#keepInMemory(e.id, e.bytes);
    });
  }

  #keepInMemory(id: string, given: Uint8Array): void {
    // its own copy: an event's bytes are a view of a slab of many (usage-event-encode.ts), and one kept here for long
    // would keep the whole slab, far more than memoryBytes counts
    const bytes = new Uint8Array(given);
    this.#memory.push({ id, bytes });
    this.#memoryBytes += bytes.length;
    if (this.#canSend()) {
      const e = this.#memory[this.#memory.length - 1]!;
      void this.#send(id, bytes).then((ok) => {
        if (!ok) return;
        const at = this.#memory.indexOf(e);
        if (at === -1) return;
        this.#memory.splice(at, 1);
        this.#memoryBytes -= bytes.length;
      });
    }
  }

  #canSend(): boolean {
    return this.#transport.connected && this.#inFlight < this.#limits.maxInFlight;
  }

  #sendRecord(bytes: Uint8Array): Promise<boolean> {
    let id: string;
    try {
      id = pb.UsageEvent.decode(bytes).id ?? "";
    } catch {
      return Promise.resolve(true); // not an event: nothing to bill from it
    }
    return this.#send(id, bytes);
  }

  /** Resolves true once the bus stored the event, false when it did not. Never rejects. */
  #send(id: string, bytes: Uint8Array): Promise<boolean> {
    this.#inFlight++;
    return this.#transport.publishDurable(bytes, id).then(
      () => {
        this.#inFlight--;
        return true;
      },
      () => {
        this.#inFlight--;
        return false;
      },
    );
  }

  /** Waits (bounded) until every accepted event is stored. */
  async flush(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.unsent > 0 && Date.now() < deadline) {
      await this.replay();
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.unsent === 0;
  }

  /** Flushes (bounded); whatever the bus still has not taken stays in the spool for the next process. */
  async close(timeoutMs = 5_000): Promise<void> {
    this.#writeTurn();
    await this.flush(timeoutMs);
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#replaying;
    // last chance for events the disk refused earlier: on disk they outlive this process
    for (const e of this.#memory) this.#spool.append(e.bytes);
    this.#spool.close();
  }
}
