import { z } from "zod";
import type { Usage } from "../types.ts";

const count = z.number().int().nonnegative().optional().catch(undefined);

/** https://ai.google.dev/api/generate-content#UsageMetadata */
const UsageMetadata = z.looseObject({
  promptTokenCount: count,
  cachedContentTokenCount: count,
  candidatesTokenCount: count,
  toolUsePromptTokenCount: count,
  thoughtsTokenCount: count,
  totalTokenCount: count,
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
  const parsed = UsageMetadata.safeParse(raw);
  if (!parsed.success || parsed.data.promptTokenCount === undefined) return undefined;
  const u = parsed.data;
  return {
    inputTokens: (u.promptTokenCount ?? 0) + (u.toolUsePromptTokenCount ?? 0),
    outputTokens: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0),
    cachedInputTokens: u.cachedContentTokenCount ?? 0,
    reasoningTokens: u.thoughtsTokenCount ?? 0,
  };
}
