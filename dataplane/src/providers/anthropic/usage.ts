import { z } from "zod";
import type { Usage } from "../types.ts";

const count = z.number().int().nonnegative().optional().catch(undefined);

/** Anthropic's `usage` object (Messages API, message_start and message_delta events). */
const AnthropicUsage = z.object({
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
  const parsed = AnthropicUsage.safeParse(raw);
  if (!parsed.success) return undefined;
  const u = parsed.data;
  const usage: Usage = {};
  const read = u.cache_read_input_tokens ?? undefined;
  const written = u.cache_creation_input_tokens ?? undefined;
  if (u.input_tokens !== undefined) usage.inputTokens = u.input_tokens + (read ?? 0) + (written ?? 0);
  if (u.output_tokens !== undefined) usage.outputTokens = u.output_tokens;
  if (read !== undefined) usage.cachedInputTokens = read;
  if (written !== undefined) usage.cacheWriteTokens = written;
  return usage;
}

/** Folds a stream's usage reports: message_start has the prompt, message_delta the (cumulative) output. */
export function mergeUsage(prev: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!next) return prev;
  return { ...prev, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) };
}
