import { invalid } from "../shared/invalid.ts";

export type ReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh";

/**
 * OpenAI's `reasoning_effort` → Anthropic's extended thinking, in one of Anthropic's two forms:
 *
 * - Claude 4.6 and later take `thinking: {type: "adaptive"}` with `output_config.effort`; Opus 4.7 and the Claude 5
 *   family reject the budget form with a 400 (https://platform.claude.com/docs/en/build-with-claude/adaptive-thinking,
 *   https://platform.claude.com/docs/en/build-with-claude/effort). Effort keeps OpenAI's words (minimal → low).
 * - Earlier models take `thinking: {type: "enabled", budget_tokens}`
 *   (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking): budget_tokens must be at least 1,024
 *   and below max_tokens, which counts thinking and answer together (as OpenAI's max_completion_tokens counts
 *   reasoning and answer). The mapping, kept below max_tokens:
 *     minimal, low → 1,024   medium → 4,096   high → 16,384   xhigh → 32,768
 *
 * "none" (or no reasoning_effort) sends no thinking config: Claude does not think unless asked.
 */
const BUDGET: Record<Exclude<ReasoningEffort, "none">, number> = { minimal: 1024, low: 1024, medium: 4096, high: 16384, xhigh: 32768 };
const EFFORT: Record<Exclude<ReasoningEffort, "none">, string> = { minimal: "low", low: "low", medium: "medium", high: "high", xhigh: "xhigh" };
const MIN_BUDGET = 1024;

export interface ThinkingParams {
  thinking: Record<string, unknown>;
  output_config?: Record<string, unknown>;
}

export function thinkingParams(effort: ReasoningEffort | null | undefined, upstreamModel: string, maxTokens: number, maxTokensParam: string): ThinkingParams | undefined {
  if (!effort || effort === "none") return undefined;
  if (usesAdaptiveThinking(upstreamModel)) return { thinking: { type: "adaptive" }, output_config: { effort: EFFORT[effort] } };
  const budget = Math.min(BUDGET[effort], maxTokens - 1);
  if (budget < MIN_BUDGET) {
    throw invalid(maxTokensParam, `reasoning_effort needs room to think: Anthropic requires a thinking budget of at least ${MIN_BUDGET} tokens below max_tokens, so \`${maxTokensParam}\` must be above ${MIN_BUDGET}.`);
  }
  return { thinking: { type: "enabled", budget_tokens: budget } };
}

/**
 * Whether the model id names Claude 4.6 or later. Ids put the version after the family (claude-opus-4-6,
 * claude-sonnet-4-5-20250929, claude-opus-5) or before it (claude-3-7-sonnet-20250219); an 8-digit date is not a
 * version. An id with no version keeps the budget form.
 */
export function usesAdaptiveThinking(upstreamModel: string): boolean {
  const version = claudeVersion(upstreamModel);
  if (!version) return false;
  const [major, minor] = version;
  return major > 4 || (major === 4 && minor >= 6);
}

export function claudeVersion(id: string): [number, number] | undefined {
  const tokens = id.toLowerCase().replace(/^.*?claude-/, "").split(/[-.@]/);
  const start = tokens.findIndex((t) => /^\d{1,2}$/.test(t));
  if (start === -1) return undefined;
  const major = Number(tokens[start]);
  const next = tokens[start + 1];
  const minor = next !== undefined && /^\d{1,2}$/.test(next) ? Number(next) : 0;
  return [major, minor];
}
