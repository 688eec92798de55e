import { Agent, errors, request } from "undici";
import { GatewayError } from "../errors.ts";
import type { UpstreamRequest } from "../providers/types.ts";

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { text(): Promise<string>; dump(): Promise<void> };
}

/**
 * The only place the data plane does network I/O to providers. One undici Agent keeps a keep-alive pool per
 * upstream origin. Failures become GatewayErrors with stable codes and no provider detail.
 */
export class UpstreamClient {
  readonly #agent: Agent;

  constructor(opts: { headersTimeoutMs: number; bodyTimeoutMs: number; connections?: number }) {
    this.#agent = new Agent({
      // per origin: every stream in flight holds one (HTTP/1.1), so this caps a replica's open streams per provider
      connections: opts.connections ?? 4096,
      keepAliveTimeout: 30_000,
      headersTimeout: opts.headersTimeoutMs,
      bodyTimeout: opts.bodyTimeoutMs,
    });
  }

  async send(req: UpstreamRequest, signal: AbortSignal): Promise<UpstreamResponse> {
    try {
      const res = await request(req.url, { method: req.method ?? "POST", headers: req.headers, body: req.body ?? null, signal, dispatcher: this.#agent });
      return { status: res.statusCode, headers: res.headers, body: res.body };
    } catch (err) {
      throw upstreamFailure(err);
    }
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}

export function upstreamFailure(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  if (err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError) {
    return new GatewayError("upstream_timeout", "The provider did not answer in time.");
  }
  return new GatewayError("upstream_error", "The gateway could not reach the provider.");
}
