// What a translating adapter answers in: OpenAI's chat completion and chunk shapes. One builder for each, so the
// Anthropic and Gemini translations cannot drift apart in what an OpenAI client sees. Mapping a provider's own
// values (its stop reasons, its tool call ids) stays in that provider's folder.
import { jsonNumber } from "../../../../proto/json-text.ts";
import type { ChatContext, Usage } from "../types.ts";

/** OpenAI's finish reasons (https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices). */
export type FinishReason = "stop" | "length" | "tool_calls" | "content_filter";

/**
 * Usage in OpenAI's shape. prompt_tokens counts every prompt token, cache reads and writes included (the gateway's
 * Usage already does); cached_tokens is the part read from the cache. cache_write_tokens follows OpenAI's newer
 * `prompt_tokens_details` field, so the gateway's own OpenAI usage reader sees the writes too. The optional
 * details appear only when the provider reported them (Gemini's usage always carries reasoningTokens, Anthropic's
 * never does).
 */
export function openAIUsage(u: Usage): Record<string, unknown> {
  const prompt = u.inputTokens ?? 0;
  const completion = u.outputTokens ?? 0;
  const details: Record<string, number> = { cached_tokens: u.cachedInputTokens ?? 0 };
  if (u.cacheWriteTokens !== undefined) details.cache_write_tokens = u.cacheWriteTokens;
  const out: Record<string, unknown> = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: details };
  if (u.reasoningTokens !== undefined) out.completion_tokens_details = { reasoning_tokens: u.reasoningTokens };
  return out;
}

/**
 * `JSON.stringify(openAIUsage(u))`, or with `cost_micros` after its fields, byte for byte, written field by field:
 * JSON.stringify of the usage chunk built by spreading these objects took ~3.6 µs, a tenth of translating a whole
 * 20-chunk stream (docs/performance.md).
 */
export function openAIUsageJson(u: Usage, costMicros?: number): string {
  const prompt = u.inputTokens ?? 0;
  const completion = u.outputTokens ?? 0;
  let out = `{"prompt_tokens":${jsonNumber(prompt)},"completion_tokens":${jsonNumber(completion)},"total_tokens":${jsonNumber(prompt + completion)},"prompt_tokens_details":{"cached_tokens":${jsonNumber(u.cachedInputTokens ?? 0)}`;
  if (u.cacheWriteTokens !== undefined) out += `,"cache_write_tokens":${jsonNumber(u.cacheWriteTokens)}`;
  out += "}";
  if (u.reasoningTokens !== undefined) out += `,"completion_tokens_details":{"reasoning_tokens":${jsonNumber(u.reasoningTokens)}}`;
  if (costMicros !== undefined) out += `,"cost_micros":${jsonNumber(costMicros)}`;
  return `${out}}`;
}

/** An OpenAI function tool call, as a completion's message and a stream's first delta of the call carry it. */
export function functionToolCall(id: string, name: string, args: string): Record<string, unknown> {
  return { id, type: "function", function: { name, arguments: args } };
}

/** A non-streamed `chat.completion` with one choice, as JSON text; `usage` is left out when not reported. */
export function completionBody(ctx: ChatContext, message: Record<string, unknown>, finish: FinishReason, usage: Usage | undefined): string {
  const out: Record<string, unknown> = {
    id: `chatcmpl-${ctx.requestId}`,
    object: "chat.completion",
    created: ctx.createdSec,
    model: ctx.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
  };
  if (usage) out.usage = openAIUsage(usage);
  return JSON.stringify(out);
}

/**
 * The stream's chunk head, the fields every `chat.completion.chunk` carries, as `JSON.stringify` writes them (id,
 * object, created, model) without the closing brace: written once a stream, on its context. Its strings are
 * serialised alone rather than an object of the four: at one request at a time the object, its serialisation and a
 * WeakMap entry cost a translated stream's first chunk ~7 µs (docs/performance.md).
 */
function chunkHeadText(ctx: ChatContext): string {
  return (ctx.chunkHeadText ??= `{"id":${JSON.stringify(`chatcmpl-${ctx.requestId}`)},"object":"chat.completion.chunk","created":${JSON.stringify(ctx.createdSec)},"model":${JSON.stringify(ctx.model)}`);
}

/**
 * One SSE event carrying a chunk with a single choice: `JSON.stringify` of the chunk, byte for byte, with the
 * stream's head serialised once rather than spread and serialised again for each of its events.
 */
export function deltaEvent(ctx: ChatContext, delta: Record<string, unknown>, finish: FinishReason | null = null): string {
  return deltaEventOf(ctx, JSON.stringify(delta), finish);
}

/** `JSON.stringify({ role: "assistant", content: "" })`: the delta of a translated stream's first chunk. */
const ROLE_DELTA_JSON = '{"role":"assistant","content":""}';

/** The chunk a translated stream opens with, as OpenAI's streams do: the assistant's role and empty content. */
export function roleEvent(ctx: ChatContext): string {
  return deltaEventOf(ctx, ROLE_DELTA_JSON);
}

/** deltaEvent for a delta already serialised: `deltaJson` must be `JSON.stringify` of it, byte for byte. */
export function deltaEventOf(ctx: ChatContext, deltaJson: string, finish: FinishReason | null = null): string {
  return `data: ${chunkHeadText(ctx)},"choices":[{"index":0,"delta":${deltaJson},"logprobs":null,"finish_reason":${finish === null ? "null" : JSON.stringify(finish)}}]}`;
}

/** The final usage chunk of `stream_options.include_usage`: no choices, the usage, and what the gateway bills. */
export function usageEvent(ctx: ChatContext, usage: Usage): string {
  return `data: ${chunkHeadText(ctx)},"choices":[],"usage":${openAIUsageJson(usage, ctx.priceMicros(usage))}}`;
}

export const DONE_EVENT = "data: [DONE]";
