import { z } from "zod";
import type { Usage } from "../types.ts";

const count = z.number().int().nonnegative().optional().catch(undefined);

/** The OpenAI `usage` object; fields other providers omit stay undefined ("not reported"). */
const OpenAIUsage = z.object({
  prompt_tokens: count,
  completion_tokens: count,
  prompt_tokens_details: z
    .object({ cached_tokens: count, cache_write_tokens: count })
    .nullish()
    .catch(undefined),
  completion_tokens_details: z.object({ reasoning_tokens: count }).nullish().catch(undefined),
});

export function parseOpenAIUsage(raw: unknown): Usage | undefined {
  const parsed = OpenAIUsage.safeParse(raw);
  if (!parsed.success) return undefined;
  const u = parsed.data;
  const usage: Usage = {};
  if (u.prompt_tokens !== undefined) usage.inputTokens = u.prompt_tokens;
  if (u.completion_tokens !== undefined) usage.outputTokens = u.completion_tokens;
  if (u.prompt_tokens_details?.cached_tokens !== undefined) usage.cachedInputTokens = u.prompt_tokens_details.cached_tokens;
  if (u.prompt_tokens_details?.cache_write_tokens !== undefined) usage.cacheWriteTokens = u.prompt_tokens_details.cache_write_tokens;
  if (u.completion_tokens_details?.reasoning_tokens !== undefined) usage.reasoningTokens = u.completion_tokens_details.reasoning_tokens;
  return usage;
}
