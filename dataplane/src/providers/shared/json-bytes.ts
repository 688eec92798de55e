// The top-level scan of json-top-level.ts, run on a body's UTF-8 bytes instead of a decoded text: for a body a route
// forwards as the client sent it, spliced at byte offsets (http/json-body.ts). The native /v1/messages reads two or
// three members of its body and never decodes the rest; decoding the whole body to a string only to scan it cost
// more than the scan: a string past V8's largest regular object
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
 * Each top-level member of the JSON object in `bytes`, by decoded key, with byte offsets; undefined when the bytes
 * are not one object, are malformed in a way the scan checks, repeat a key, or nest deeper than `maxDepth` (the
 * object itself is 1 deep). Never throws. The bytes must be valid UTF-8 (the caller checks: isUtf8).
 */
export function topLevelMembersOfBytes(bytes: Buffer, maxDepth: number): Map<string, MemberSpan> | undefined {
  const members = new Map<string, MemberSpan>();
  let i = skipWhitespace(bytes, 0);
  if (bytes[i] !== OPEN_BRACE) return undefined;
  i = skipWhitespace(bytes, i + 1);
  if (bytes[i] === CLOSE_BRACE) return skipWhitespace(bytes, i + 1) === bytes.length ? members : undefined;
  for (;;) {
    if (bytes[i] !== QUOTE) return undefined;
    const keyEnd = stringEnd(bytes, i);
    if (keyEnd < 0) return undefined;
    const key = decodeKey(bytes, i, keyEnd);
    if (key === undefined || members.has(key)) return undefined;
    const colon = skipWhitespace(bytes, keyEnd);
    if (bytes[colon] !== COLON) return undefined;
    const valueStart = skipWhitespace(bytes, colon + 1);
    const valueEnd = valueEndOf(bytes, valueStart, maxDepth - 1);
    if (valueEnd < 0) return undefined;
    members.set(key, { valueStart, valueEnd });
    i = skipWhitespace(bytes, valueEnd);
    if (bytes[i] === CLOSE_BRACE) return skipWhitespace(bytes, i + 1) === bytes.length ? members : undefined;
    if (bytes[i] !== COMMA) return undefined;
    i = skipWhitespace(bytes, i + 1);
  }
}

function valueEndOf(bytes: Buffer, start: number, maxDepth: number): number {
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
  if (closers.length < maxDepth) closers = new Uint8Array(maxDepth);
  const stack = closers;
  let depth = 0;
  for (let i = open; i < bytes.length; i++) {
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
    }
  }
  return -1;
}

function skipWhitespace(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length && isWhitespace(bytes[i]!)) i++;
  return i;
}
