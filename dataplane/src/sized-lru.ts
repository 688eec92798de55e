/**
 * A map bounded by its count of entries and by the sum of their sizes (bytes they hold), least recently used out
 * first: Map keeps insertion order, so a use moves an entry to the end and the oldest come first.
 */
export class SizedLru<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  #bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  /** The value under `key`, now the most recently used, or undefined. */
  get(key: string): V | undefined {
    const e = this.#entries.get(key);
    if (e === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.value;
  }

  /** Puts `value` under `key` (replacing what was), then drops the least recently used past the bounds; a value larger than `maxBytes` alone is not kept, and what was under `key` goes. */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.maxBytes) return;
    this.#entries.set(key, { value, size });
    this.#bytes += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const e = this.#entries.get(key);
    if (e === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= e.size;
  }

  get size(): number {
    return this.#entries.size;
  }
}
