// The top-level scan of json-top-level.ts, run on a body's UTF-8 bytes instead of a decoded text: for a body a route
// forwards as the client sent it, spliced at byte offsets (http/json-body.ts). The native /v1/messages reads two or
// three members of its body and never decodes the rest, nor does the chat route for a provider it forwards to
// (routes/chat-body-bytes.ts reads the conversation's few members it checks while the scan passes them); decoding
// the whole body to a string only to scan it cost more than the scan: a string past V8's largest regular object
// (~128 KB; a coding agent's request is ~230 KB) is allocated on pages of its own, ~0.9 ns a byte against ~0.08
// below it (docs/performance.md). JSON's structural characters are ASCII and no byte of a multi-byte UTF-8
// sequence is, so the scan reads the bytes as it reads a text, and its offsets are byte offsets.
//
// It checks what topLevelMembers checks (json-top-level.ts says what that is), and the small pieces it must read as
// text, keys and top-level numbers and literals, are decoded alone and checked by that module's own rules.

import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  endsScalar,
  isJsonScalar,
  isWhitespace,
  type MemberSpan,
} from "./json-top-level.ts";

/**
 * Finds the end of a top-level member's value in its own way, reading it on the way (a chat body's conversation):
 * just past the value, or -1 to refuse the body. It must check what the scan checks of a nested value (topLevelValueEnd,
 * visitMembers, visitElements and skipValue do), the value being at most `maxDepth` deep.
 */
export type MemberReader = (start: number, maxDepth: number) => number;

/**
 * Each top-level member of the JSON object in `bytes`, by decoded key, with byte offsets; undefined when the bytes
 * are not one object, are malformed in a way the scan checks, repeat a key, or nest deeper than `maxDepth` (the
 * object itself is 1 deep). A member named in `readers` is found by its reader, so that a caller reading inside a
 * value passes its bytes once. Never throws. The bytes must be valid UTF-8 (the caller checks: isUtf8).
 */
export function topLevelMembersOfBytes(bytes: Buffer, maxDepth: number, readers?: ReadonlyMap<string, MemberReader>): Map<string, MemberSpan> | undefined {
  const members = new Map<string, MemberSpan>();
  const end = visitMembers(bytes, skipWhitespace(bytes, 0), (key, valueStart) => {
    const reader = readers?.get(key);
    const end = members.has(key) ? -1 : reader !== undefined ? reader(valueStart, maxDepth - 1) : topLevelValueEnd(bytes, valueStart, maxDepth - 1);
    if (end >= 0) members.set(key, { valueStart, valueEnd: end });
    return end;
  });
  return end >= 0 && skipWhitespace(bytes, end) === bytes.length ? members : undefined;
}

// Inside a top-level value (a chat body's `messages`), a MemberReader walks what it reads and skips the rest, so each
// byte is passed once however deep it lies. These walks check what the scan checks of a nested value (strings closed,
// brackets paired, the depth), and the commas and colons of what they visit; they do not check numbers and literals:
// one runs to the next `,`, `}`, `]` or whitespace whatever its spelling, so a reader parses what it reads, and the
// rest is the provider's to judge.

/**
 * Each member of the object whose `{` is at `open`: `visit(key, valueStart)` reads or skips (skipValue) the value
 * and returns just past it, or -1. Just past the object's `}`, or -1 when its members are not `"key": value`
 * separated by commas or a visit fails. A repeated key is visited each time, in order (JSON.parse keeps the last).
 */
export function visitMembers(bytes: Buffer, open: number, visit: (key: string, valueStart: number) => number): number {
  if (bytes[open] !== OPEN_BRACE) return -1;
  let i = skipWhitespace(bytes, open + 1);
  if (bytes[i] === CLOSE_BRACE) return i + 1;
  for (;;) {
    if (bytes[i] !== QUOTE) return -1;
    const keyEnd = stringEnd(bytes, i);
    if (keyEnd < 0) return -1;
    const key = decodeKey(bytes, i, keyEnd);
    if (key === undefined) return -1;
    const colon = skipWhitespace(bytes, keyEnd);
    if (bytes[colon] !== COLON) return -1;
    const end = visit(key, skipWhitespace(bytes, colon + 1));
    if (end < 0) return -1;
    i = skipWhitespace(bytes, end);
    if (bytes[i] === CLOSE_BRACE) return i + 1;
    if (bytes[i] !== COMMA) return -1;
    i = skipWhitespace(bytes, i + 1);
  }
}

/**
 * Each element of the array whose `[` is at `open`: `visit(start)` reads or skips the element and returns just past
 * it, or -1. Just past the `]`, or -1 when the elements are not values separated by commas or a visit fails.
 */
export function visitElements(bytes: Buffer, open: number, visit: (start: number) => number): number {
  if (bytes[open] !== OPEN_BRACKET) return -1;
  const i = skipWhitespace(bytes, open + 1);
  if (bytes[i] === CLOSE_BRACKET) return i + 1;
  const end = visit(i);
  return end < 0 ? -1 : elementsAfter(bytes, end, visit);
}

/**
 * visitElements from just past one of the array's elements (`from`, as a visit returned it), the elements before
 * it visited already: the rest visited, and just past the `]`, or -1, as visitElements gives.
 */
export function elementsAfter(bytes: Buffer, from: number, visit: (start: number) => number): number {
  let i = from;
  for (;;) {
    i = skipWhitespace(bytes, i);
    if (bytes[i] === CLOSE_BRACKET) return i + 1;
    if (bytes[i] !== COMMA) return -1;
    const end = visit(skipWhitespace(bytes, i + 1));
    if (end < 0) return -1;
    i = end;
  }
}

/** Just past the value at `start`, at most `maxDepth` deep, or -1; a number or literal is found, not checked (above). */
export function skipValue(bytes: Buffer, start: number, maxDepth: number): number {
  const c = bytes[start];
  if (c === QUOTE) return stringEnd(bytes, start);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return nestedEnd(bytes, start, maxDepth);
  let end = start;
  while (end < bytes.length && !endsScalar(bytes[end]!) && bytes[end] !== CLOSE_BRACKET) end++;
  return end > start ? end : -1;
}

/** Just past the top-level value at `start`, at most `maxDepth` deep, or -1; a number or literal is checked. */
export function topLevelValueEnd(bytes: Buffer, start: number, maxDepth: number): number {
  const c = bytes[start];
  if (c === QUOTE) return stringEnd(bytes, start);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return nestedEnd(bytes, start, maxDepth);
  // a number or literal runs to what may follow a top-level value; its spelling is checked as text
  let end = start;
  while (end < bytes.length && !endsScalar(bytes[end]!)) end++;
  return end > start && isJsonScalar(bytes.toString("latin1", start, end)) ? end : -1;
}

/** A key's text: UTF-8 decoded, or by JSON.parse when it holds an escape (rare in real bodies). */
function decodeKey(bytes: Buffer, open: number, end: number): string | undefined {
  let escaped = false;
  for (let i = open + 1; i < end - 1 && !escaped; i++) escaped = bytes[i] === BACKSLASH;
  if (!escaped) return bytes.toString("utf8", open + 1, end - 1);
  try {
    return JSON.parse(bytes.toString("utf8", open, end)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Just past the string whose opening quote is at `open`, or -1 when it is not closed: from quote to quote (a native
 * search), a quote being escaped when an odd number of backslashes precede it.
 */
export function stringEnd(bytes: Buffer, open: number): number {
  let q = open;
  for (;;) {
    q = bytes.indexOf(QUOTE, q + 1);
    if (q < 0) return -1;
    let backslashes = 0;
    while (q - 1 - backslashes > open && bytes[q - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
  }
}

/** The closers still expected by nestedEnd, innermost last; grown as needed and kept (one scan runs at a time). */
let closers = new Uint8Array(64);

/**
 * Just past the object or array opening at `open`, or -1: brackets outside strings counted, each closer checked
 * against its opener, strings jumped whole; -1 too past `maxDepth` levels (an array of arrays is 2 deep).
 */
function nestedEnd(bytes: Buffer, open: number, maxDepth: number): number {
  return scanNested(bytes, open, 0, maxDepth, undefined, open);
}

/**
 * nestedEnd of the array whose `[` is at `open`, its bytes up to `from` scanned before: `from` is an element's end
 * (a point), where the scan stands inside the array, one level deep, as it would have reached it from `open`. Just
 * past the array, or -1, as nestedEnd from `open` gives. `points`, when given, gets every element's end after `from`
 * that is the end of an object or array (offsets from `open`): from each, a later scan of the same bytes up to it may
 * go on the same way. `from` = `open` scans the whole array.
 */
export function arrayEndFrom(bytes: Buffer, open: number, from: number, maxDepth: number, points?: number[]): number {
  if (bytes[open] !== OPEN_BRACKET || maxDepth < 1) return -1;
  if (from === open) return scanNested(bytes, open, 0, maxDepth, points, open);
  if (closers.length < maxDepth) closers = new Uint8Array(maxDepth);
  closers[0] = CLOSE_BRACKET;
  return scanNested(bytes, from, 1, maxDepth, points, open);
}

function scanNested(bytes: Buffer, from: number, depthAtFrom: number, maxDepth: number, points: number[] | undefined, open: number): number {
  if (closers.length < maxDepth) closers = new Uint8Array(maxDepth);
  const stack = closers;
  let depth = depthAtFrom;
  for (let i = from; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      const end = stringEnd(bytes, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === maxDepth) return -1;
      stack[depth++] = c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0 || stack[--depth] !== c) return -1;
      if (depth === 0) return i + 1;
      if (depth === 1 && points !== undefined) points.push(i + 1 - open);
    }
  }
  return -1;
}

function skipWhitespace(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && isWhitespace(bytes[i]!)) i++;
  return i;
}
