import { ownRequestCounter } from "../http/request-id.ts";

/**
 * Money this replica knows about that the snapshot's balances do not include yet: open reservations of
 * requests in flight, and usage events sent to the control plane but not yet reported back as applied.
 * Amounts are micro-USD. Totals per org and per key are kept incrementally so admission is O(1).
 */
export interface Reservation {
  readonly orgId: string;
  readonly keyId: string;
  readonly micros: number;
  released: boolean;
}

interface PendingEvent {
  orgId: string;
  keyId: string;
  micros: number;
  month: string;
}

/**
 * Pending events are kept in arrays by slot, found by their request id's counter (a small integer) or, for an id
 * this process did not make, by the id: an object and a map entry keyed by a string for each, kept until the control
 * plane reported it applied (tens of milliseconds under load), were most of what V8 promoted out of its young
 * generation, ~44 KB each scavenge at c=32 (docs/performance.md).
 */
const COUNTER_KEYS = 2 ** 30;
/** Free slots from which the arrays are compacted, when also three times the pending events. */
const COMPACT_FLOOR = 4096;

export class SpendTracker {
  readonly #orgOutstanding = new Tally();
  readonly #keyReserved = new Tally();
  readonly #keyPending = new Tally();
  /**
   * Pending usage per month and key, so last month's usage never counts against this month's budget. By month
   * first: the keys' ids and the month are strings the snapshot and utcMonth keep, whose hashes V8 keeps with them,
   * where a joined `key|month` was a new string to build and hash at every request and every applied event.
   */
  readonly #keyMonthPending = new Map<string, Tally>();
  /** Slots by the low 30 bits of the request id's counter (a small integer key); the rest of it in #high. */
  readonly #byCounter = new Map<number, number>();
  /** Slots of ids that are not this process's request ids, or whose low bits another pending event holds. */
  readonly #byId = new Map<string, number>();
  // a pending event's fields by slot; #high is -1 for a slot found by id
  #high: number[] = [];
  #orgIds: string[] = [];
  #keyIds: string[] = [];
  #micros: number[] = [];
  #inMonth: Tally[] = [];
  readonly #free: number[] = [];
  #openReservations = 0;

  reserve(orgId: string, keyId: string, micros: number): Reservation {
    this.#orgOutstanding.add(orgId, micros);
    this.#keyReserved.add(keyId, micros);
    this.#openReservations++;
    return { orgId, keyId, micros, released: false };
  }

  /** Idempotent: every exit path of a request may call it. */
  release(r: Reservation): void {
    if (r.released) return;
    r.released = true;
    this.#orgOutstanding.add(r.orgId, -r.micros);
    this.#keyReserved.add(r.keyId, -r.micros);
    this.#openReservations--;
  }

  recordPending(eventId: string, e: PendingEvent): void {
    const counter = ownRequestCounter(eventId);
    if (this.#slotOf(eventId, counter) !== undefined) return;
    const inMonth = this.#month(e.month);
    const slot = this.#free.pop() ?? this.#high.length;
    const low = counter % COUNTER_KEYS;
    if (counter >= 0 && !this.#byCounter.has(low)) {
      this.#byCounter.set(low, slot);
      this.#high[slot] = Math.floor(counter / COUNTER_KEYS);
    } else {
      this.#byId.set(eventId, slot);
      this.#high[slot] = -1;
    }
    this.#orgIds[slot] = e.orgId;
    this.#keyIds[slot] = e.keyId;
    this.#micros[slot] = e.micros;
    this.#inMonth[slot] = inMonth;
    this.#orgOutstanding.add(e.orgId, e.micros);
    this.#keyPending.add(e.keyId, e.micros);
    inMonth.add(e.keyId, e.micros);
  }

  /** The control plane reports these events as included in the balances it publishes. */
  markApplied(eventIds: Iterable<string>): void {
    for (const id of eventIds) {
      const counter = ownRequestCounter(id);
      const slot = this.#slotOf(id, counter);
      if (slot === undefined) continue;
      if (this.#high[slot]! >= 0) this.#byCounter.delete(counter % COUNTER_KEYS);
      else this.#byId.delete(id);
      const micros = this.#micros[slot]!;
      const keyId = this.#keyIds[slot]!;
      this.#orgOutstanding.add(this.#orgIds[slot]!, -micros);
      this.#keyPending.add(keyId, -micros);
      this.#inMonth[slot]!.add(keyId, -micros);
      this.#free.push(slot);
    }
    if (this.#free.length >= COMPACT_FLOOR && this.#free.length > 3 * this.pendingEvents) this.#compact();
  }

  /**
   * Moves the pending events into the first slots and lets the arrays go back to that size: after the ledger fell
   * behind (up to SVC_USAGE_PENDING_MAX_EVENTS pending), they would otherwise stay at their largest.
   */
  #compact(): void {
    const high: number[] = [];
    const orgIds: string[] = [];
    const keyIds: string[] = [];
    const micros: number[] = [];
    const inMonth: Tally[] = [];
    const move = <K>(index: Map<K, number>) => {
      for (const [k, slot] of index) {
        index.set(k, high.length);
        high.push(this.#high[slot]!);
        orgIds.push(this.#orgIds[slot]!);
        keyIds.push(this.#keyIds[slot]!);
        micros.push(this.#micros[slot]!);
        inMonth.push(this.#inMonth[slot]!);
      }
    };
    move(this.#byCounter);
    move(this.#byId);
    this.#high = high;
    this.#orgIds = orgIds;
    this.#keyIds = keyIds;
    this.#micros = micros;
    this.#inMonth = inMonth;
    this.#free.length = 0;
  }

  /** The slot of the pending event `id` (whose counter is `counter`, -1 when not this process's), if pending. */
  #slotOf(id: string, counter: number): number | undefined {
    if (counter >= 0) {
      const slot = this.#byCounter.get(counter % COUNTER_KEYS);
      if (slot !== undefined && this.#high[slot] === Math.floor(counter / COUNTER_KEYS)) return slot;
    }
    return this.#byId.size === 0 ? undefined : this.#byId.get(id);
  }

  orgOutstanding(orgId: string): number {
    return this.#orgOutstanding.get(orgId);
  }

  /** Reservations plus pending usage of the key in every month: what a total budget must also cover. */
  keyOutstanding(keyId: string): number {
    return this.#keyReserved.get(keyId) + this.#keyPending.get(keyId);
  }

  /** Reservations plus pending usage of the key dated in `month`: what a monthly budget must also cover. */
  keyOutstandingInMonth(keyId: string, month: string): number {
    return this.#keyReserved.get(keyId) + this.keyPendingInMonth(keyId, month);
  }

  /** Pending usage of the key in every month (no reservations). */
  keyPendingTotal(keyId: string): number {
    return this.#keyPending.get(keyId);
  }

  /** Pending usage only (no reservations): spend the key has made that the snapshot does not show yet. */
  keyPendingInMonth(keyId: string, month: string): number {
    return this.#keyMonthPending.get(month)?.get(keyId) ?? 0;
  }

  /** The month's tally (one a month the process has metered: a dozen a year). */
  #month(month: string): Tally {
    let t = this.#keyMonthPending.get(month);
    if (t === undefined) this.#keyMonthPending.set(month, (t = new Tally()));
    return t;
  }

  get pendingEvents(): number {
    return this.#byCounter.size + this.#byId.size;
  }

  get openReservations(): number {
    return this.#openReservations;
  }
}

/** Floor of the size at which a Tally drops its zero sums. */
const PRUNE_FLOOR = 1024;

/**
 * Sums per id. An id whose sum returns to zero keeps its entry until the map has doubled: every request reserves
 * and releases, and deleting at zero made these long-lived Maps churn. A churning Map replaces its hash table
 * every few hundred changes, and V8 links each replaced table to the next; once one is in the old generation the
 * chain survives the scavenges until a full collection (see sweep-list.ts). Dropping the zeros builds a new Map
 * once in a while instead.
 */
class Tally {
  #sums = new Map<string, number>();
  #pruneAt = PRUNE_FLOOR;

  get(k: string): number {
    return this.#sums.get(k) ?? 0;
  }

  add(k: string, v: number): void {
    this.#sums.set(k, (this.#sums.get(k) ?? 0) + v);
    if (this.#sums.size >= this.#pruneAt) this.#prune();
  }

  #prune(): void {
    const kept = new Map<string, number>();
    for (const [k, v] of this.#sums) if (v !== 0) kept.set(k, v);
    this.#sums = kept;
    this.#pruneAt = Math.max(PRUNE_FLOOR, 2 * kept.size);
  }
}
