/**
 * Values made from a key id and up to four texts that repeat from request to request (the key's org, the model, the
 * provider, the route), kept by key id and found again by comparing the texts: the same string objects each time,
 * so a comparison is a pointer's. For text a hot path would otherwise write a character at a time for every request
 * (a usage event's fields, an access line's). Bounded: past `max` values it starts again empty.
 */
export class PerKeyMemo<T> {
  readonly #byKey = new Map<string, Entry<T>[]>();
  readonly #max: number;
  #count = 0;

  constructor(max: number) {
    this.#max = max;
  }

  get(keyId: string, a: string, b: string, c: string, d: string): T | undefined {
    const entries = this.#byKey.get(keyId);
    if (entries === undefined) return undefined;
    for (const e of entries) if (e.a === a && e.b === b && e.c === c && e.d === d) return e.value;
    return undefined;
  }

  set(keyId: string, a: string, b: string, c: string, d: string, value: T): void {
    if (this.#count >= this.#max) {
      this.#byKey.clear();
      this.#count = 0;
    }
    const entry: Entry<T> = { a, b, c, d, value };
    const entries = this.#byKey.get(keyId);
    if (entries === undefined) this.#byKey.set(keyId, [entry]);
    else entries.push(entry);
    this.#count++;
  }
}

interface Entry<T> {
  readonly a: string;
  readonly b: string;
  readonly c: string;
  readonly d: string;
  readonly value: T;
}
