import type { ToolEntries } from "../providers/shared/tools-aside.ts";
import { SizedLru } from "../sized-lru.ts";

/** What an adapter wrote for a client's tools: its entries as UTF-8, without their array's brackets, and their names. */
export interface RememberedTools {
  readonly json: Buffer;
  readonly names: readonly string[];
}

interface Entry extends RememberedTools {
  readonly bytes: Buffer;
}

/**
 * The tools an adapter wrote for each key's recent requests, by the client's bytes of `tools`: a coding agent sends
 * the same ~40 KB of tool schemas on every turn of a session, and parsing, checking and writing them again was ~40 %
 * of a translated turn's request side (docs/performance.md). An entry is found only by the exact bytes (compared
 * whole, no hash to collide), and only for the key that sent them: what one key's requests hold never makes
 * another key's faster, so the time of an answer tells no one what another key sent. Least recently used entries
 * go first, past `maxEntries` or `maxBytes` (the bytes and the entries written, together).
 */
export class ToolsMemo {
  readonly #entries: SizedLru<Entry>;

  constructor(maxEntries: number, maxBytes: number) {
    this.#entries = new SizedLru(maxEntries, maxBytes);
  }

  /** What was written for exactly these bytes of `tools` from this key, or undefined. */
  get(scope: string, tools: Buffer): RememberedTools | undefined {
    const e = this.#entries.get(slotOf(scope, tools));
    return e !== undefined && e.bytes.equals(tools) ? e : undefined;
  }

  /** Keeps what the adapter wrote for these bytes of `tools` from this key (a copy of them); returns it. */
  set(scope: string, tools: Buffer, written: ToolEntries): RememberedTools {
    // the array's bytes, less its brackets: the entries go in where the adapter wrote one element
    const array = Buffer.from(written.json);
    const entry: Entry = { bytes: Buffer.from(tools), json: array.subarray(1, array.length - 1), names: written.names };
    this.#entries.set(slotOf(scope, tools), entry, tools.length + array.length);
    return entry;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** One entry per key and length: a key's session changing its tools replaces what it had at that length. */
function slotOf(scope: string, tools: Buffer): string {
  return `${tools.length} ${scope}`;
}
