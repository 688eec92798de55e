import { jsonString } from "../../../../proto/json-text.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import { JsonText, twoTopLevelSpans, withTopLevelValues, type JsonSource } from "../shared/json-top-level.ts";
import { upstreamUrl } from "../shared/upstream-url.ts";
import type { ChatContext, PassThroughRequest, UpstreamTarget, Usage } from "../types.ts";
import { parseOpenAIUsage } from "./usage.ts";

/**
 * The client's body goes upstream as it came, but for the model id (the provider's) and, on streams, a request
 * for the usage chunk: the gateway meters every stream whether or not the client asked for usage. Given the
 * client's body, those members are spliced into it (withTopLevelValues).
 */
export function buildChatRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean, source?: JsonSource): PassThroughRequest {
  const values: Record<string, unknown> = { model: target.upstreamModel };
  if (stream) values.stream_options = streamOptions(body.stream_options);
  return {
    url: upstreamUrl(target.baseUrl, "/chat/completions"),
    headers: {
      "content-type": "application/json",
      accept: stream ? "text/event-stream" : "application/json",
      authorization: `Bearer ${target.credential}`,
    },
    body: withTopLevelValues(body, source, values),
  };
}

/** `stream_options` with nothing but `include_usage: true`, as most streams ask for it (or ask for none). */
const USAGE_ONLY = new JsonText('{"include_usage":true}');

/** The client's `stream_options` with `include_usage: true`: the usage chunk the gateway meters by. */
function streamOptions(so: unknown): unknown {
  if (so === null || typeof so !== "object") return USAGE_ONLY;
  for (const k in so) if (k !== "include_usage") return { ...so, include_usage: true };
  return USAGE_ONLY;
}

/**
 * A non-streamed completion goes back as the provider wrote it, but named by the gateway's slug (as translated
 * providers' answers are), so the answer does not tell which provider or snapshot served it. Without a context
 * it goes back byte for byte. Only `usage` is parsed, and `model` spliced in: the rest is the provider's text
 * (passed on as a proxy passes bytes; a text that is not a JSON object at all is still refused as before).
 */
export function parseChatResponse(text: string, ctx?: Pick<ChatContext, "model">): { body: string; usage: Usage | undefined } {
  const spans = twoTopLevelSpans(text, "usage", "model");
  if (spans === undefined) {
    const json = parseResponseJson(text);
    if (json === null || typeof json !== "object") return { body: text, usage: undefined };
    const usage = parseOpenAIUsage((json as { usage?: unknown }).usage);
    const o = json as { model?: unknown };
    if (!ctx || o.model === ctx.model || o.model === undefined) return { body: text, usage };
    o.model = ctx.model;
    return { body: JSON.stringify(json), usage };
  }
  const [u, m] = spans;
  const usage = u === undefined ? undefined : parseOpenAIUsage(parseResponseJson(text.slice(u.valueStart, u.valueEnd)));
  if (!ctx || m === undefined) return { body: text, usage };
  const slug = jsonString(ctx.model);
  if (text.slice(m.valueStart, m.valueEnd) === slug) return { body: text, usage };
  return { body: text.slice(0, m.valueStart) + slug + text.slice(m.valueEnd), usage };
}
