import type { ChatContext, Usage } from "../types.ts";
import type { GeminiPart } from "./gemini-wire.ts";

/** OpenAI's finish reasons (https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices). */
export type FinishReason = "stop" | "length" | "tool_calls" | "content_filter";

/** Gemini's reasons for stopping that are a filter's verdict (https://ai.google.dev/api/generate-content#FinishReason). */
const FILTERED = new Set(["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION"]);

/**
 * Gemini's finishReason → OpenAI's finish_reason. Gemini ends a function-calling turn with STOP (its
 * finishMessage says "Model generated function call(s)."), so STOP with calls is OpenAI's tool_calls. Reasons
 * with no OpenAI counterpart (LANGUAGE, OTHER, MALFORMED_FUNCTION_CALL…) end the turn as "stop".
 */
export function finishReason(reason: string, toolCalls: number): FinishReason {
  if (reason === "MAX_TOKENS") return "length";
  if (FILTERED.has(reason)) return "content_filter";
  return toolCalls > 0 ? "tool_calls" : "stop";
}

/**
 * A functionCall part → an OpenAI tool call. Gemini's ids are optional and the Gemini API leaves them out, so ids
 * are `call_<n>`, n counting the calls of this response: deterministic, and the gateway finds the function's name
 * again by the id when the client sends the result back. The part's thought signature rides where Google's own
 * OpenAI-compatible endpoint puts it, `extra_content.google.thought_signature`
 * (https://ai.google.dev/gemini-api/docs/thought-signatures), so a client that echoes the tool call back keeps it.
 */
export function toolCall(part: GeminiPart, n: number): Record<string, unknown> {
  const call: Record<string, unknown> = {
    id: `call_${n}`,
    type: "function",
    function: { name: part.functionCall?.name ?? "", arguments: JSON.stringify(part.functionCall?.args ?? {}) },
  };
  if (part.thoughtSignature) call.extra_content = { google: { thought_signature: part.thoughtSignature } };
  return call;
}

/** Usage in OpenAI's shape; prompt_tokens includes the cached tokens, completion_tokens the reasoning ones. */
export function openAIUsage(u: Usage): Record<string, unknown> {
  const prompt = u.inputTokens ?? 0;
  const completion = u.outputTokens ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: u.cachedInputTokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: u.reasoningTokens ?? 0 },
  };
}

/** The fields every `chat.completion.chunk` carries. */
function chunkHead(ctx: ChatContext): Record<string, unknown> {
  return { id: `chatcmpl-${ctx.requestId}`, object: "chat.completion.chunk", created: ctx.createdSec, model: ctx.model };
}

/** One SSE event carrying a chunk with a single choice. */
export function deltaEvent(ctx: ChatContext, delta: Record<string, unknown>, finish: FinishReason | null = null): string {
  return `data: ${JSON.stringify({ ...chunkHead(ctx), choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}`;
}

/** The final usage chunk of `stream_options.include_usage`: no choices, the usage, and what the gateway bills. */
export function usageEvent(ctx: ChatContext, usage: Usage): string {
  return `data: ${JSON.stringify({ ...chunkHead(ctx), choices: [], usage: { ...openAIUsage(usage), cost_micros: ctx.priceMicros(usage) } })}`;
}

export const DONE_EVENT = "data: [DONE]";
