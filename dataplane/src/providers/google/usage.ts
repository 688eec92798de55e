import { z } from "zod";
import type { Usage } from "../types.ts";

const tokenCount = z.number().int().nonnegative().optional().catch(undefined);

/** https://ai.google.dev/api/generate-content#UsageMetadata; applied by hand (parseGeminiUsage), held to it by a property test. */
export const UsageMetadata = z.looseObject({
  promptTokenCount: tokenCount,
  cachedContentTokenCount: tokenCount,
  candidatesTokenCount: tokenCount,
  toolUsePromptTokenCount: tokenCount,
  thoughtsTokenCount: tokenCount,
  totalTokenCount: tokenCount,
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
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const u = raw as Readonly<Record<string, unknown>>;
  const prompt = count(u.promptTokenCount);
  if (prompt === undefined) return undefined;
  const thoughts = count(u.thoughtsTokenCount) ?? 0;
  return {
    inputTokens: prompt + (count(u.toolUsePromptTokenCount) ?? 0),
    outputTokens: (count(u.candidatesTokenCount) ?? 0) + thoughts,
    cachedInputTokens: count(u.cachedContentTokenCount) ?? 0,
    reasoningTokens: thoughts,
  };
}

/** What `z.number().int().nonnegative().catch(undefined)` gives for a member: the count, or undefined. */
function count(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}
