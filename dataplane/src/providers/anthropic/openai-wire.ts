import type { ChatContext, Usage } from "../types.ts";

/** OpenAI's finish reasons (https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices). */
export type FinishReason = "stop" | "length" | "tool_calls" | "content_filter";

/**
 * Anthropic's stop_reason → OpenAI's finish_reason. https://docs.anthropic.com/en/api/messages#response-stop-reason
 * pause_turn (a server-tool loop paused) ends the turn as far as an OpenAI client can tell; tool_use names only
 * the client's tools, so a turn whose one "tool call" was the JSON-mode answer ends with "stop".
 */
export function finishReason(stopReason: string | null | undefined, clientToolCalls: number): FinishReason {
  switch (stopReason) {
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "tool_use":
      return clientToolCalls > 0 ? "tool_calls" : "stop";
    case "refusal":
      return "content_filter";
    default:
      return "stop";
  }
}

/**
 * Usage in OpenAI's shape. prompt_tokens counts every prompt token, cache reads and writes included (the gateway's
 * Usage already does); cached_tokens is the part read from the cache. cache_write_tokens follows OpenAI's newer
 * `prompt_tokens_details` field, so the gateway's own OpenAI usage reader sees the writes too.
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
