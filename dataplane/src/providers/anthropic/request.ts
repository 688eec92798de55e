import { z } from "zod";
import type { JsonUpstreamRequest, UpstreamTarget } from "../types.ts";
import { fromZod, invalid } from "../shared/invalid.ts";
import { paramShape, paramsPlainlyValid, refuseUnsupported, type RefusedParam } from "../shared/plain-params.ts";
import { jsonOutputTool } from "./json-mode.ts";
import { endsInToolLoop, translateMessages } from "./messages.ts";
import { thinkingParams } from "./thinking.ts";
import { translateTools } from "./tools.ts";
import { turnsKeeper } from "../shared/turns-kept.ts";
import { upstreamUrl } from "../shared/upstream-url.ts";

/** The API version every Anthropic SDK pins (https://docs.anthropic.com/en/api/versioning). */
const ANTHROPIC_VERSION = "2023-06-01";
/** Only if the catalog gave no maximum output: Anthropic requires max_tokens on every call. */
const FALLBACK_MAX_TOKENS = 4096;

const PARAMS = {
  max_tokens: "positiveInt",
  max_completion_tokens: "positiveInt",
  temperature: "number",
  top_p: "number",
  stop: "stop",
  user: "string",
  safety_identifier: "string",
  reasoning_effort: "effort",
} as const;
export const Params = z.looseObject(paramShape(PARAMS));

/**
 * OpenAI parameters Anthropic has no counterpart for and that would change the answer the client gets: refused,
 * naming the field, rather than silently ignored. Those that would not (seed, store, metadata, service_tier,
 * prompt_cache_key, verbosity…) are ignored.
 */
const REFUSED: readonly RefusedParam[] = [
  ["n", (v) => typeof v === "number" && v > 1, "Anthropic models return one choice per request."],
  ["logprobs", (v) => v === true, "Anthropic models do not return log probabilities."],
  ["top_logprobs", (v) => typeof v === "number" && v > 0, "Anthropic models do not return log probabilities."],
  ["logit_bias", (v) => v !== null && typeof v === "object" && Object.keys(v).length > 0, "Anthropic models do not take a logit bias."],
  ["frequency_penalty", (v) => typeof v === "number" && v !== 0, "Anthropic models do not take a frequency penalty."],
  ["presence_penalty", (v) => typeof v === "number" && v !== 0, "Anthropic models do not take a presence penalty."],
  ["audio", (v) => v !== null && v !== undefined, "Anthropic models do not produce audio."],
  ["modalities", (v) => Array.isArray(v) && v.some((m) => m !== "text"), "Anthropic models produce text only."],
  ["prediction", (v) => v !== null && v !== undefined, "Anthropic models do not take predicted outputs."],
  ["web_search_options", (v) => v !== null && v !== undefined, "Web search is not available through this endpoint for Anthropic models."],
  ["functions", (v) => Array.isArray(v) && v.length > 0, "Use `tools` instead of the deprecated `functions`."],
  ["function_call", (v) => v !== null && v !== undefined, "Use `tool_choice` instead of the deprecated `function_call`."],
];

function parseParams(body: Record<string, unknown>): z.infer<typeof Params> {
  const parsed = Params.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/**
 * An OpenAI chat completions body → an Anthropic Messages API call (https://docs.anthropic.com/en/api/messages).
 * `target.baseUrl` is Anthropic's, without /v1 (as its SDKs spell it).
 */
export function buildMessagesRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): JsonUpstreamRequest {
  refuseUnsupported(body, REFUSED);
  const p = paramsPlainlyValid(body, PARAMS) ? (body as z.infer<typeof Params>) : parseParams(body);

  const { system, messages, kept } = translateMessages(body.messages, turnsKeeper(body));
  const maxTokens = p.max_completion_tokens ?? p.max_tokens ?? (target.maxOutputTokens > 0 ? target.maxOutputTokens : FALLBACK_MAX_TOKENS);
  const maxTokensParam = p.max_completion_tokens == null && p.max_tokens != null ? "max_tokens" : "max_completion_tokens";
  let thinking = thinkingParams(p.reasoning_effort, target.upstreamModel, maxTokens, maxTokensParam);
  const jsonTool = jsonOutputTool(body.response_format);
  if (jsonTool && thinking) {
    throw invalid("response_format", "`response_format` cannot be combined with `reasoning_effort` on Anthropic models: JSON output is a forced tool call, which Anthropic does not allow while the model thinks.");
  }
  // While a tool loop is open Anthropic wants the signed thinking block that preceded the calls sent back ("a final
  // assistant message must start with a thinking block … To avoid this requirement, disable thinking";
  // https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks). OpenAI's
  // format cannot carry it, so the turn that answers tool results goes without thinking, as Anthropic advises.
  if (thinking && endsInToolLoop(kept === undefined ? messages : [kept.last, ...messages])) thinking = undefined;

  const out: Record<string, unknown> = { model: target.upstreamModel, max_tokens: maxTokens };
  if (system.length > 0) out.system = system;
  out.messages = kept === undefined ? messages : [kept.placeholder, ...messages];
  Object.assign(out, translateTools(body, jsonTool));
  const stops = (typeof p.stop === "string" ? [p.stop] : (p.stop ?? [])).filter((s) => s !== "");
  if (stops.length > 0) out.stop_sequences = stops;
  if (p.temperature != null) out.temperature = p.temperature;
  if (p.top_p != null) out.top_p = p.top_p;
  if (thinking) Object.assign(out, thinking);
  // Anthropic's abuse-tracking id (https://docs.anthropic.com/en/api/messages#body-metadata-user-id); OpenAI's
  // safety_identifier replaced `user` for that purpose.
  const userId = p.safety_identifier ?? p.user;
  if (userId) out.metadata = { user_id: userId };
  if (stream) out.stream = true;

  const headers: Record<string, string> = {
    "x-api-key": target.credential,
    "anthropic-version": ANTHROPIC_VERSION,
    "content-type": "application/json",
  };
  if (stream) headers.accept = "text/event-stream";
  return { url: upstreamUrl(target.baseUrl, "/v1/messages"), headers, body: JSON.stringify(out) };
}
