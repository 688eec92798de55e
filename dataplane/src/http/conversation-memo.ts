import { arrayEndFrom } from "../providers/shared/json-bytes.ts";
import { OPEN_BRACE, OPEN_BRACKET, QUOTE } from "../providers/shared/json-top-level.ts";
import { SizedLru } from "../sized-lru.ts";

/**
 * A key's last conversation as scanned: its bytes (from its `[`), points where the scan stood just past one of its
 * elements, what the scan had read of each element up to that point (`T`; none for a scan that reads nothing), the
 * depth allowed.
 */
interface Seen<T> {
  readonly bytes: Buffer;
  readonly points: readonly number[];
  readonly reads: readonly T[];
  readonly maxDepth: number;
}

/** A conversation shorter than this is scanned whole: there is little to skip, and it would churn the memo. */
const MIN_BYTES = 8 * 1024;

/**
 * Each key's last long conversation (a body's `messages`), so that its next request scans only what changed. A coding
 * agent sends its whole conversation on every turn, the turns before unchanged, byte for byte, and the new ones after
 * them: of a ~230 KB turn on /v1/messages, the conversation's scan was ~155 of the body scan's ~190 µs
 * (docs/performance.md). A scan of the same bytes from the array's `[` stands in the same state at each element's
 * end, so where the two conversations hold the same bytes up to one (a point), the scan goes on from there, and what
 * it read of the elements before (`reads`: a projection of each, say) is taken as it was: the verdict, the end and
 * what was read are those of a scan of the whole. Each scan keeps its own memo: its points and reads are its own.
 *
 * Nothing is copied: an entry is a view of the request's own body, kept alive past the request (`maxBytes` counts the
 * bodies held), and what was read is shared by the requests that find it, so it is never changed. Only the key that
 * sent a conversation finds it, and only by its bytes, compared whole; least recently used entries go first, past
 * `maxEntries` or `maxBytes`. A value that is not a conversation is kept the same way, with one point (valueEnd).
 */
export class ConversationMemo<T> {
  readonly #entries: SizedLru<Seen<T>>;

  constructor(maxEntries: number, maxBytes: number) {
    this.#entries = new SizedLru(maxEntries, maxBytes);
  }

  /**
   * The points of the key's last conversation (offsets from `open`) up to which `bytes` from `open` hold the same
   * bytes, scanned at the same depth, and what was read up to each; empty when there are none. `sameAs`: the key's
   * last conversation (a view of its request's body), the same bytes up to the last point.
   */
  same(scope: string, bytes: Buffer, open: number, maxDepth: number): { points: number[]; reads: T[]; sameAs?: Buffer } {
    const seen = this.#entries.get(scope);
    const k = seen !== undefined && seen.maxDepth === maxDepth ? sameUpTo(seen, bytes, open) : -1;
    if (k < 0) return { points: [], reads: [] };
    return { points: seen!.points.slice(0, k + 1), reads: seen!.reads.slice(0, k + 1), sameAs: seen!.bytes };
  }

  /**
   * Keeps a conversation the scan accepted (`bytes`: a view of it in its request's body), if it is long; what keeping
   * it holds is the whole buffer it is a view of (the request's body).
   */
  keep(scope: string, bytes: Buffer, points: readonly number[], reads: readonly T[], maxDepth: number): void {
    // a short one leaves the key's last long one in place: an agent's side requests (a title, a count) are short
    if (bytes.length >= MIN_BYTES) this.#entries.set(scope, { bytes, points, reads, maxDepth }, bytes.buffer.byteLength);
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Just past the array whose `[` is at `open`, or -1, as nestedEnd gives; what the key sent last is skipped. */
export function arrayEnd(memo: ConversationMemo<undefined>, scope: string, bytes: Buffer, open: number, maxDepth: number): number {
  const { points } = memo.same(scope, bytes, open, maxDepth);
  const from = points.length > 0 ? open + points[points.length - 1]! : open;
  const end = arrayEndFrom(bytes, open, from, maxDepth, points);
  // the nested scan reads nothing of the elements: no reads to keep
  if (end >= 0) memo.keep(scope, bytes.subarray(open, end), points, [], maxDepth);
  return end;
}

/**
 * Just past the value at `start` and what `scan` read of it, or -1 as `scan` gives (it returns just past the value, or
 * -1, and what it read). A coding agent sends the same `tools` (~37 KB of JSON schemas: thousands of short strings,
 * each a search for its closing quote) on every turn; with the conversation skipped, their walk was about half of
 * what the scan of a ~230 KB turn cost (docs/performance.md). So a key's last long value is kept with one point, its
 * end: a value opened by `{`, `[` or `"` ends where its bytes say, whatever follows, so one that holds the same bytes
 * at the same depth ends there too, and what was read of it is what a scan would read again.
 */
export function valueEnd<T>(memo: ConversationMemo<T>, scope: string, bytes: Buffer, start: number, maxDepth: number, scan: () => { end: number; read: T }): { end: number; read: T } {
  const { points, reads } = memo.same(scope, bytes, start, maxDepth);
  const scanned = points.length > 0 ? { end: start + points[0]!, read: reads[0]! } : scan();
  const { end, read } = scanned;
  // a number or literal is not kept: it ends at what follows it, which a comparison of its bytes does not see
  const opener = bytes[start];
  if (end >= 0 && (opener === OPEN_BRACKET || opener === OPEN_BRACE || opener === QUOTE)) memo.keep(scope, bytes.subarray(start, end), [end - start], [read], maxDepth);
  return scanned;
}

/**
 * The last of `seen`'s points up to which `bytes` from `open` hold the same bytes as `seen`, or -1. Holding the same
 * bytes up to a point means holding them up to every point before it, so the points are searched by halves, each
 * comparison starting where the last one that held ended: the bytes are compared about once, not once a step.
 */
function sameUpTo<T>(seen: Seen<T>, bytes: Buffer, open: number): number {
  const points = seen.points;
  // bytes from `open` known to hold the same as seen's
  let known = 0;
  const same = (k: number): boolean => {
    const end = points[k]!;
    return open + end <= bytes.length && bytes.subarray(open + known, open + end).equals(seen.bytes.subarray(known, end));
  };
  const last = points.length - 1;
  // a conversation that only grew (an agent's next turn, mostly) is found in one comparison
  if (last < 0 || same(last)) return last;
  let lo = 0;
  let hi = last - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (same(mid)) {
      found = mid;
      known = points[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
