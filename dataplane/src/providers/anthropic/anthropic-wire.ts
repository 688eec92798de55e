import { z } from "zod";

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

type Json = Readonly<Record<string, unknown>>;

/** What z.object accepts as an object: not null, not an array. */
function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

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

/** https://docs.anthropic.com/en/api/errors: `{type:"error", error:{type, message}}`, also sent as an SSE `error` event. */
export const ErrorEnvelope = z.looseObject({
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }),
});
