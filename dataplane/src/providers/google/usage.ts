import { z } from "zod";
import { tokenCount, usageObject } from "../shared/usage-values.ts";
import type { Usage } from "../types.ts";

const TokenCount = z.number().int().nonnegative().optional().catch(undefined);

/** https://ai.google.dev/api/generate-content#UsageMetadata; applied by hand (parseGeminiUsage), held to it by a property test. */
export const UsageMetadata = z.looseObject({
  promptTokenCount: TokenCount,
  cachedContentTokenCount: TokenCount,
  candidatesTokenCount: TokenCount,
  toolUsePromptTokenCount: TokenCount,
  thoughtsTokenCount: TokenCount,
  totalTokenCount: TokenCount,
});

/**
 * Gemini's usageMetadata → the gateway's Usage.
 * - promptTokenCount already counts the cached tokens (cachedContentTokenCount is a part of it, OpenAI's
 *   convention); tokens of server-side tool results (toolUsePromptTokenCount) are input the model read, so they
 *   are added in.
 * - Thoughts are billed as output (https://ai.google.dev/gemini-api/docs/pricing) but counted apart from
 *   candidatesTokenCount, so output = candidates + thoughts; reasoningTokens is the thoughts part.
 * - Proto3 JSON leaves zero counts out, so a missing count beside a reported prompt count is 0, not "unknown".
 *   A usageMetadata without any prompt count (Vertex sends `{trafficType}` alone mid-stream) is no report.
 */
export function parseGeminiUsage(raw: unknown): Usage | undefined {
  // every event of a stream carries one: read by hand, as zod's pass of it and of the event cost ~0.3 µs an event
  const u = usageObject(raw);
  if (u === undefined) return undefined;
  const prompt = tokenCount(u.promptTokenCount);
  if (prompt === undefined) return undefined;
  const thoughts = tokenCount(u.thoughtsTokenCount) ?? 0;
  return {
    inputTokens: prompt + (tokenCount(u.toolUsePromptTokenCount) ?? 0),
    outputTokens: (tokenCount(u.candidatesTokenCount) ?? 0) + thoughts,
    cachedInputTokens: tokenCount(u.cachedContentTokenCount) ?? 0,
    reasoningTokens: thoughts,
  };
}

