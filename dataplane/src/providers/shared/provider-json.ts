// Reading a provider's answer as JSON, with the one error every adapter gives when it is not: a proxy's HTML page
// or a truncated body is the provider's failure, never the client's.
import { GatewayError } from "../../errors.ts";
import { sseData } from "../../upstream/sse-splitter.ts";

/** A whole non-streamed response body. */
export function parseResponseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new GatewayError("upstream_error", "The provider sent a response that is not JSON.");
  }
}

/** One SSE event of a provider stream: its data as JSON; undefined for an event without data (a comment, a ping). */
export function parseStreamEvent(block: string): unknown {
  const data = sseData(block);
  return data === undefined ? undefined : parseStreamData(data);
}

/** An SSE event's data (sseData) as JSON. */
export function parseStreamData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw new GatewayError("upstream_error", "The provider sent a stream event that is not JSON.");
  }
}

/** What z.object accepts as an object: not null, not an array (the hand-read events, responses and messages check with it). */
export function isObject(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
