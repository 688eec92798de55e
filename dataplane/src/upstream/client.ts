import { Agent, errors, type Dispatcher } from "undici";
import { GatewayError } from "../errors.ts";
import type { UpstreamRequest } from "../providers/types.ts";
import { ResponseBody } from "./response-body.ts";

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { text(): Promise<string>; dump(): Promise<void> };
}

/**
 * The only place the data plane does network I/O to providers. One undici Agent keeps a keep-alive pool per
 * upstream origin. Calls go through `dispatch` with one small handler rather than undici's `request`, which
 * builds a stream, a request handler and abort plumbing per call: a third of the upstream client's CPU under
 * load. Failures become GatewayErrors with stable codes and no provider detail.
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
      return await this.#dispatch(req, signal);
    } catch (err) {
      throw upstreamFailure(err);
    }
  }

  #dispatch(req: UpstreamRequest, signal: AbortSignal): Promise<UpstreamResponse> {
    const { origin, pathname, search } = req.url;
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new errors.RequestAbortedError());
        return;
      }
      const body = new ResponseBody();
      let controller: Dispatcher.DispatchController | undefined;
      let started = false;
      const onAbort = () => controller?.abort(new errors.RequestAbortedError());
      signal.addEventListener("abort", onAbort, { once: true });
      const settled = () => signal.removeEventListener("abort", onAbort);
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(c) {
          controller = c;
          body.attach(c);
          if (signal.aborted) c.abort(new errors.RequestAbortedError());
        },
        onResponseStart(_c, statusCode, headers) {
          started = true;
          resolve({ status: statusCode, headers: headers as UpstreamResponse["headers"], body });
        },
        onResponseData(_c, chunk) {
          body.push(chunk);
        },
        onResponseEnd() {
          settled();
          body.end();
        },
        onResponseError(_c, err) {
          settled();
          if (started) body.fail(err);
          else reject(err);
        },
      };
      this.#agent.dispatch({ origin, path: `${pathname}${search}`, method: (req.method ?? "POST") as Dispatcher.HttpMethod, headers: req.headers, body: req.body ?? null }, handler);
    });
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
