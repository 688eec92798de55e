import { z } from "zod";
import { tokenCount, usageObject } from "../shared/usage-values.ts";
import type { Usage } from "../types.ts";

const count = z.number().int().nonnegative().optional().catch(undefined);

/**
 * The OpenAI `usage` object as the gateway reads it; fields other providers omit stay undefined ("not reported").
 * The schema is the contract; `parseOpenAIUsage` applies it by hand, since it runs on every answer and every
 * streamed usage chunk (zod's pass was ~2 µs of a request), and a property test holds the two to the same result.
 */
export const OpenAIUsage = z.object({
  prompt_tokens: count,
  completion_tokens: count,
  prompt_tokens_details: z
    .object({ cached_tokens: count, cache_write_tokens: count })
    .nullish()
    .catch(undefined),
  completion_tokens_details: z.object({ reasoning_tokens: count }).nullish().catch(undefined),
});

/** `OpenAIUsage` applied to a parsed value, as Usage; undefined when it is not an object. */
export function parseOpenAIUsage(raw: unknown): Usage | undefined {
  const u = usageObject(raw);
  if (u === undefined) return undefined;
  const usage: Usage = {};
  const prompt = tokenCount(u["prompt_tokens"]);
  if (prompt !== undefined) usage.inputTokens = prompt;
  const completion = tokenCount(u["completion_tokens"]);
  if (completion !== undefined) usage.outputTokens = completion;
  const promptDetails = usageObject(u["prompt_tokens_details"]);
  if (promptDetails !== undefined) {
    const cached = tokenCount(promptDetails["cached_tokens"]);
    if (cached !== undefined) usage.cachedInputTokens = cached;
    const written = tokenCount(promptDetails["cache_write_tokens"]);
    if (written !== undefined) usage.cacheWriteTokens = written;
  }
  const reasoning = tokenCount(usageObject(u["completion_tokens_details"])?.["reasoning_tokens"]);
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return usage;
}
