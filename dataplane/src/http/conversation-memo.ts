import { arrayEndFrom } from "../providers/shared/json-bytes.ts";

/** A key's last conversation as scanned: its bytes (from its `[`), the ends of its elements, the depth allowed. */
interface Seen {
  readonly bytes: Buffer;
  readonly points: readonly number[];
  readonly maxDepth: number;
  /** What keeping it holds: the whole buffer it is a view of (the request's body). */
  readonly held: number;
}

/** A conversation shorter than this is scanned whole: there is little to skip, and it would churn the memo. */
const MIN_BYTES = 8 * 1024;

/**
 * Each key's last long conversation (a body's `messages`), so that its next request scans only what changed. A coding
 * agent sends its whole conversation on every turn, the turns before unchanged, byte for byte, and the new ones after
 * them: of a ~230 KB turn on /v1/messages, the conversation's scan was ~155 of the body scan's ~190 µs
 * (docs/performance.md). The scan of the same bytes from the array's `[` reaches each element's end the same way, so
 * where the two conversations hold the same bytes up to an element's end, the scan goes on from there
 * (arrayEndFrom): the verdict, and the end, are those of a scan of the whole.
 *
 * Nothing is copied: an entry is a view of the request's own body, kept alive past the request (`maxBytes` counts
 * the bodies held). Only the key that sent a conversation finds it, and only by its bytes, compared whole; least
 * recently used entries go first, past `maxEntries` or `maxBytes`.
 */
export class ConversationMemo {
  readonly #entries = new Map<string, Seen>();
  #held = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  /** Just past the array whose `[` is at `open`, or -1, as nestedEnd gives; what the key sent last is skipped. */
  arrayEnd(scope: string, bytes: Buffer, open: number, maxDepth: number): number {
    const seen = this.#entries.get(scope);
    const points: number[] = [];
    let from = open;
    if (seen !== undefined && seen.maxDepth === maxDepth) {
      const k = sameUpTo(seen, bytes, open);
      if (k >= 0) {
        for (let i = 0; i <= k; i++) points.push(seen.points[i]!);
        from = open + seen.points[k]!;
      }
    }
    const end = arrayEndFrom(bytes, open, from, maxDepth, points);
    if (end >= 0 && end - open >= MIN_BYTES) this.#keep(scope, { bytes: bytes.subarray(open, end), points, maxDepth, held: bytes.buffer.byteLength });
    return end;
  }

  get size(): number {
    return this.#entries.size;
  }

  #keep(scope: string, seen: Seen): void {
    this.#drop(scope);
    if (seen.held > this.maxBytes) return;
    this.#entries.set(scope, seen);
    this.#held += seen.held;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries && this.#held <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(scope: string): void {
    const e = this.#entries.get(scope);
    if (e === undefined) return;
    this.#entries.delete(scope);
    this.#held -= e.held;
  }
}

/**
 * The last of `seen`'s points up to which `bytes` from `open` hold the same bytes as `seen`, or -1. Holding the same
 * bytes up to a point means holding them up to every point before it, so the points are searched by halves.
 */
function sameUpTo(seen: Seen, bytes: Buffer, open: number): number {
  const same = (k: number): boolean => {
    const end = seen.points[k]!;
    return open + end <= bytes.length && bytes.subarray(open, open + end).equals(seen.bytes.subarray(0, end));
  };
  let lo = 0;
  let hi = seen.points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (same(mid)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
