import { z } from "zod";
import { startsAt } from "../../starts-at.ts";
import { isObject } from "../shared/provider-json.ts";
import { stringEnd } from "../shared/json-top-level.ts";

/**
 * The parts of Anthropic's Messages API responses and stream events the adapter reads
 * (https://docs.anthropic.com/en/api/messages, https://docs.anthropic.com/en/docs/build-with-claude/streaming).
 * Objects stay open: Anthropic adds fields (stop_details, caller, inference_geo…) without a version bump.
 */

export const TextBlock = z.looseObject({ type: z.literal("text"), text: z.string() });
export const ThinkingBlock = z.looseObject({ type: z.literal("thinking"), thinking: z.string() });
export const ToolUseBlock = z.looseObject({ type: z.literal("tool_use"), id: z.string(), name: z.string(), input: z.unknown() });
/** redacted_thinking, server_tool_use, web_search_tool_result, compaction…: nothing an OpenAI client can be given. */
const OtherBlock = z.looseObject({ type: z.string() });

export const ContentBlock = z.union([TextBlock, ThinkingBlock, ToolUseBlock, OtherBlock]);
export type ContentBlock = z.infer<typeof ContentBlock>;

export const MessageResponse = z.looseObject({
  type: z.literal("message"),
  content: z.array(ContentBlock),
  stop_reason: z.string().nullish(),
  usage: z.unknown(),
});

/** Every stream event names its type; the adapter reads the rest by type. */
export const StreamEventHead = z.looseObject({ type: z.string() });

export const MessageStartEvent = z.looseObject({ message: z.looseObject({ usage: z.unknown() }) });
export const ContentBlockStartEvent = z.looseObject({ index: z.number().int(), content_block: ContentBlock });
export const ContentBlockDeltaEvent = z.looseObject({
  index: z.number().int(),
  delta: z.looseObject({
    type: z.string(),
    text: z.string().optional(),
    thinking: z.string().optional(),
    partial_json: z.string().optional(),
  }),
});
export const ContentBlockStopEvent = z.looseObject({ index: z.number().int() });
export const MessageDeltaEvent = z.looseObject({
  delta: z.looseObject({ stop_reason: z.string().nullish() }),
  usage: z.unknown(),
});


/**
 * `StreamEventHead.safeParse(json)`'s verdict without zod: the event's type, or undefined when the schema would
 * refuse it. Every event of a translated stream is read by this and most by readBlockDelta: through zod the two
 * cost ~0.3 µs an event more, a quarter of translating the bench's 20-chunk stream (32.9 against 25.3 µs,
 * docs/performance.md). The tests hold both to their schema's verdict and fields.
 */
export function readEventType(json: unknown): string | undefined {
  return isObject(json) && typeof json.type === "string" ? json.type : undefined;
}

export type BlockDelta = z.infer<typeof ContentBlockDeltaEvent>;

const optionalString = (v: unknown): boolean => v === undefined || typeof v === "string";

/** `ContentBlockDeltaEvent.safeParse(json)` without zod: the event as the schema reads it, or undefined when refused. */
export function readBlockDelta(json: unknown): BlockDelta | undefined {
  if (!isObject(json) || !Number.isSafeInteger(json.index)) return undefined;
  const delta = json.delta;
  if (!isObject(delta) || typeof delta.type !== "string") return undefined;
  if (!optionalString(delta.text) || !optionalString(delta.thinking) || !optionalString(delta.partial_json)) return undefined;
  return json as BlockDelta;
}

export type MessageStart = z.infer<typeof MessageStartEvent>;
export type BlockStart = z.infer<typeof ContentBlockStartEvent>;
export type BlockStop = z.infer<typeof ContentBlockStopEvent>;
export type MessageDelta = z.infer<typeof MessageDeltaEvent>;

// The other events of a translated stream read by hand too: zod's pass copies each object it checks, and on a stream's
// first event, at one request at a time, its code is cold (message_start's translation took ~90 against ~35 µs for a
// pass-through stream's first event with the caches cold: docs/performance.md). A property test holds each to its
// schema's verdict and fields.

/** `MessageStartEvent.safeParse(json)` without zod: the event as the schema reads it, or undefined when refused. */
export function readMessageStart(json: unknown): MessageStart | undefined {
  // a member the schema reads as z.unknown() must be there, even as undefined
  return isObject(json) && isObject(json.message) && "usage" in json.message ? (json as MessageStart) : undefined;
}

/** `ContentBlockStartEvent.safeParse(json)` without zod: any block with a string type passes (OtherBlock). */
export function readBlockStart(json: unknown): BlockStart | undefined {
  if (!isObject(json) || !Number.isSafeInteger(json.index)) return undefined;
  const block = json.content_block;
  return isObject(block) && typeof block.type === "string" ? (json as BlockStart) : undefined;
}

/** `ContentBlockStopEvent.safeParse(json)` without zod. */
export function readBlockStop(json: unknown): BlockStop | undefined {
  return isObject(json) && Number.isSafeInteger(json.index) ? (json as BlockStop) : undefined;
}

/** `MessageDeltaEvent.safeParse(json)` without zod. */
export function readMessageDelta(json: unknown): MessageDelta | undefined {
  if (!isObject(json) || !isObject(json.delta) || !("usage" in json)) return undefined;
  const stop = json.delta.stop_reason;
  return stop === undefined || stop === null || typeof stop === "string" ? (json as MessageDelta) : undefined;
}

/** A text or thinking delta read from its event's text without JSON.parse (readTextDelta). */
export interface TextDelta {
  readonly index: number;
  readonly type: "text_delta" | "thinking_delta";
  /** The string as its JSON text between the quotes: what `JSON.stringify` of the string gives, quotes excluded. */
  readonly json: string;
}

const DELTA_OPENING = '{"type":"content_block_delta","index":';
const TEXT_OPENING = ',"delta":{"type":"text_delta","text":"';
const THINKING_OPENING = ',"delta":{"type":"thinking_delta","thinking":"';
/** What may follow the string: the delta's and the event's closing braces, with the padding Anthropic adds. */
const DELTA_CLOSING = /\}[ \t\n\r]*\}[ \t\n\r]*$/y;
/**
 * What `JSON.stringify` would write otherwise than the text has it: a raw control character (JSON.parse refuses it),
 * a lone surrogate (escaped by JSON.stringify; a pair, an emoji, stays as it is) or an escape JSON.stringify does not
 * write (`\/`, `\uXXXX`). An escape starts at a backslash after an even run of them: the second of `\\` is the
 * escaped character, not the start of another escape. Text without any is its own canonical JSON.
 */
const NOT_CANONICAL = /[\x00-\x1f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|(?<!\\)(?:\\\\)*\\[^"\\bfnrt]/;

/**
 * The common event of a translated stream, `{"type":"content_block_delta","index":N,"delta":{"type":"text_delta",
 * "text":"…"}}` (or a thinking_delta's `"thinking"`) exactly as Anthropic writes it, read from its text: the string's
 * JSON text is taken as it stands, so the event is neither parsed nor its string serialised again (JSON.parse of the
 * event was ~0.6 µs, half of translating it: docs/performance.md). Undefined for any other text, which is read
 * through JSON.parse and readBlockDelta as before; the tests hold every answer to what that reading gives.
 */
export function readTextDelta(data: string): TextDelta | undefined {
  if (!startsAt(data, DELTA_OPENING, 0)) return undefined;
  let at = DELTA_OPENING.length;
  const digitsFrom = at;
  while (at < data.length && data.charCodeAt(at) >= 48 && data.charCodeAt(at) <= 57) at++;
  const digits = at - digitsFrom;
  // no leading zero (JSON has none) and at most 15 digits (always a safe integer)
  if (digits === 0 || digits > 15 || (digits > 1 && data.charCodeAt(digitsFrom) === 48)) return undefined;
  let type: TextDelta["type"];
  if (startsAt(data, TEXT_OPENING, at)) {
    type = "text_delta";
    at += TEXT_OPENING.length;
  } else if (startsAt(data, THINKING_OPENING, at)) {
    type = "thinking_delta";
    at += THINKING_OPENING.length;
  } else return undefined;
  // the openings end with the string's opening quote
  const close = stringEnd(data, at - 1);
  if (close < 0) return undefined;
  DELTA_CLOSING.lastIndex = close;
  if (!DELTA_CLOSING.test(data)) return undefined;
  const json = data.slice(at, close - 1);
  if (NOT_CANONICAL.test(json)) return undefined;
  return { index: Number(data.slice(digitsFrom, digitsFrom + digits)), type, json };
}

/** https://docs.anthropic.com/en/api/errors: `{type:"error", error:{type, message}}`, also sent as an SSE `error` event. */
export const ErrorEnvelope = z.looseObject({
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }),
});
