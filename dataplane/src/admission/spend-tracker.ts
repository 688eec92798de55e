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

/** A pending event as kept: its month's tally in place of the month, so applying it finds that without a lookup. */
interface KeptEvent {
  orgId: string;
  keyId: string;
  micros: number;
  inMonth: Tally;
}

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
  readonly #pending = new Map<string, KeptEvent>();
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
    if (this.#pending.has(eventId)) return;
    const inMonth = this.#month(e.month);
    // up to SVC_USAGE_PENDING_MAX_EVENTS of these: a plain object of four fields, the month's tally shared, keeps
    // each small (a spread copy holding a sliced date string took over 400 bytes)
    this.#pending.set(eventId, { orgId: e.orgId, keyId: e.keyId, micros: e.micros, inMonth });
    this.#orgOutstanding.add(e.orgId, e.micros);
    this.#keyPending.add(e.keyId, e.micros);
    inMonth.add(e.keyId, e.micros);
  }

  /** The control plane reports these events as included in the balances it publishes. */
  markApplied(eventIds: Iterable<string>): void {
    for (const id of eventIds) {
      const e = this.#pending.get(id);
      if (!e) continue;
      this.#pending.delete(id);
      this.#orgOutstanding.add(e.orgId, -e.micros);
      this.#keyPending.add(e.keyId, -e.micros);
      e.inMonth.add(e.keyId, -e.micros);
    }
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
    return this.#pending.size;
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
