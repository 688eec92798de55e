// OpenAI's embeddings list read in place. A vector of real size is most of the answer (1,536 floats are 19-34 KB
// of text): parsing it, checking every number and writing it out again cost the data plane ~200 µs a call, while
// the client wants the provider's vectors as they are. So when the answer already is the list the client asked
// for, only its shape is read here and the text goes back with `model` and `usage` set (shared/embedding-list.ts);
// anything else (the other encoding, vectors out of order, a repeated key, a shape this scan does not know) is
// left to the full parse, which converts, sorts or refuses as before.
import type { EmbeddingRequest } from "../embedding-types.ts";
import { type MemberSpan, objectMembers, skipWhitespace, valueEndAt } from "../shared/json-top-level.ts";

const NUMBER = String.raw`-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?`;
const WS = String.raw`[ \t\n\r]*`;
/**
 * A whole JSON array of numbers, JSON's grammar exactly (RFC 8259 §6, its four whitespace characters), from
 * lastIndex. Irregexp runs it at ~0.6 ns a character, against ~2.5 for a character loop in JavaScript and ~2.6
 * for JSON.parse of the same text; each number can end in one place only, so a refusal backtracks linearly.
 */
const NUMBER_ARRAY = new RegExp(String.raw`\[${WS}(?:${NUMBER}${WS}(?:,${WS}${NUMBER}${WS})*)?\]`, "y");

const CONTROL = /[\u0000-\u001f]/;
const NEEDS_PARSE = new Set([0x22, 0x5b, 0x7b]);
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;

/** The list's top-level members, how many vectors it holds, and its `usage` as parsed by the scan's check. */
export interface EmbeddingListShape {
  readonly members: ReadonlyMap<string, MemberSpan>;
  readonly count: number;
  /** The `usage` member's value; undefined when there is none. */
  readonly usage: unknown;
}

/**
 * The shape of `{"object": "list", "data": [{"object": "embedding", "index": i, "embedding": …}, …], …}` when
 * every vector is in `format` (an array of JSON numbers for float, a string for base64) and the indexes run 0, 1,
 * 2, … in order; undefined otherwise, and when a key repeats at the top level or in an entry. Other members, at
 * either level, are the provider's and pass as they are. Never throws.
 */
export function scanEmbeddingList(text: string, format: EmbeddingRequest["encodingFormat"]): EmbeddingListShape | undefined {
  let count = -1;
  let usage: unknown;
  const vectorEnd = format === "float" ? numberArrayEnd : stringValueEnd;
  const entryValueEnd = (t: string, start: number, key: string): number => (key === "embedding" ? vectorEnd(t, start) : otherValueEnd(t, start, key));
  const entriesEnd = (t: string, open: number): number => {
    if (t.charCodeAt(open) !== OPEN_BRACKET) return -1;
    let n = 0;
    let i = skipWhitespace(t, open + 1);
    if (t.charCodeAt(i) !== CLOSE_BRACKET) {
      for (;;) {
        const entry = new Map<string, MemberSpan>();
        const end = objectMembers(t, i, entry, true, entryValueEnd);
        if (end < 0 || !isEntry(t, entry, n)) return -1;
        n++;
        i = skipWhitespace(t, end);
        const c = t.charCodeAt(i);
        if (c === CLOSE_BRACKET) break;
        if (c !== COMMA) return -1;
        i = skipWhitespace(t, i + 1);
      }
    }
    count = n;
    return i + 1;
  };
  // the usage is kept from its check, so the reader does not parse it again
  const usageEnd = (t: string, start: number): number => {
    const end = valueEndAt(t, start);
    if (end >= 0) usage = parsedSpan(t, start, end);
    return usage === INVALID ? -1 : end;
  };
  const members = new Map<string, MemberSpan>();
  const end = objectMembers(text, skipWhitespace(text, 0), members, true, (t, start, key) =>
    key === "data" ? entriesEnd(t, start) : key === "usage" ? usageEnd(t, start) : otherValueEnd(t, start, key),
  );
  if (end < 0 || skipWhitespace(text, end) !== text.length || count < 0) return undefined;
  return rawValue(text, members.get("object")) === '"list"' ? { members, count, usage } : undefined;
}

function isEntry(text: string, entry: ReadonlyMap<string, MemberSpan>, index: number): boolean {
  return entry.has("embedding") && rawValue(text, entry.get("object")) === '"embedding"' && rawValue(text, entry.get("index")) === String(index);
}

function rawValue(text: string, span: MemberSpan | undefined): string | undefined {
  return span === undefined ? undefined : text.slice(span.valueStart, span.valueEnd);
}

/**
 * Any other member goes back as the provider wrote it, so it must be JSON as it stands: the scan alone checks
 * only a nested value's brackets and a string's closing quote, so those are parsed (they are short: the model,
 * usage, an id), and a key with a raw control character, which the scan would take as it is, is refused.
 */
function otherValueEnd(text: string, start: number, key: string): number {
  return CONTROL.test(key) ? -1 : jsonValueEnd(text, start);
}

/** Just past the value at `start`, or -1 when it is not JSON as it stands. */
function jsonValueEnd(text: string, start: number): number {
  const end = valueEndAt(text, start);
  if (end < 0 || !NEEDS_PARSE.has(text.charCodeAt(start))) return end;
  return parsedSpan(text, start, end) === INVALID ? -1 : end;
}

const INVALID = Symbol("not JSON");

function parsedSpan(text: string, start: number, end: number): unknown {
  try {
    return JSON.parse(text.slice(start, end)) as unknown;
  } catch {
    return INVALID;
  }
}

function numberArrayEnd(text: string, start: number): number {
  NUMBER_ARRAY.lastIndex = start;
  try {
    return NUMBER_ARRAY.test(text) ? NUMBER_ARRAY.lastIndex : -1;
  } catch {
    // a vector of millions of numbers overflows irregexp's backtrack stack: the full parse decides
    return -1;
  }
}

/** A base64 vector: a string, whose escapes and characters JSON.parse checks (~0.3 ns a character). */
function stringValueEnd(text: string, start: number): number {
  return text.charCodeAt(start) === QUOTE ? jsonValueEnd(text, start) : -1;
}
