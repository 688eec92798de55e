/** A member of a SweepList: the list keeps its position in the member itself. */
export interface SweepMember {
  /** Index in the list's array, -1 when not in a list (a member is in one list at a time). Only the list writes it. */
  sweepSlot: number;
}

/**
 * The requests a periodic sweep walks (upstream exchanges for their timeouts, request bodies for their idle
 * timeout): add and remove in O(1), walk in any order. A long-lived Set would do the job, but V8 links a Set's or
 * Map's replaced hash table to its successor (for iterators), and a churning Set replaces its table every few
 * hundred removals: once one table has reached the old generation, each later table, and every request it ever
 * held, was kept alive through the scavenges until a full collection. Under load the upstream client's Set made
 * 14-16 % of all a data plane (or the bare relay) allocated survive into the old generation; with this list and
 * the body watch's, 7-8 % (docs/performance.md). An array whose slots are overwritten holds nothing after a
 * member leaves it.
 */
export class SweepList<T extends SweepMember> {
  #items: T[] = [];

  get size(): number {
    return this.#items.length;
  }

  has(m: T): boolean {
    return m.sweepSlot >= 0 && this.#items[m.sweepSlot] === m;
  }

  add(m: T): void {
    if (this.has(m)) return;
    m.sweepSlot = this.#items.push(m) - 1;
  }

  delete(m: T): void {
    if (!this.has(m)) return;
    const last = this.#items.pop()!;
    if (last !== m) {
      this.#items[m.sweepSlot] = last;
      last.sweepSlot = m.sweepSlot;
    }
    m.sweepSlot = -1;
  }

  /** Calls `visit` once for each member present when the walk began and still present when reached. */
  forEach(visit: (m: T) => void): void {
    const members = this.#items.slice();
    for (const m of members) if (this.has(m)) visit(m);
  }
}
