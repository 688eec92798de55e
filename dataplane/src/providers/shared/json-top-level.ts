// The gateway reads one or two top-level members of a JSON body (a response's `usage`, a request's `model`) and
// rewrites `model`; everything else passes through untouched. Parsing and re-serialising a whole body for that costs
// time proportional to its size and to how many objects it holds (a request of long conversations is mostly
// strings); this scan only finds where each top-level value lies, so a caller parses the few values it needs and
// splices new ones into the original text.
//
// What the scan checks:
//   - the text is one object, with only JSON whitespace (space, tab, LF, CR) around it;
//   - at the top level: a key is a string, then `:`, then a value, members separated by `,`, no trailing comma;
//   - every string (at any depth) is closed by an unescaped quote;
//   - a key containing a backslash decodes (by JSON.parse, so its escapes are valid);
//   - a top-level number or literal is spelt as JSON spells it (`true`, `false`, `null`, the JSON number grammar);
//   - brackets inside a top-level object or array value balance and pair up (`{` with `}`, `[` with `]`).
// What it does not check:
//   - anything between the brackets of a nested value other than strings and bracket pairing: commas, colons,
//     literals and numbers inside `{…}` or `[…]` are not looked at, so `[1 2]` or `{"a"}` pass;
//   - inside strings: raw control characters and the validity of escape sequences (except in keys with a
//     backslash, which are decoded); a key without a backslash is taken as its raw text.
// So a text the scan accepts may still be rejected by JSON.parse; a text JSON.parse accepts as an object is always
// accepted, with the spans JSON.parse's meaning implies. Callers that need validity validate another way (e.g.
// JSON.parse of the values they read) or treat the body as opaque bytes, as a proxy may.

import { jsonString } from "../../../../proto/json-text.ts";

/** Where one top-level member's value lies in the text: offsets into it, `valueEnd` exclusive. */
export interface MemberSpan {
  /** The value's first character. */
  readonly valueStart: number;
  /** Just past the value's last character. */
  readonly valueEnd: number;
}

// JSON's structural characters, shared with the scan on bytes (json-bytes.ts)
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

export const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
export const DIGIT_0 = 0x30;
export const DIGIT_9 = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
export const LOWER_T = 0x74;
export const LOWER_F = 0x66;
export const LOWER_N = 0x6e;

/**
 * Each top-level member of a JSON object text, by decoded key; a repeated key maps to its last occurrence, as
 * JSON.parse keeps the last. Undefined when the text is not an object or is malformed in a way the scan checks
 * (see the head of this file), and with `unique` also when a key repeats: a text forwarded to another parser
 * after a splice must not carry a second value that parser might take instead. Never throws.
 */
export function topLevelMembers(text: string, opts?: { unique?: boolean }): Map<string, MemberSpan> | undefined {
  const members = new Map<string, MemberSpan>();
  const end = objectMembers(text, skipWhitespace(text, 0), members, opts?.unique === true, valueEndAt);
  return end >= 0 && endsAfter(text, end) ? members : undefined;
}

/**
 * The spans of the top-level members named `first` and `second` (each its last occurrence, as JSON.parse keeps the
 * last), or undefined exactly when topLevelMembers(text) is: the same scan and the same checks, without a map of
 * every member (an answer's ten or so keys each sliced, hashed and set, for the one or two a caller reads).
 */
export function twoTopLevelSpans(text: string, first: string, second: string): [MemberSpan | undefined, MemberSpan | undefined] | undefined {
  const open = skipWhitespace(text, 0);
  if (text.charCodeAt(open) !== OPEN_BRACE) return undefined;
  let a: MemberSpan | undefined;
  let b: MemberSpan | undefined;
  let i = skipWhitespace(text, open + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) return endsAfter(text, i + 1) ? [a, b] : undefined;
  // the next backslash at or after a key, found once per stretch of keys without one
  let backslash = -1;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return undefined;
    if (backslash < i && backslash !== -2) {
      backslash = text.indexOf("\\", i);
      if (backslash < 0) backslash = -2;
    }
    let key: string | undefined;
    if (backslash >= 0 && backslash < keyEnd) {
      // a key with an escape: decoded as topLevelMembers decodes it (and refused where it is)
      key = decodeKey(text, i, keyEnd);
      if (key === undefined) return undefined;
    }
    const colon = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(colon) !== COLON) return undefined;
    const valueStart = skipWhitespace(text, colon + 1);
    const end = valueEndAt(text, valueStart);
    if (end < 0) return undefined;
    if (key === undefined ? isKey(text, i, keyEnd, first) : key === first) a = { valueStart, valueEnd: end };
    else if (key === undefined ? isKey(text, i, keyEnd, second) : key === second) b = { valueStart, valueEnd: end };
    i = skipWhitespace(text, end);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) return endsAfter(text, i + 1) ? [a, b] : undefined;
    if (c !== COMMA) return undefined;
    i = skipWhitespace(text, i + 1);
  }
}

/** Whether the key quoted at [open, end) without escapes is `name`, compared in place. */
function isKey(text: string, open: number, end: number, name: string): boolean {
  if (end - open - 2 !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (text.charCodeAt(open + 1 + k) !== name.charCodeAt(k)) return false;
  return true;
}

/**
 * Where a member's value ends (just past it), or -1 when it is not what the caller accepts there. valueEndAt is
 * the scan's own rule; a caller that knows a member's shape (an embeddings answer's vectors) checks it its way.
 */
export type ValueEnd = (text: string, start: number, key: string) => number;

/**
 * The members of the object whose `{` is at `open`, added to `members`, each value's end found by `valueEnd`;
 * just past the object's `}`, or -1 when the scan refuses it (with `unique`, also a repeated key).
 */
export function objectMembers(text: string, open: number, members: Map<string, MemberSpan>, unique: boolean, valueEnd: ValueEnd): number {
  if (text.charCodeAt(open) !== OPEN_BRACE) return -1;
  let i = skipWhitespace(text, open + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) return i + 1;
  // one member a turn, `"key": value`, read in place: this runs on every request and answer (docs/performance.md)
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return -1;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return -1;
    const key = decodeKey(text, i, keyEnd);
    if (key === undefined) return -1;
    const colon = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(colon) !== COLON) return -1;
    const valueStart = skipWhitespace(text, colon + 1);
    const end = valueEnd(text, valueStart, key);
    if (end < 0) return -1;
    if (unique && members.has(key)) return -1;
    members.set(key, { valueStart, valueEnd: end });
    i = skipWhitespace(text, end);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) return i + 1;
    if (c !== COMMA) return -1;
    i = skipWhitespace(text, i + 1);
  }
}

/**
 * A client's JSON body as the gateway received it: the text it parsed, and/or its bytes with their top-level members
 * already scanned (json-bytes.ts). With the bytes, a body forwarded with a member changed goes out as those bytes with
 * only the change in between (`JsonPieces`): no copy of the whole body is built, flattened or encoded again on its
 * way upstream. A coding agent's request runs to hundreds of kilobytes (docs/performance.md).
 */
export interface JsonSource {
  /** Absent when the route scanned the bytes alone, without decoding them. */
  readonly text?: string;
  readonly bytes?: Uint8Array;
  /** The bytes' top-level members (byte offsets, unique keys), when the route scanned them: the splice uses these. */
  readonly byteMembers?: ReadonlyMap<string, MemberSpan>;
}

/** A JSON body as consecutive byte ranges (views of the client's bytes, and the spliced values), written in order. */
export type JsonPieces = readonly Uint8Array[];

/** A value the caller has written as JSON text already: withTopLevelValues splices the text in as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A value as JSON text; a string (a provider's model id) by jsonString. At one request at a time JSON.stringify of a
 * model id and a two-member object was ~5 µs of a short request's way to its provider, cold each time
 * (docs/performance.md).
 */
function jsonOf(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  return typeof value === "string" ? jsonString(value) : JSON.stringify(value);
}

/** `values` with each JsonText as the value it writes, for a body rebuilt whole. */
function parsedValues(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in values) {
    const v = values[k];
    out[k] = v instanceof JsonText ? JSON.parse(v.text) : v;
  }
  return out;
}

/**
 * A client's body forwarded with some top-level members set: spliced into what it sent (a coding agent's
 * conversations run to hundreds of kilobytes, not worth re-serialising), into its bytes when they were scanned,
 * else into its text; or, when neither was scanned nor can be (keys repeat), rebuilt from the parsed body, so no
 * second value of a member reaches the provider.
 */
export function withTopLevelValues(body: Record<string, unknown>, source: JsonSource | undefined, values: Readonly<Record<string, unknown>>): string | JsonPieces {
  const bytes = source?.bytes;
  const text = source?.text;
  const json: Record<string, string> = {};
  for (const k in values) json[k] = jsonOf(values[k]);
  if (bytes === undefined || source?.byteMembers === undefined) {
    const members = text === undefined ? undefined : topLevelMembers(text, { unique: true });
    if (text === undefined || members === undefined) return JSON.stringify({ ...body, ...parsedValues(values) });
    const edits = topLevelEdits(members, json);
    return splice(text, edits.replaced, edits.appended);
  }
  const pieces = spliceBytes(bytes, topLevelEdits(source.byteMembers, json));
  // a small body in one piece: one write of a few hundred bytes costs less than several
  return bytes.length >= SPLICED_BYTES_MIN ? pieces : [Buffer.concat(pieces)];
}

/** Bodies from this size go upstream as pieces of the client's bytes; a smaller one in one piece. */
export const SPLICED_BYTES_MIN = 8 * 1024;

/**
 * The text with several top-level members set at once, each to a JSON text the caller vouches for: a member that
 * is present has its (last) value replaced in place; one that is absent is appended before the closing brace.
 * `members` must be `topLevelMembers(text)`. One call for all edits, because each splice moves later offsets.
 */
export function setTopLevelValues(text: string, members: ReadonlyMap<string, MemberSpan>, values: Readonly<Record<string, string>>): string {
  const edits = topLevelEdits(members, values);
  return splice(text, edits.replaced, edits.appended);
}

interface TopLevelEdits {
  /** Values replaced in place, in the order they stand in the text. */
  replaced: Array<{ span: MemberSpan; json: string }>;
  /** Members added before the closing brace, as text (with their leading comma where one is needed). */
  appended: string;
}

function topLevelEdits(members: ReadonlyMap<string, MemberSpan>, values: Readonly<Record<string, string>>): TopLevelEdits {
  const replaced: Array<{ span: MemberSpan; json: string }> = [];
  let appended = "";
  let count = members.size;
  for (const key in values) {
    const json = values[key]!;
    const span = members.get(key);
    if (span !== undefined) {
      replaced.push({ span, json });
      continue;
    }
    appended += `${count > 0 ? "," : ""}${JSON.stringify(key)}:${json}`;
    count++;
  }
  replaced.sort((a, b) => a.span.valueStart - b.span.valueStart);
  return { replaced, appended };
}

function splice(text: string, replaced: ReadonlyArray<{ span: MemberSpan; json: string }>, appended: string): string {
  let out = "";
  let from = 0;
  for (const { span, json } of replaced) {
    out += text.slice(from, span.valueStart) + json;
    from = span.valueEnd;
  }
  if (appended === "") return out + text.slice(from);
  // the closing brace is the last one: after it the scan allowed only whitespace
  const close = text.lastIndexOf("}");
  return out + text.slice(from, close) + appended + text.slice(close);
}

/** `splice` on bytes whose members the edits came from: the untouched ranges as views of them, the new values between. */
function spliceBytes(bytes: Uint8Array, edits: TopLevelEdits): Uint8Array[] {
  const view = (from: number, to: number) => new Uint8Array(bytes.buffer, bytes.byteOffset + from, to - from);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const { span, json } of edits.replaced) {
    pieces.push(view(from, span.valueStart), Buffer.from(json));
    from = span.valueEnd;
  }
  if (edits.appended === "") {
    pieces.push(view(from, bytes.length));
    return pieces;
  }
  // the closing brace is the last one: after it the scan allowed only whitespace
  const close = bytes.lastIndexOf(CLOSE_BRACE);
  pieces.push(view(from, close), Buffer.from(edits.appended), view(close, bytes.length));
  return pieces;
}

/** A key's decoded text; JSON.parse only when it holds an escape, which is rare in real bodies. */
function decodeKey(text: string, start: number, end: number): string | undefined {
  const raw = text.slice(start + 1, end - 1);
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(text.slice(start, end)) as string;
  } catch {
    return undefined;
  }
}

/** Just past the value starting at `start`, or -1. */
export function valueEndAt(text: string, start: number): number {
  const c = text.charCodeAt(start);
  if (c === QUOTE) return stringEnd(text, start);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return nestedEnd(text, start);
  return scalarEnd(text, start);
}

/**
 * Just past the string whose opening quote is at `open`, or -1 when it is not closed. Jumps from quote to quote:
 * a quote is escaped when an odd number of backslashes precede it, so only backslash runs before quotes are read,
 * never the string's other characters.
 */
export function stringEnd(text: string, open: number): number {
  let q = open;
  for (;;) {
    q = text.indexOf('"', q + 1);
    if (q < 0) return -1;
    if (backslashesBefore(text, q, open) % 2 === 0) return q + 1;
  }
}

function backslashesBefore(text: string, at: number, floor: number): number {
  let i = at - 1;
  while (i > floor && text.charCodeAt(i) === BACKSLASH) i--;
  return at - 1 - i;
}

/**
 * The closers still expected by nestedEnd, innermost last; kept between calls (one scan runs at a time) up to
 * KEPT_DEPTH, so a deeper text (a provider's answer can be anything) does not leave its stack behind.
 */
let closers = new Uint8Array(64);
const KEPT_DEPTH = 4096;

/**
 * Just past the object or array opening at `open`, or -1: counts brackets outside strings, checking that each
 * closer matches its opener, and jumps over strings whole.
 */
function nestedEnd(text: string, open: number): number {
  let stack = closers;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === stack.length) {
        const deeper = new Uint8Array(depth * 2);
        deeper.set(stack);
        stack = deeper;
        if (deeper.length <= KEPT_DEPTH) closers = deeper;
      }
      stack[depth++] = c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0 || stack[--depth] !== c) return -1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Whether the text is one JSON number or literal, spelt as JSON spells it. */
export function isJsonScalar(text: string): boolean {
  return scalarEnd(text, 0) === text.length;
}

/** Just past a number or literal starting at `start`, or -1 when the token is not one. */
function scalarEnd(text: string, start: number): number {
  const c = text.charCodeAt(start);
  const end = c === LOWER_T ? literalEnd(text, start, "true") : c === LOWER_F ? literalEnd(text, start, "false") : c === LOWER_N ? literalEnd(text, start, "null") : numberEnd(text, start);
  return end >= 0 && (end === text.length || endsScalar(text.charCodeAt(end))) ? end : -1;
}

function literalEnd(text: string, start: number, word: string): number {
  return text.startsWith(word, start) ? start + word.length : -1;
}

/** Just past JSON's number grammar (RFC 8259 §6) from `start`, or -1 when no number starts there. */
function numberEnd(text: string, start: number): number {
  let i = start;
  if (text.charCodeAt(i) === MINUS) i++;
  const first = text.charCodeAt(i);
  if (first === DIGIT_0) i++;
  else if (first > DIGIT_0 && first <= DIGIT_9) i = digitsEnd(text, i + 1);
  else return -1;
  if (text.charCodeAt(i) === DOT) {
    if (!isDigit(text.charCodeAt(i + 1))) return -1;
    i = digitsEnd(text, i + 1);
  }
  const e = text.charCodeAt(i);
  if (e === LOWER_E || e === UPPER_E) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === PLUS || sign === MINUS) i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    i = digitsEnd(text, i);
  }
  return i;
}

function digitsEnd(text: string, from: number): number {
  let i = from;
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

// a number or literal runs until what may follow a top-level value; anything else it swallows fails the grammar
export function endsScalar(c: number): boolean {
  return c === COMMA || c === CLOSE_BRACE || isWhitespace(c);
}

export function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

function endsAfter(text: string, from: number): boolean {
  return skipWhitespace(text, from) === text.length;
}
