import { ownRequestCounter } from "../http/request-id.ts";

/**
 * Money this replica knows about that the snapshot's balances do not include yet: open reservations of
 * requests in flight, and usage events sent to the control plane but not yet reported back as applied.
 * Amounts are micro-USD. Totals per org and per key are kept incrementally so admission is O(1).
 */
export interface Reservation {
  readonly micros: number;
  released: boolean;
  /** The sums it was counted in: releasing it, and recording its usage, touch them without looking them up. */
  readonly org: OrgSums;
  readonly key: KeySums;
}

interface PendingEvent {
  orgId: string;
  keyId: string;
  micros: number;
  month: string;
}

/**
 * An organization's money outstanding, and the reservations open against it (while any is, the entry is kept).
 * One object per org and per key, found once a request and then held by its reservation and its pending event:
 * summed by id in Maps instead, a request's reserve, release, pending record and applied mark were ~27 lookups by
 * string, a third of the tracker's ~1 µs a request in a loop (docs/performance.md).
 */
class OrgSums {
  outstanding = 0;
  holds = 0;

  get idle(): boolean {
    return this.outstanding === 0 && this.holds === 0;
  }
}

/** Pending usage of one key dated in one month. */
interface MonthSum {
  month: string;
  micros: number;
}

class KeySums {
  reserved = 0;
  pending = 0;
  holds = 0;
  /** Pending usage by month, so last month's never counts against this month's budget: one cell, two at a turn. */
  readonly months: MonthSum[] = [];

  monthPending(month: string): number {
    for (const m of this.months) if (m.month === month) return m.micros;
    return 0;
  }

  /** The month's cell; a cell whose sum is back at zero is taken over (no pending event still counts in it). */
  monthSum(month: string): MonthSum {
    let empty: MonthSum | undefined;
    for (const m of this.months) {
      if (m.month === month) return m;
      if (m.micros === 0) empty ??= m;
    }
    if (empty === undefined) this.months.push((empty = { month, micros: 0 }));
    else empty.month = month;
    return empty;
  }

  get idle(): boolean {
    return this.reserved === 0 && this.pending === 0 && this.holds === 0 && this.months.every((m) => m.micros === 0);
  }
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
  readonly #orgs = new Sums(() => new OrgSums());
  readonly #keys = new Sums(() => new KeySums());
  /** Slots by the low 30 bits of the request id's counter (a small integer key); the rest of it in #high. */
  readonly #byCounter = new Map<number, number>();
  /** Slots of ids that are not this process's request ids, or whose low bits another pending event holds. */
  readonly #byId = new Map<string, number>();
  // a pending event's fields by slot; #high is -1 for a slot found by id
  #high: number[] = [];
  #micros: number[] = [];
  #org: OrgSums[] = [];
  #key: KeySums[] = [];
  #month: MonthSum[] = [];
  readonly #free: number[] = [];
  #openReservations = 0;

  reserve(orgId: string, keyId: string, micros: number): Reservation {
    const org = this.#orgs.of(orgId);
    const key = this.#keys.of(keyId);
    org.outstanding += micros;
    org.holds++;
    key.reserved += micros;
    key.holds++;
    this.#openReservations++;
    return { micros, released: false, org, key };
  }

  /** Idempotent: every exit path of a request may call it. */
  release(r: Reservation): void {
    if (r.released) return;
    r.released = true;
    r.org.outstanding -= r.micros;
    r.org.holds--;
    r.key.reserved -= r.micros;
    r.key.holds--;
    this.#openReservations--;
  }

  recordPending(eventId: string, e: PendingEvent): void {
    this.#record(eventId, this.#orgs.of(e.orgId), this.#keys.of(e.keyId), e.micros, e.month);
  }

  /**
   * As recordPending, for the usage of a request admitted with `r`, not yet released: counted against the org and
   * key it was reserved from, which the reservation holds.
   */
  recordPendingOf(r: Reservation, eventId: string, micros: number, month: string): void {
    this.#record(eventId, r.org, r.key, micros, month);
  }

  #record(eventId: string, org: OrgSums, key: KeySums, micros: number, month: string): void {
    const counter = ownRequestCounter(eventId);
    if (this.#slotOf(eventId, counter) !== undefined) return;
    const inMonth = key.monthSum(month);
    const slot = this.#free.pop() ?? this.#high.length;
    const low = counter % COUNTER_KEYS;
    if (counter >= 0 && !this.#byCounter.has(low)) {
      this.#byCounter.set(low, slot);
      this.#high[slot] = Math.floor(counter / COUNTER_KEYS);
    } else {
      this.#byId.set(eventId, slot);
      this.#high[slot] = -1;
    }
    this.#micros[slot] = micros;
    this.#org[slot] = org;
    this.#key[slot] = key;
    this.#month[slot] = inMonth;
    org.outstanding += micros;
    key.pending += micros;
    inMonth.micros += micros;
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
      this.#org[slot]!.outstanding -= micros;
      this.#key[slot]!.pending -= micros;
      this.#month[slot]!.micros -= micros;
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
    const micros: number[] = [];
    const org: OrgSums[] = [];
    const key: KeySums[] = [];
    const month: MonthSum[] = [];
    const move = <K>(index: Map<K, number>) => {
      for (const [k, slot] of index) {
        index.set(k, high.length);
        high.push(this.#high[slot]!);
        micros.push(this.#micros[slot]!);
        org.push(this.#org[slot]!);
        key.push(this.#key[slot]!);
        month.push(this.#month[slot]!);
      }
    };
    move(this.#byCounter);
    move(this.#byId);
    this.#high = high;
    this.#micros = micros;
    this.#org = org;
    this.#key = key;
    this.#month = month;
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
    return this.#orgs.get(orgId)?.outstanding ?? 0;
  }

  /** Reservations plus pending usage of the key in every month: what a total budget must also cover. */
  keyOutstanding(keyId: string): number {
    const k = this.#keys.get(keyId);
    return k === undefined ? 0 : k.reserved + k.pending;
  }

  /** Reservations plus pending usage of the key dated in `month`: what a monthly budget must also cover. */
  keyOutstandingInMonth(keyId: string, month: string): number {
    const k = this.#keys.get(keyId);
    return k === undefined ? 0 : k.reserved + k.monthPending(month);
  }

  /** Pending usage of the key in every month (no reservations). */
  keyPendingTotal(keyId: string): number {
    return this.#keys.get(keyId)?.pending ?? 0;
  }

  /** Pending usage only (no reservations): spend the key has made that the snapshot does not show yet. */
  keyPendingInMonth(keyId: string, month: string): number {
    return this.#keys.get(keyId)?.monthPending(month) ?? 0;
  }

  get pendingEvents(): number {
    return this.#byCounter.size + this.#byId.size;
  }

  get openReservations(): number {
    return this.#openReservations;
  }
}

/** Floor of the size at which a Sums drops its idle entries. */
const PRUNE_FLOOR = 1024;

/**
 * Entries by id. An entry whose sums return to zero stays until the map has doubled: every request reserves and
 * releases, and deleting at zero made these long-lived Maps churn. A churning Map replaces its hash table every
 * few hundred changes, and V8 links each replaced table to the next; once one is in the old generation the chain
 * survives the scavenges until a full collection (see sweep-list.ts). Dropping the idle ones builds a new Map once
 * in a while instead. An entry dropped is one nothing counts in any more: no open reservation holds it and no
 * pending event is summed in it, so a reservation released before still pointing at it changes nothing.
 */
class Sums<T extends { readonly idle: boolean }> {
  #entries = new Map<string, T>();
  #pruneAt = PRUNE_FLOOR;
  readonly #make: () => T;

  constructor(make: () => T) {
    this.#make = make;
  }

  get(id: string): T | undefined {
    return this.#entries.get(id);
  }

  of(id: string): T {
    let e = this.#entries.get(id);
    if (e === undefined) {
      if (this.#entries.size >= this.#pruneAt) this.#prune();
      this.#entries.set(id, (e = this.#make()));
    }
    return e;
  }

  #prune(): void {
    const kept = new Map<string, T>();
    for (const [k, e] of this.#entries) if (!e.idle) kept.set(k, e);
    this.#entries = kept;
    this.#pruneAt = Math.max(PRUNE_FLOOR, 2 * kept.size);
  }
}
