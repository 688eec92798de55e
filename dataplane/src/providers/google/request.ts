import type { JsonUpstreamRequest, UpstreamTarget } from "../types.ts";
import { generationConfig } from "./generation.ts";
import { translateMessages } from "./messages.ts";
import { translateTools } from "./tools.ts";
import { turnsKeeper } from "../shared/turns-kept.ts";
import { upstreamUrl } from "../shared/upstream-url.ts";

/**
 * An OpenAI chat completions body → a Gemini generateContent call (https://ai.google.dev/api/generate-content),
 * or streamGenerateContent with `alt=sse`, which sends each GenerateContentResponse as one SSE `data:` event
 * (without it Gemini streams one JSON array). `target.baseUrl` is Gemini's with its version, e.g.
 * https://generativelanguage.googleapis.com/v1beta. The key goes in the x-goog-api-key header, never in the URL's
 * `key=` parameter, so it cannot leak through a logged URL (https://ai.google.dev/gemini-api/docs/api-key).
 */
export function buildGenerateContentRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): JsonUpstreamRequest {
  const { systemInstruction, contents, kept } = translateMessages(body.messages, turnsKeeper(body));
  const out: Record<string, unknown> = { contents: kept === undefined ? contents : [kept.placeholder, ...contents] };
  if (systemInstruction) out.systemInstruction = systemInstruction;
  Object.assign(out, translateTools(body));
  const config = generationConfig(body);
  if (config) out.generationConfig = config;

  const model = target.upstreamModel.replace(/^models\//, "");
  const method = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  const headers: Record<string, string> = {
    "x-goog-api-key": target.credential,
    "content-type": "application/json",
    accept: stream ? "text/event-stream" : "application/json",
  };
  return { url: upstreamUrl(target.baseUrl, `/models/${encodeURIComponent(model)}:${method}`), headers, body: JSON.stringify(out) };
}
