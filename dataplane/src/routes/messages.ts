import type { Model } from "../../../catalog/src/index.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import { admitRequest } from "../admission/admit-request.ts";
import { authenticateInference } from "../auth/authenticate.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";
import { readForwardedBody } from "../http/json-body.ts";
import { worstCaseMicros } from "../metering/cost.ts";
import { buildNativeRequest, nativeUpstreamError } from "../providers/anthropic/native.ts";
import { mergeUsage, parseAnthropicUsage } from "../providers/anthropic/usage.ts";
import type { Usage } from "../providers/types.ts";
import { quotedNameAt } from "../providers/shared/quoted-name.ts";
import type { Access } from "../providers/credentials.ts";
import { upstreamFailure } from "../upstream/client.ts";
import { sendWithFailover } from "../upstream/failover.ts";
import { SseSplitter, sseData } from "../upstream/sse-splitter.ts";
import { ENDPOINT_FOR_KIND, keyAllows } from "./model-access.ts";

/** The client's headers the native routes read: x-api-key to tell its sender what to do, the two that go upstream. */
export const NATIVE_HEADERS = ["x-api-key", "anthropic-version", "anthropic-beta"] as const;

/** The members of a native body the gateway reads; the rest goes to the provider as the client sent it. */
const FORWARDED_READS = ["model", "max_tokens", "stream"] as const;

/** The one provider whose native format /v1/messages speaks. */
const NATIVE_WIRE = "anthropic";

/**
 * Clients of the native route authenticate like everyone else (Bearer); x-api-key is the header of the
 * gateway's own credential on the upstream leg (SPEC 5.4), so a client sending only that is told what to do.
 */
function authenticate(deps: DataPlaneDeps, ctx: RequestContext): KeyEntry {
  if (!ctx.authorization && ctx.headers["x-api-key"]) {
    throw new GatewayError(
      "missing_api_key",
      "Send your gateway key as `Authorization: Bearer <key>`; x-api-key is not accepted here. With the Anthropic SDK pass it as authToken (ANTHROPIC_AUTH_TOKEN), not apiKey.",
    );
  }
  return authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
}

function resolveNative(deps: DataPlaneDeps, key: KeyEntry, id: unknown): Model {
  if (typeof id !== "string" || id.length === 0) throw new GatewayError("invalid_request_error", "`model` is required.", { param: "model" });
  const model = deps.catalog.resolve(id);
  if (!model) throw new GatewayError("model_not_found", `The model \`${id.slice(0, 200)}\` does not exist.`, { param: "model" });
  const provider = deps.catalog.providers.get(model.provider);
  if (model.kind !== "chat" || provider?.wire !== NATIVE_WIRE) {
    const right = model.kind === "chat" ? ENDPOINT_FOR_KIND.chat : ENDPOINT_FOR_KIND[model.kind];
    throw new GatewayError("wrong_endpoint_for_model", `\`${model.slug}\` is not served on /v1/messages, which speaks only Anthropic's chat models; send it to ${right}.`, { param: "model" });
  }
  if (!keyAllows(key, model.slug)) throw new GatewayError("model_not_allowed", `This key is not allowed to use \`${model.slug}\`.`, { param: "model" });
  if (!deps.credentials.has(model.provider)) throw new GatewayError("no_usable_credential", `\`${model.slug}\` is unavailable: its provider has no usable credential on this gateway right now.`);
  return model;
}

function nativeOptions(ctx: RequestContext, a: Access, model: Model) {
  // field by field, not `{ ...a, … }`: see upstreamTarget
  return { baseUrl: a.baseUrl, credential: a.credential, upstreamModel: model.upstream_id, clientHeaders: ctx.headers, beta: /(^|&)beta=true(&|$)/.test(ctx.query) };
}

/** POST /v1/messages: Anthropic's Messages API passed through, streams byte for byte, metered from its usage. */
export async function messages(deps: DataPlaneDeps, ctx: RequestContext, rawBody: Promise<void> | undefined): Promise<void> {
  const key = authenticate(deps, ctx);
  await rawBody;
  const raw = ctx.takeBody();
  const { object: body, source } = readForwardedBody(raw, FORWARDED_READS, key.id ?? "");
  const model = resolveNative(deps, key, body.model);
  const maxTokens = body.max_tokens;
  if (typeof maxTokens !== "number" || !Number.isSafeInteger(maxTokens) || maxTokens < 1) {
    throw new GatewayError("invalid_request_error", "`max_tokens` is required: a positive integer.", { param: "max_tokens" });
  }
  const meter = admitRequest(deps, ctx, key, model, "/v1/messages", worstCaseMicros(model, raw.length, maxTokens));
  const stream = body.stream === true;
  const estimateIn = Math.ceil(raw.length / 4);
  let status = 200;
  let usage: Usage | undefined;
  let outputEvents = 0;
  let unbilled = false;
  // a call that got no answer at all (connection refused, reset before headers) reached no provider: not billed,
  // unless the client left first (the provider may have started work)
  let heard = false;
  let errorCode: string | undefined;
  const upstreamStart = Date.now();
  // The last event seen with usage in it, not parsed yet: read when the next one comes or the stream ends, so a
  // chunk is never held for its parse (message_start's, ~10 µs at one request at a time, held the first chunk:
  // docs/performance.md), and the usage reports are still merged in order.
  let unread: string | undefined;
  const readUnread = () => {
    if (unread === undefined) return;
    const data = unread;
    unread = undefined;
    try {
      const j = JSON.parse(data) as { type?: string; usage?: unknown; message?: { usage?: unknown } };
      usage = mergeUsage(usage, parseAnthropicUsage(j.type === "message_start" ? j.message?.usage : j.usage));
    } catch {
      // not JSON: nothing to meter in it
    }
  };
  try {
    const { up, access } = await sendWithFailover(deps, model.provider, (a) => buildNativeRequest("/v1/messages", body, nativeOptions(ctx, a, model), source), ctx);
    heard = true;
    if (up.status >= 400) {
      unbilled = true;
      const err = nativeUpstreamError(up.status, up.headers, await up.body.text(), access.credential);
      if (err instanceof GatewayError) throw err;
      status = err.status;
      errorCode = "upstream_status";
      ctx.send(err.status, err.body, err.headers);
      return;
    }
    if (!stream) {
      const text = await up.body.text();
      try {
        usage = parseAnthropicUsage((JSON.parse(text) as { usage?: unknown }).usage);
      } catch {
        throw new GatewayError("upstream_error", "The provider sent a response that is not JSON.");
      }
      outputEvents = Math.ceil(text.length / 4);
      const cost = meter.finish({ status, streamed: false, usage, estimate: () => ({ inputTokens: estimateIn, outputTokens: outputEvents }), upstreamLatencyMs: Date.now() - upstreamStart });
      ctx.sendAfterUpstream(200, text, { "x-svc-cost-micros": String(cost) });
      return;
    }
    ctx.startStream({ "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    // bytes go to the client exactly as they came; a copy is cut into events only to read the usage
    const splitter = new SseSplitter();
    let stopped = false;
    const watch = (blocks: string[]) => {
      for (const b of blocks) {
        const data = sseData(b);
        if (data === undefined) continue;
        // a delta, most of a stream, carries output only: Anthropic reports usage in message_start and
        // message_delta and the end in message_stop, so a delta is not searched for them
        if (quotedNameAt(data, "content_block_delta") >= 0) {
          outputEvents++;
          continue;
        }
        if (quotedNameAt(data, "message_stop") >= 0) stopped = true;
        if (quotedNameAt(data, "usage") < 0) continue;
        readUnread();
        unread = data;
      }
    };
    for await (const chunk of up.body) {
      const wait = ctx.write(chunk);
      watch(splitter.push(chunk));
      if (wait) await wait;
      if (ctx.aborted) break;
    }
    watch(splitter.flush());
    if (ctx.aborted) errorCode = "client_disconnected";
    else if (!stopped) throw new GatewayError("upstream_error", "The provider's stream ended before it was complete.");
    else ctx.endStream();
  } catch (err) {
    if (ctx.aborted) errorCode = "client_disconnected";
    else {
      const e = err instanceof GatewayError ? err : upstreamFailure(err);
      status = e.status;
      errorCode = e.code;
      ctx.sendError(e);
    }
  } finally {
    // a stream that failed or lost its client after a usage report: the report counts
    readUnread();
    meter.finish({ status, streamed: stream, usage, unbilled: unbilled || (!heard && !ctx.aborted), errorCode, estimate: () => ({ inputTokens: estimateIn, outputTokens: outputEvents }), upstreamLatencyMs: Date.now() - upstreamStart });
  }
}

/** POST /v1/messages/count_tokens: the provider's own count; admitted, and metered at zero (the one free call). */
export async function countTokens(deps: DataPlaneDeps, ctx: RequestContext, rawBody: Promise<void> | undefined): Promise<void> {
  const key = authenticate(deps, ctx);
  await rawBody;
  const { object: body, source } = readForwardedBody(ctx.takeBody(), FORWARDED_READS, key.id ?? "");
  const model = resolveNative(deps, key, body.model);
  const meter = admitRequest(deps, ctx, key, model, "/v1/messages/count_tokens", 0);
  let status = 200;
  let errorCode: string | undefined;
  const started = Date.now();
  try {
    const { up, access } = await sendWithFailover(deps, model.provider, (a) => buildNativeRequest("/v1/messages/count_tokens", body, nativeOptions(ctx, a, model), source), ctx);
    const text = await up.body.text();
    if (up.status >= 400) {
      const err = nativeUpstreamError(up.status, up.headers, text, access.credential);
      if (err instanceof GatewayError) throw err;
      status = err.status;
      errorCode = "upstream_status";
      ctx.send(err.status, err.body, err.headers);
      return;
    }
    ctx.sendAfterUpstream(200, text, { "x-svc-cost-micros": "0" });
  } catch (err) {
    const e = err instanceof GatewayError ? err : upstreamFailure(err);
    status = e.status;
    errorCode = e.code;
    ctx.sendError(e);
  } finally {
    meter.finish({ status, streamed: false, usage: undefined, unbilled: true, errorCode, estimate: () => ({}), upstreamLatencyMs: Date.now() - started });
  }
}
