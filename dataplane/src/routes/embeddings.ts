import type { EmbeddingModel } from "../../../catalog/src/index.ts";
import { admitRequest } from "../admission/admit-request.ts";
import { authenticateInference } from "../auth/authenticate.ts";
import { checkEmbeddingRequest } from "../capabilities/embedding.ts";
import type { Cancellation } from "../cancellation.ts";
import type { DataPlaneDeps } from "../deps.ts";
import type { RequestContext } from "../http/context.ts";
import { parseJsonObject } from "../http/json-body.ts";
import { costMicros, worstCaseMicros } from "../metering/cost.ts";
import { embeddingAdapterFor } from "../providers/embedding-registry.ts";
import type { Access } from "../providers/credentials.ts";
import type { EmbeddingRequest, EmbeddingTarget, TokenCounter } from "../providers/embedding-types.ts";
import { renderEmbeddingList } from "../providers/shared/embedding-list.ts";
import type { Usage } from "../providers/types.ts";
import { sendWithFailover } from "../upstream/failover.ts";
import { answerFailure } from "./inference-failure.ts";
import { resolveForUse } from "./model-access.ts";

const ENDPOINT = "/v1/embeddings";

/**
 * POST /v1/embeddings: never streamed, metered in input tokens as the provider counts them (docs/embeddings.md).
 * Every check of the body runs before the provider's credential is looked at, so a width outside the published
 * set is the same 400 whether or not the provider can be reached.
 */
export async function embeddings(deps: DataPlaneDeps, ctx: RequestContext, rawBody: Promise<void> | undefined): Promise<void> {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  await rawBody;
  const raw = ctx.takeBody();
  const body = parseJsonObject(raw);
  let checked: EmbeddingRequest | undefined;
  const { model, provider } = resolveForUse(deps, key, body.model, "embedding", (m) => {
    const p = deps.catalog.providers.get(m.provider);
    checked = checkEmbeddingRequest(m, body, (p && embeddingAdapterFor(p)?.tokenInput) ?? false);
  });
  const req = checked!;
  const adapter = embeddingAdapterFor(provider)!;
  const meter = admitRequest(deps, ctx, key, model, ENDPOINT, worstCase(model, raw.length, req));
  const estimate = (): Usage => ({ inputTokens: estimateTokens(req) });
  const target = (a: Access): EmbeddingTarget => ({ baseUrl: a.baseUrl, credential: a.credential, upstreamModel: model.upstream_id });

  const upstreamStartMs = Date.now();
  let status = 200;
  let usage: Usage | undefined;
  let unbilled = false;
  // a call that got no answer at all (connection refused, reset before headers) reached no provider: not billed,
  // unless the client left first (the provider may have started work)
  let heard = false;
  let errorCode: string | undefined;
  try {
    // asked alongside the embeddings, not after them, so counting adds no latency
    const counted = adapter.tokenCounter ? countTokens(deps, provider.namespace, adapter.tokenCounter, req, target, ctx) : undefined;
    const { up, access } = await sendWithFailover(deps, provider.namespace, (a) => adapter.buildRequest(req, body, target(a)), ctx);
    heard = true;
    if (up.status >= 400) {
      unbilled = true;
      throw adapter.upstreamError(up.status, up.headers, await up.body.text(), access.credential);
    }
    const out = adapter.parseResponse(await up.body.text(), req);
    const count = out.usage === undefined ? await counted : undefined;
    usage = out.usage ?? (count === undefined ? undefined : { inputTokens: count });
    const text = renderEmbeddingList(out, req, model.slug, (usage ?? estimate()).inputTokens ?? 0);
    const cost = meter.finish({ status, streamed: false, usage, estimate, upstreamLatencyMs: Date.now() - upstreamStartMs });
    ctx.sendAfterUpstream(200, text, { "x-svc-cost-micros": String(cost) });
  } catch (err) {
    ({ status, errorCode } = answerFailure(ctx, err, status));
  } finally {
    meter.finish({ status, streamed: false, usage, unbilled: unbilled || (!heard && !ctx.aborted), errorCode, estimate, upstreamLatencyMs: Date.now() - upstreamStartMs });
  }
}

/** Every prompt byte / 3 (the shared worst case for text), or the exact count where the client sent token ids. */
function worstCase(model: EmbeddingModel, bodyBytes: number, req: EmbeddingRequest): number {
  const ids = req.input.kind === "tokens" ? req.input.tokens.reduce((n, t) => n + t.length, 0) : 0;
  return Math.max(worstCaseMicros(model, bodyBytes, 0), costMicros(model, { inputTokens: ids }));
}

/**
 * Billed only when the provider reported no count and no count could be had: about four bytes of text per token,
 * the rule of thumb OpenAI's and Google's guides give for English; token ids count one each.
 */
function estimateTokens(req: EmbeddingRequest): number {
  if (req.input.kind === "tokens") return req.input.tokens.reduce((n, t) => n + t.length, 0);
  return Math.ceil(req.input.texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 4);
}

/**
 * The provider's own count of the request's tokens, by a second call on one of its credentials. Never rejects: a
 * count that cannot be had (no credential, a refusal, a network failure) leaves the request to the estimate.
 */
async function countTokens(
  deps: DataPlaneDeps,
  namespace: string,
  counter: TokenCounter,
  req: EmbeddingRequest,
  target: (a: Access) => EmbeddingTarget,
  signal: Cancellation,
): Promise<number | undefined> {
  const access = deps.credentials.pick(namespace);
  if (!access) return undefined;
  try {
    const up = await deps.upstream.send(counter.buildRequest(req, target(access)), signal);
    const text = await up.body.text();
    return up.status < 400 ? counter.parseResponse(text) : undefined;
  } catch {
    return undefined;
  }
}
