import { tmpdir } from "node:os";
import type { TranscriptionFormat } from "../../../catalog/src/index.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import { admitRequest } from "../admission/admit-request.ts";
import { authenticateInference } from "../auth/authenticate.ts";
import { checkTranscriptionRequest } from "../capabilities/transcription.ts";
import { NEVER_CANCELLED } from "../cancellation.ts";
import type { DataPlaneDeps } from "../deps.ts";
import type { RequestContext } from "../http/context.ts";
import { receiveUpload, type Upload } from "../http/multipart-upload.ts";
import { costMicros } from "../metering/cost.ts";
import { transcriptionWorstCase } from "../metering/transcription-bounds.ts";
import type { TranscriptionJob, TranscriptionStream, UpstreamIo } from "../providers/shared/transcription.ts";
import { transcriptionAdapterFor } from "../providers/transcription-registry.ts";
import type { Usage } from "../providers/types.ts";
import { sendWithFailover } from "../upstream/failover.ts";
import { SseSplitter } from "../upstream/sse-splitter.ts";
import { answerFailure } from "./inference-failure.ts";
import { resolveForUse } from "./model-access.ts";
import { checkNotEmpty, checkProviderParameters, uploadCeiling } from "./transcription-checks.ts";
import { readTranscriptionForm } from "./transcription-form.ts";

const ENDPOINT = "/v1/audio/transcriptions";

/**
 * POST /v1/audio/transcriptions (docs/transcription.md). Registered without a body: the upload is read here, part
 * by part, so a file is refused as soon as it passes its ceiling and is never held in memory. The temporary copy
 * is removed on every path.
 */
export async function audioTranscriptions(deps: DataPlaneDeps, ctx: RequestContext): Promise<void> {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  // before the first await: uWS hands the body only to a reader registered at once
  const receiving = receiveUpload(ctx.res, {
    contentType: ctx.contentType,
    fileField: "file",
    fileLimit: (fields) => uploadCeiling(deps, key, fields),
    dir: tmpdir(),
    signal: ctx,
  });
  let upload: Upload | undefined;
  try {
    upload = await receiving;
    await transcribe(deps, ctx, key, upload);
  } finally {
    await upload?.discard();
  }
}

/** A provider finishes a transcription whether or not anyone waits for it, so a client's leaving cancels nothing. */
const UNCANCELLED = NEVER_CANCELLED;

async function transcribe(deps: DataPlaneDeps, ctx: RequestContext, key: KeyEntry, upload: Upload): Promise<void> {
  const form = readTranscriptionForm(upload.fields);
  let format: TranscriptionFormat = "json";
  const { model, provider } = resolveForUse(deps, key, form.model, "transcription", (m) => {
    format = checkTranscriptionRequest(m, { responseFormat: form.responseFormat, stream: form.stream, surcharged: form.surcharged, fileBytes: upload.file.bytes });
    checkNotEmpty(upload.file.bytes);
    const wire = deps.catalog.providers.get(m.provider);
    const adapter = wire && transcriptionAdapterFor(wire);
    if (adapter) checkProviderParameters(m, adapter, form.extra);
  });
  const adapter = transcriptionAdapterFor(provider)!;
  const job: TranscriptionJob = { model, format, stream: form.stream, file: upload.file, options: form.options, extra: form.extra };
  const surcharges = adapter.surcharges(job);
  const worst = transcriptionWorstCase(model, upload.file.bytes, surcharges);
  const meter = admitRequest(deps, ctx, key, model, ENDPOINT, costMicros(model, worst));
  const billed = (u: Usage | undefined): Usage | undefined => (u === undefined ? undefined : { ...u, surcharges });

  const io: UpstreamIo = {
    send: (build) => sendWithFailover(deps, provider.namespace, build, UNCANCELLED),
    sendAs: (_access, req) => deps.upstream.send(req, UNCANCELLED),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  const upstreamStartMs = Date.now();
  let status = 200;
  let usage: Usage | undefined;
  // billed only once the provider has answered with a transcription: a refusal or no answer at all costs nothing
  let answered = false;
  let errorCode: string | undefined;
  try {
    const answer = await adapter.call(job, io);
    if (!answer.ok) throw answer.error;
    answered = true;
    if (job.stream) {
      const stream = adapter.streamTranslator!(job, (u) => costMicros(model, { ...u, surcharges }));
      try {
        await pipeStream(ctx, stream, answer.up.body);
      } finally {
        usage = billed(stream.usage);
      }
      if (ctx.aborted) errorCode = "client_disconnected";
      return;
    }
    const out = adapter.respond(await answer.up.body.text(), job);
    usage = billed(out.usage);
    if (ctx.aborted) errorCode = "client_disconnected";
    const cost = meter.finish({ status, streamed: false, usage, errorCode, estimate: () => worst, upstreamLatencyMs: Date.now() - upstreamStartMs });
    ctx.sendAfterUpstream(200, out.body, { "x-svc-cost-micros": String(cost) });
  } catch (err) {
    ({ status, errorCode } = answerFailure(ctx, err, status));
  } finally {
    meter.finish({ status, streamed: job.stream, usage, unbilled: !answered, errorCode, estimate: () => worst, upstreamLatencyMs: Date.now() - upstreamStartMs });
  }
}

/**
 * Forwards each event as soon as it is complete. A client that goes away does not stop the read: the usage comes
 * with the last event, and the provider bills the whole transcription either way.
 */
async function pipeStream(ctx: RequestContext, stream: TranscriptionStream, body: AsyncIterable<Buffer>): Promise<void> {
  const splitter = new SseSplitter();
  ctx.startStream({ "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  const send = (blocks: string[]) => {
    const events = blocks.flatMap((b) => stream.push(b));
    return events.length > 0 ? ctx.write(`${events.join("\n\n")}\n\n`) : undefined;
  };
  for await (const chunk of body) {
    const wait = send(splitter.push(chunk));
    if (wait) await wait;
  }
  const last = splitter.flush().flatMap((b) => stream.push(b));
  ctx.endStream(last.length > 0 ? `${last.join("\n\n")}\n\n` : undefined);
}
