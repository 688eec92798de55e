import { z } from "zod";
import { tokenCount, usageObject } from "../shared/usage-values.ts";
import type { Usage } from "../types.ts";

const count = z.number().int().nonnegative().optional().catch(undefined);

/** Anthropic's `usage` object (Messages API, message_start and message_delta events). */
export const AnthropicUsage = z.object({
  input_tokens: count,
  output_tokens: count,
  cache_read_input_tokens: z.number().int().nonnegative().nullish().catch(undefined),
  cache_creation_input_tokens: z.number().int().nonnegative().nullish().catch(undefined),
});

/**
 * Anthropic counts cache reads and writes apart from `input_tokens`; the gateway's Usage counts every prompt
 * token in `inputTokens` (OpenAI's convention), so they are added in.
 * https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching#tracking-cache-performance
 */
export function parseAnthropicUsage(raw: unknown): Usage | undefined {
  // `AnthropicUsage` applied by hand, as parseOpenAIUsage applies its schema: it runs on every answer and twice a
  // stream, where zod's pass and the merge's entries cost a /v1/messages stream ~4 µs under load
  // (docs/performance.md); a property test holds the two to the same result
  const u = usageObject(raw);
  if (u === undefined) return undefined;
  const usage: Usage = {};
  const read = tokenCount(u["cache_read_input_tokens"]);
  const written = tokenCount(u["cache_creation_input_tokens"]);
  const input = tokenCount(u["input_tokens"]);
  if (input !== undefined) usage.inputTokens = input + (read ?? 0) + (written ?? 0);
  const output = tokenCount(u["output_tokens"]);
  if (output !== undefined) usage.outputTokens = output;
  if (read !== undefined) usage.cachedInputTokens = read;
  if (written !== undefined) usage.cacheWriteTokens = written;
  return usage;
}

/** Folds a stream's usage reports: message_start has the prompt, message_delta the (cumulative) output. */
export function mergeUsage(prev: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!next) return prev;
  // copied into a fresh object rather than spread: V8 adds properties to a spread's copy on a slow path
  const merged: Record<string, unknown> = {};
  for (const k in prev) merged[k] = (prev as Record<string, unknown>)[k];
  for (const k in next) {
    const v = (next as Record<string, unknown>)[k];
    if (v !== undefined) merged[k] = v;
  }
  return merged as Usage;
}
