import { isUtf8 } from "node:buffer";
import { GatewayError } from "../errors.ts";
import { stringEnd, topLevelMembersOfBytes, topLevelValueEnd, type MemberReader } from "../providers/shared/json-bytes.ts";
import { OPEN_BRACKET, type JsonSource, type MemberSpan } from "../providers/shared/json-top-level.ts";
import { ConversationMemo, arrayEnd, valueEnd } from "./conversation-memo.ts";

/**
 * Deeper than any request needs (a JSON schema in `tools` nests a few dozen levels at most), and shallow enough
 * for every recursive walk a body meets afterwards: JSON.stringify of the upstream body throws past ~10k levels.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Whether brackets nest deeper than `max` outside strings: a scan, so no parse tree is built for a hostile body.
 * Strings (most of a prompt) are skipped with a native search for their closing quote.
 */
function nestsDeeperThan(raw: Buffer, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === 0x22) {
      const end = stringEnd(raw, i);
      // unterminated: JSON.parse refuses it
      if (end < 0) return false;
      i = end - 1;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Bodies from this size are scanned for their depth before they are parsed. JSON nested deeper than MAX_JSON_DEPTH
 * opens that many brackets and one more, and closes them all: a shorter text that JSON.parse accepts cannot, and one
 * it refuses is a 400 either way. Most requests are shorter (a chat turn of a sentence is ~150 bytes), and at one
 * request at a time the scan's cold pass cost them ~4 µs before the parse (docs/performance.md).
 */
const DEPTH_SCAN_MIN = 2 * (MAX_JSON_DEPTH + 1);

/** The body as a JSON object, or a 400 that says what is wrong with it. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  return parseWhole(raw, true).object;
}

function parseWhole(raw: Buffer, checkDepth: boolean): { object: Record<string, unknown>; text: string } {
  if (raw.length === 0) throw new GatewayError("invalid_json", "The request body is empty; send a JSON object.");
  if (checkDepth && raw.length >= DEPTH_SCAN_MIN && nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
    throw new GatewayError("invalid_json", `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  const text = raw.toString("utf8");
  return { object: parseScannedText(text), text };
}

/** parseJsonObject for the text of a body no deeper than one the scan has accepted (one with values replaced by strings). */
export function parseScannedText(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new GatewayError("invalid_json", "The request body is not valid JSON.");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new GatewayError("invalid_json", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

/**
 * From this size a body a route forwards is scanned as bytes (json-bytes.ts), so that it goes upstream as those
 * bytes with the gateway's members spliced in, and (on the native route) is not parsed whole. Below it, V8's parse
 * and a splice of the text cost less (a 142-byte /v1/messages body: ~2.0 against ~3.0 µs scanned and spliced as
 * bytes; from ~1 KB the scan is cheaper, ~5 against ~11 µs at 1.2 KB, ~11 against ~54 at 8 KB; docs/performance.md).
 */
export const SCANNED_BODY_MIN = 1024;

/**
 * The top-level members of a body of SCANNED_BODY_MIN or more that is UTF-8 and that the scan accepts; `readers`
 * read members on the way (topLevelMembersOfBytes).
 */
export function scannedMembers(raw: Buffer, readers?: ReadonlyMap<string, MemberReader>): Map<string, MemberSpan> | undefined {
  return raw.length >= SCANNED_BODY_MIN && isUtf8(raw) ? topLevelMembersOfBytes(raw, MAX_JSON_DEPTH, readers) : undefined;
}

/**
 * `parseJsonObject` for a chat body (routes/chat-body-bytes.ts: any body for an adapter that reads the conversation,
 * and one that is short or that the scan refuses for one that forwards it with a member or two changed): the whole
 * body parsed, and its bytes kept, with their top-level members when scanned.
 * `byteMembers` is scannedMembers(raw).
 */
export function parseScannedBody(raw: Buffer, byteMembers: Map<string, MemberSpan> | undefined): { object: Record<string, unknown>; source: JsonSource } {
  // a body the scan accepted nests no deeper than the limit
  const { object, text } = parseWhole(raw, byteMembers === undefined);
  return { object, source: { text, bytes: raw, byteMembers } };
}

/**
 * A body a route forwards as the client sent it but for members it sets (the native /v1/messages), with only the
 * members `keys` parsed. A body of SCANNED_BODY_MIN or more is scanned, not parsed, and not decoded either
 * (json-bytes.ts): its top level must be a JSON object with no repeated key (so the provider reads the model the
 * gateway resolved and bills), every string in it closed, its brackets paired and nested no deeper than
 * MAX_JSON_DEPTH (json-top-level.ts says what the scan checks); what lies inside the nested values (a conversation,
 * most of the bytes) is the provider's to judge, as it would be behind any proxy, and a body it refuses comes back as
 * its own 400 in its own envelope, unbilled. A coding agent's request of ~230 KB cost the data plane ~4 ms more when
 * decoded and parsed whole (docs/performance.md).
 *
 * A shorter body, or one that is not UTF-8, whose top level the scan refuses or finds a key repeated in, or that
 * nests too deep, is parsed whole as any body is: refused with the reason, or (keys repeated) rebuilt by the route.
 *
 * With `scope` (the key's id), its `messages` is scanned from where it stops holding what the key's last long
 * conversation held (ConversationMemo): the same verdict and spans, without passing again over the turns before.
 */
export function readForwardedBody(raw: Buffer, keys: readonly string[], scope?: string): { object: Record<string, unknown>; source: JsonSource } {
  // a short body is parsed whole: no reader is made for it
  const byteMembers = scannedMembers(raw, scope === undefined || raw.length < SCANNED_BODY_MIN ? undefined : conversationReader(raw, scope));
  if (byteMembers === undefined) {
    const { object, text } = parseWhole(raw, true);
    return { object, source: { text, bytes: raw } };
  }
  const object: Record<string, unknown> = {};
  for (const key of keys) {
    const span = byteMembers.get(key);
    if (span !== undefined) object[key] = parseMember(raw, span);
  }
  return { object, source: { bytes: raw, byteMembers } };
}

/** The long conversations kept, for every key together (a coding agent's turn is ~180 KB of conversation). */
const conversations = new ConversationMemo<undefined>(256, 8 * 1024 * 1024);

/** The long `tools` kept, for every key together (a coding agent's are ~37 KB; a view of the body, as conversations are). */
const toolsSeen = new ConversationMemo<undefined>(256, 8 * 1024 * 1024);

/**
 * The scan's readers of `messages` and `tools` through the key's memos; any `messages` but an array as the scan
 * reads it.
 */
function conversationReader(raw: Buffer, scope: string): ReadonlyMap<string, MemberReader> {
  return new Map<string, MemberReader>([
    ["messages", (start, depth) => (raw[start] === OPEN_BRACKET ? arrayEnd(conversations, scope, raw, start, depth) : topLevelValueEnd(raw, start, depth))],
    ["tools", (start, depth) => valueEnd(toolsSeen, scope, raw, start, depth, () => ({ end: topLevelValueEnd(raw, start, depth), read: undefined })).end],
  ]);
}

/** The value of a member the scan found, parsed alone; a 400 when it is not JSON. */
export function parseMember(raw: Buffer, span: MemberSpan): unknown {
  try {
    return JSON.parse(raw.toString("utf8", span.valueStart, span.valueEnd));
  } catch {
    throw new GatewayError("invalid_json", "The request body is not valid JSON.");
  }
}
