import type http from "node:http";
import type { RecordedRequest } from "./mock-upstream.ts";

/**
 * One kind's mock of every provider serving it. `namespace` is the provider for prefixed routes
 * (`/<namespace>/…`, see MEDIA_NAMESPACES) and "openai-or-google" for the unprefixed OpenAI and Gemini paths;
 * `pathname` has the prefix removed. Resolves true when it answered the request.
 */
export type MediaMock = (call: { namespace: string; pathname: string; rec: RecordedRequest; res: http.ServerResponse }) => boolean | Promise<boolean>;

export function sendJson(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}
