import { parseResponseJson } from "../shared/provider-json.ts";
import type { UpstreamRequest, UpstreamTarget, Usage } from "../types.ts";
import { parseOpenAIUsage } from "./usage.ts";

/**
 * The client's body goes upstream as it came, but for the model id (the provider's) and, on streams, a request
 * for the usage chunk: the gateway meters every stream whether or not the client asked for usage.
 */
export function buildChatRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): UpstreamRequest {
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

/** A non-streamed completion goes back byte for byte; only its usage is read. */
export function parseChatResponse(text: string): { body: string; usage: Usage | undefined } {
  const json = parseResponseJson(text);
  const usage = json !== null && typeof json === "object" ? parseOpenAIUsage((json as { usage?: unknown }).usage) : undefined;
  return { body: text, usage };
}
