import { z } from "zod";
import { fromZod } from "../shared/invalid.ts";
import { paramShape, paramsPlainlyValid, refuseUnsupported, type RefusedParam } from "../shared/plain-params.ts";
import { sanitizeJsonSchema } from "./schema.ts";

const PARAMS = {
  max_tokens: "positiveInt",
  max_completion_tokens: "positiveInt",
  temperature: "number",
  top_p: "number",
  presence_penalty: "number",
  frequency_penalty: "number",
  stop: "stop",
  n: "positiveInt",
  seed: "int",
  reasoning_effort: "effort",
} as const;
export const Params = z.looseObject({
  ...paramShape(PARAMS),
  response_format: z
    .discriminatedUnion("type", [
      z.looseObject({ type: z.literal("text") }),
      z.looseObject({ type: z.literal("json_object") }),
      z.looseObject({ type: z.literal("json_schema"), json_schema: z.looseObject({ name: z.string().optional(), schema: z.record(z.string(), z.unknown()).optional() }) }),
    ])
    .nullish(),
});

/**
 * OpenAI parameters Gemini has no counterpart for here and that would change the answer the client gets: refused,
 * naming the field, rather than silently ignored. Those that would not (user, safety_identifier, store, metadata,
 * service_tier, prompt_cache_key, verbosity, parallel_tool_calls…) are ignored.
 */
const REFUSED: readonly RefusedParam[] = [
  ["n", (v) => typeof v === "number" && v > 1, "This gateway returns one choice per request for Gemini models."],
  ["logprobs", (v) => v === true, "Log probabilities are not available through this endpoint for Gemini models."],
  ["top_logprobs", (v) => typeof v === "number" && v > 0, "Log probabilities are not available through this endpoint for Gemini models."],
  ["logit_bias", (v) => v !== null && typeof v === "object" && Object.keys(v).length > 0, "Gemini models do not take a logit bias."],
  ["audio", (v) => v !== null && v !== undefined, "Audio output is not available through this endpoint for Gemini models."],
  ["modalities", (v) => Array.isArray(v) && v.some((m) => m !== "text"), "Only text output is available through this endpoint for Gemini models."],
  ["prediction", (v) => v !== null && v !== undefined, "Gemini models do not take predicted outputs."],
  ["web_search_options", (v) => v !== null && v !== undefined, "Web search is not available through this endpoint for Gemini models."],
  ["functions", (v) => Array.isArray(v) && v.length > 0, "Use `tools` instead of the deprecated `functions`."],
  ["function_call", (v) => v !== null && v !== undefined, "Use `tool_choice` instead of the deprecated `function_call`."],
];

/**
 * OpenAI's `reasoning_effort` → Gemini's thinkingConfig.thinkingBudget, the mapping Google's own OpenAI-compatible
 * endpoint documents (https://ai.google.dev/gemini-api/docs/openai): low 1,024, medium 8,192, high 24,576 tokens,
 * none 0 (thinking off, on the models that allow it; the others answer 400, e.g. 2.5 Pro). minimal takes
 * the low budget, xhigh the high one (the largest every 2.5 model accepts). One mapping for every model, without
 * guessing families from ids: Gemini 3 prefers thinkingLevel but "thinkingBudget is accepted for backwards
 * compatibility" (https://ai.google.dev/gemini-api/docs/thinking). includeThoughts asks for the thought summaries
 * that become `reasoning_content`; without reasoning_effort the model's defaults stand and no thoughts are sent.
 */
const BUDGET = { none: 0, minimal: 1024, low: 1024, medium: 8192, high: 24576, xhigh: 24576 } as const;

function parseParams(body: Record<string, unknown>): z.infer<typeof Params> {
  const parsed = Params.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/**
 * The OpenAI sampling and output parameters → Gemini's generationConfig
 * (https://ai.google.dev/api/generate-content#v1beta.GenerationConfig). Undefined when there is nothing to set.
 */
export function generationConfig(body: Record<string, unknown>): Record<string, unknown> | undefined {
  refuseUnsupported(body, REFUSED);
  // a response_format (JSON mode) is left to zod: its forms are a union
  const p = body.response_format == null && paramsPlainlyValid(body, PARAMS) ? (body as z.infer<typeof Params>) : parseParams(body);

  const out: Record<string, unknown> = {};
  const maxTokens = p.max_completion_tokens ?? p.max_tokens;
  if (maxTokens != null) out.maxOutputTokens = maxTokens;
  if (p.temperature != null) out.temperature = p.temperature;
  if (p.top_p != null) out.topP = p.top_p;
  if (p.presence_penalty != null) out.presencePenalty = p.presence_penalty;
  if (p.frequency_penalty != null) out.frequencyPenalty = p.frequency_penalty;
  const stops = (typeof p.stop === "string" ? [p.stop] : (p.stop ?? [])).filter((s) => s !== "");
  if (stops.length > 0) out.stopSequences = stops;
  if (p.n != null) out.candidateCount = p.n;
  if (p.seed != null) out.seed = p.seed;

  // JSON output (https://ai.google.dev/gemini-api/docs/structured-output): responseJsonSchema takes JSON Schema and
  // requires responseMimeType; the older responseSchema takes Google's OpenAPI subset (see schema.ts).
  const rf = p.response_format;
  if (rf?.type === "json_object") out.responseMimeType = "application/json";
  if (rf?.type === "json_schema") {
    out.responseMimeType = "application/json";
    if (rf.json_schema.schema !== undefined) out.responseJsonSchema = sanitizeJsonSchema(rf.json_schema.schema);
  }

  if (p.reasoning_effort != null) {
    const thinkingBudget = BUDGET[p.reasoning_effort];
    out.thinkingConfig = thinkingBudget === 0 ? { thinkingBudget } : { thinkingBudget, includeThoughts: true };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
