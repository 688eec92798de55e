// Whether a text may be JSON, judged from its first characters: JSON.parse of one that cannot be throws, and a throw
// costs ~10 µs (its message and stack), more than reading most texts; and the chat route leaves a text it has not
// decoded aside when a translation would only copy it. A coding agent's tool results (files, listings, logs) mostly
// cannot be JSON, and say so in their first characters. Certain only one way: false means JSON.parse would throw.
import { BACKSLASH, DIGIT_0, DIGIT_9, LOWER_F, LOWER_N, LOWER_T, MINUS, OPEN_BRACE, OPEN_BRACKET, QUOTE, isWhitespace, type MemberSpan } from "./json-top-level.ts";

/** The one JSON whitespace a JSON string writes as itself; the others it escapes. */
const SPACE = 0x20;
/**
 * Every character JSON's number grammar reads: JSON.parse reads a number as far as the grammar goes, which is never
 * past a character not in it, and then wants only whitespace.
 */
const NUMBER_CHARS: ReadonlySet<number> = new Set([..."0123456789.eE+-"].map((c) => c.charCodeAt(0)));

/**
 * After the whitespace before a value, at `at` of `end` characters (`charAt`), and `skipSpace` to pass whitespace:
 * whether a JSON text may go on from there. `alsoMay` are other characters it may start with.
 */
function mayGoOn(charAt: (i: number) => number, at: number, end: number, skipSpace: (from: number) => number, alsoMay: number): boolean {
  if (at >= end) return false;
  const c = charAt(at);
  if (c === MINUS || (c >= DIGIT_0 && c <= DIGIT_9)) {
    while (at < end && NUMBER_CHARS.has(charAt(at))) at++;
    return skipSpace(at) >= end;
  }
  return c === OPEN_BRACE || c === OPEN_BRACKET || c === LOWER_T || c === LOWER_F || c === LOWER_N || c === alsoMay;
}

/** Whether JSON.parse of `text` may succeed: false only when its first characters make it certain that it throws. */
export function mayBeJsonText(text: string): boolean {
  const end = text.length;
  const charAt = (i: number) => text.charCodeAt(i);
  const skipSpace = (at: number) => {
    while (at < end && isWhitespace(text.charCodeAt(at))) at++;
    return at;
  };
  return mayGoOn(charAt, skipSpace(0), end, skipSpace, QUOTE);
}

/** The letters after a backslash that write a tab, a line feed or a carriage return. */
const SPACE_ESCAPE_LETTERS: ReadonlySet<number> = new Set([..."ntr"].map((c) => c.charCodeAt(0)));
/** Those and the space, as `\uXXXX` writes them. */
const SPACE_CODE_POINTS: ReadonlySet<string> = new Set(["0009", "000a", "000d", "0020"]);
const LETTER_U = 0x75;

/**
 * mayBeJsonText of the text the JSON string at `span` of `raw` holds, read off its bytes, never decoded: whitespace
 * may be written as an escape there, and a quote always is, so an escape that is not whitespace may start a JSON
 * text (`\"`, `\u007b`).
 */
export function mayBeJsonString(raw: Buffer, span: MemberSpan): boolean {
  // inside the quotes
  const end = span.valueEnd - 1;
  const skipSpace = (at: number): number => {
    while (at < end) {
      const c = raw[at];
      if (c === SPACE) at++;
      else if (c !== BACKSLASH) break;
      else if (SPACE_ESCAPE_LETTERS.has(raw[at + 1]!)) at += 2;
      else if (raw[at + 1] === LETTER_U && at + 6 <= end && SPACE_CODE_POINTS.has(raw.toString("latin1", at + 2, at + 6).toLowerCase())) at += 6;
      else break;
    }
    return at;
  };
  return mayGoOn((i) => raw[i]!, skipSpace(span.valueStart + 1), end, skipSpace, BACKSLASH);
}
