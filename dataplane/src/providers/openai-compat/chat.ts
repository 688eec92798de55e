import { parseResponseJson } from "../shared/provider-json.ts";
import type { ChatContext, JsonUpstreamRequest, UpstreamTarget, Usage } from "../types.ts";
import { parseOpenAIUsage } from "./usage.ts";

/**
 * The client's body goes upstream as it came, but for the model id (the provider's) and, on streams, a request
 * for the usage chunk: the gateway meters every stream whether or not the client asked for usage.
 */
export function buildChatRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): JsonUpstreamRequest {
  const out: Record<string, unknown> = { ...body, model: target.upstreamModel };
  if (stream) {
    const so = body.stream_options;
    out.stream_options = { ...(so !== null && typeof so === "object" ? so : {}), include_usage: true };
  }
  return {
    url: new URL(`${target.baseUrl.replace(/\/+$/, "")}/chat/completions`),
    headers: {
      "content-type": "application/json",
      accept: stream ? "text/event-stream" : "application/json",
      authorization: `Bearer ${target.credential}`,
    },
    body: JSON.stringify(out),
  };
}

/**
 * A non-streamed completion goes back as the provider wrote it, but named by the gateway's slug (as translated
 * providers' answers are), so the answer does not tell which provider or snapshot served it. Without a context
 * it goes back byte for byte.
 */
export function parseChatResponse(text: string, ctx?: Pick<ChatContext, "model">): { body: string; usage: Usage | undefined } {
  const json = parseResponseJson(text);
  if (json === null || typeof json !== "object") return { body: text, usage: undefined };
  const usage = parseOpenAIUsage((json as { usage?: unknown }).usage);
  const o = json as { model?: unknown };
  if (!ctx || o.model === ctx.model || o.model === undefined) return { body: text, usage };
  o.model = ctx.model;
  return { body: JSON.stringify(json), usage };
}
