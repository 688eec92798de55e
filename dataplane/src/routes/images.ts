import type { ImageModel } from "../../../catalog/src/index.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import { admitRequest } from "../admission/admit-request.ts";
import { authenticateInference } from "../auth/authenticate.ts";
import { checkImageChoices, checkInputPictures } from "../capabilities/image.ts";
import { type ImageAsk, imageWorstCaseMicros, unreportedUsage } from "../capabilities/image-tiers.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";
import { imageAdapterFor } from "../providers/image-registry.ts";
import type { ImageCall, ImageRequest } from "../providers/image-types.ts";
import { invalid } from "../providers/shared/invalid.ts";
import type { Usage } from "../providers/types.ts";
import { upstreamTarget } from "../providers/credentials.ts";
import { sendWithFailover } from "../upstream/failover.ts";
import { readEditBody, readGenerationBody } from "./images-body.ts";
import { answerFailure } from "./inference-failure.ts";
import { resolveForUse } from "./model-access.ts";

const ENDPOINT = { generations: "/v1/images/generations", edits: "/v1/images/edits" } as const;

/** POST /v1/images/generations: a prompt in, pictures out; never streamed. */
export async function imageGenerations(deps: DataPlaneDeps, ctx: RequestContext, rawBody: Promise<void> | undefined): Promise<void> {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  await rawBody;
  const raw = ctx.takeBody();
  await serveImages(deps, ctx, key, readGenerationBody(raw, ctx.contentType));
}

/** POST /v1/images/edits: a prompt and pictures (JSON references or multipart uploads) in, pictures out. */
export async function imageEdits(deps: DataPlaneDeps, ctx: RequestContext, rawBody: Promise<void> | undefined): Promise<void> {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  await rawBody;
  const raw = ctx.takeBody();
  await serveImages(deps, ctx, key, readEditBody(raw, ctx.contentType));
}

/**
 * Every refusal the gateway makes on its own, run by resolveForUse before any credential is looked at: the
 * request's shape, the model's svc block (the same functions publish it), then what its provider cannot do.
 */
function checkLocally(deps: DataPlaneDeps, req: ImageRequest, model: ImageModel): void {
  const p = req.params;
  if (typeof p.prompt !== "string" || p.prompt.trim() === "") throw invalid("prompt", "`prompt` is required: a text description of the picture.");
  if (p.stream != null && typeof p.stream !== "boolean") throw invalid("stream", "`stream` must be a boolean.");
  if (p.stream === true) throw invalid("stream", "Pictures are never streamed by this gateway; leave out `stream` or send false.");
  // as OpenAI answers for its GPT image models, whose pictures always come back as base64
  if (p.response_format != null) throw invalid("response_format", "Unknown parameter: 'response_format'. Pictures always come back as base64 in `data[].b64_json`.");
  checkImageChoices(model, p);
  if (req.operation === "edits") checkInputPictures(model, req.images.length, req.wire.encoding === "json" ? "images" : "image");
  const provider = deps.catalog.providers.get(model.provider);
  if (provider) imageAdapterFor(provider)?.refuse(req, model);
}

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

function withCost(e: GatewayError, cost: number): GatewayError {
  return new GatewayError(e.code, e.message, { param: e.param, status: e.statusOverride, headers: { ...e.headers, "x-svc-cost-micros": String(cost) } });
}

async function serveImages(deps: DataPlaneDeps, ctx: RequestContext, key: KeyEntry, req: ImageRequest): Promise<void> {
  const endpoint = ENDPOINT[req.operation];
  const { model, provider } = resolveForUse(deps, key, req.params.model, "image", (m) => checkLocally(deps, req, m));
  const adapter = imageAdapterFor(provider)!;
  const ask: ImageAsk = {
    promptBytes: Buffer.byteLength(req.prompt),
    pictures: typeof req.params.n === "number" ? req.params.n : 1,
    inputPictures: req.images.length + (req.mask ? 1 : 0),
    quality: text(req.params.quality),
    size: text(req.params.size),
  };
  const meter = admitRequest(deps, ctx, key, model, endpoint, imageWorstCaseMicros(model, ask));
  const call: ImageCall = { requestId: ctx.requestId, createdSec: Math.floor(ctx.startedAtMs / 1000) };

  const upstreamStartMs = Date.now();
  let status = 200;
  let usage: Usage | undefined;
  // what is billed if the provider reports no usage: the pictures its answer holds, none if it gave none
  let delivered: ImageAsk = { ...ask, pictures: 0 };
  let answered = false;
  let unbilled = false;
  // a call that got no answer at all (connection refused, reset before headers) reached no provider: not billed,
  // unless the client left first (the provider may have started work)
  let heard = false;
  let errorCode: string | undefined;
  const finish = () =>
    meter.finish({ status, streamed: false, usage, unbilled: unbilled || (!heard && !ctx.aborted), errorCode, estimate: () => unreportedUsage(model, delivered), upstreamLatencyMs: Date.now() - upstreamStartMs });
  try {
    const { up, access } = await sendWithFailover(
      deps,
      provider.namespace,
      (a) => adapter.buildRequest(req, upstreamTarget(a, model.upstream_id, model.max_output_tokens ?? 0), call),
      ctx,
    );
    heard = true;
    if (up.status >= 400) {
      unbilled = true;
      throw adapter.upstreamError(up.status, up.headers, await up.body.text(), access.credential);
    }
    const answer = await up.body.text();
    answered = true;
    const out = adapter.parseResponse(answer, req, call);
    usage = out.usage;
    delivered = { ...ask, pictures: out.pictures, quality: out.tier.quality ?? ask.quality, size: out.tier.size ?? ask.size };
    if (out.refusal) {
      status = out.refusal.status;
      errorCode = out.refusal.code;
      ctx.sendError(withCost(out.refusal, finish()));
      return;
    }
    ctx.sendAfterUpstream(200, out.body, { "x-svc-cost-micros": String(finish()) });
  } catch (err) {
    // a client that goes away does not stop the provider drawing: until its answer is in, bill what was asked
    if (ctx.aborted && !answered) delivered = ask;
    ({ status, errorCode } = answerFailure(ctx, err, status));
  } finally {
    finish();
  }
}
