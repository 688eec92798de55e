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

export class SpendTracker {
  readonly #orgOutstanding = new Map<string, number>();
  readonly #keyReserved = new Map<string, number>();
  readonly #keyPending = new Map<string, number>();
  /** Pending usage per key and month, so last month's usage never counts against this month's budget. */
  readonly #keyMonthPending = new Map<string, number>();
  readonly #pending = new Map<string, PendingEvent>();
  #openReservations = 0;
  readonly #months = new Map<string, string>();

  reserve(orgId: string, keyId: string, micros: number): Reservation {
    add(this.#orgOutstanding, orgId, micros);
    add(this.#keyReserved, keyId, micros);
    this.#openReservations++;
    return { orgId, keyId, micros, released: false };
  }

  /** Idempotent: every exit path of a request may call it. */
  release(r: Reservation): void {
    if (r.released) return;
    r.released = true;
    add(this.#orgOutstanding, r.orgId, -r.micros);
    add(this.#keyReserved, r.keyId, -r.micros);
    this.#openReservations--;
  }

  recordPending(eventId: string, e: PendingEvent): void {
    if (this.#pending.has(eventId)) return;
    // up to SVC_USAGE_PENDING_MAX_EVENTS of these: a plain object of four fields and one shared month string keep
    // each small (a spread copy holding a sliced date string took over 400 bytes)
    this.#pending.set(eventId, { orgId: e.orgId, keyId: e.keyId, micros: e.micros, month: this.#shared(e.month) });
    add(this.#orgOutstanding, e.orgId, e.micros);
    add(this.#keyPending, e.keyId, e.micros);
    add(this.#keyMonthPending, `${e.keyId}|${e.month}`, e.micros);
  }

  /** The control plane reports these events as included in the balances it publishes. */
  markApplied(eventIds: Iterable<string>): void {
    for (const id of eventIds) {
      const e = this.#pending.get(id);
      if (!e) continue;
      this.#pending.delete(id);
      add(this.#orgOutstanding, e.orgId, -e.micros);
      add(this.#keyPending, e.keyId, -e.micros);
      add(this.#keyMonthPending, `${e.keyId}|${e.month}`, -e.micros);
    }
  }

  orgOutstanding(orgId: string): number {
    return this.#orgOutstanding.get(orgId) ?? 0;
  }

  /** Reservations plus pending usage of the key in every month: what a total budget must also cover. */
  keyOutstanding(keyId: string): number {
    return (this.#keyReserved.get(keyId) ?? 0) + (this.#keyPending.get(keyId) ?? 0);
  }

  /** Reservations plus pending usage of the key dated in `month`: what a monthly budget must also cover. */
  keyOutstandingInMonth(keyId: string, month: string): number {
    return (this.#keyReserved.get(keyId) ?? 0) + (this.#keyMonthPending.get(`${keyId}|${month}`) ?? 0);
  }

  /** Pending usage of the key in every month (no reservations). */
  keyPendingTotal(keyId: string): number {
    return this.#keyPending.get(keyId) ?? 0;
  }

  /** Pending usage only (no reservations): spend the key has made that the snapshot does not show yet. */
  keyPendingInMonth(keyId: string, month: string): number {
    return this.#keyMonthPending.get(`${keyId}|${month}`) ?? 0;
  }

  #shared(month: string): string {
    const known = this.#months.get(month);
    if (known !== undefined) return known;
    this.#months.set(month, month);
    return month;
  }

  get pendingEvents(): number {
    return this.#pending.size;
  }

  get openReservations(): number {
    return this.#openReservations;
  }
}

function add(m: Map<string, number>, k: string, v: number): void {
  const next = (m.get(k) ?? 0) + v;
  if (next === 0) m.delete(k);
  else m.set(k, next);
}
