import { admitRequest } from "../admission/admit-request.ts";
import { authenticateInference } from "../auth/authenticate.ts";
import type { DataPlaneDeps } from "../deps.ts";
import type { RequestContext } from "../http/context.ts";
import { costMicros, worstCaseMicros } from "../metering/cost.ts";
import { chatAdapterFor } from "../providers/registry.ts";
import type { ChatContext, StreamTranslator, Usage } from "../providers/types.ts";
import { upstreamTarget } from "../providers/credentials.ts";
import { sendWithFailover } from "../upstream/failover.ts";
import { SseSplitter } from "../upstream/sse-splitter.ts";
import { readChatBody } from "./chat-body.ts";
import { readChatRequestBody } from "./chat-body-bytes.ts";
import { requireCapabilities } from "./chat-capabilities.ts";
import { answerFailure } from "./inference-failure.ts";
import { resolveForUse } from "./model-access.ts";

const ENDPOINT = "/v1/chat/completions";

export async function chatCompletions(deps: DataPlaneDeps, ctx: RequestContext, rawBody: Promise<void> | undefined): Promise<void> {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  await rawBody;
  const raw = ctx.takeBody();
  // what the key sent before is looked up by its id (ConversationMemo, ToolsMemo)
  const scope = key.id ?? "";
  const read = readChatRequestBody(raw, scope);
  const { model, provider } = resolveForUse(deps, key, read.model, "chat");
  const adapter = chatAdapterFor(provider)!;
  const { object: body, source, restore } = adapter.conversation === "forwarded" ? read.forwarded() : read.textsAside(adapter.conversation, scope);
  const p = readChatBody(body);
  requireCapabilities(model, body);
  const maxOut = p.max_completion_tokens ?? p.max_tokens ?? model.max_output_tokens ?? 0;
  const meter = admitRequest(deps, ctx, key, model, ENDPOINT, worstCaseMicros(model, raw.length, maxOut));
  const stream = p.stream === true;
  const estimateIn = Math.ceil(raw.length / 4);

  const chatCtx: ChatContext = {
    model: model.slug,
    requestId: ctx.requestId,
    clientWantsUsage: p.stream_options?.include_usage === true,
    createdSec: Math.floor(ctx.startedAtMs / 1000),
    priceMicros: (u) => costMicros(model, u),
    chunkHeadText: undefined,
  };

  const upstreamStartMs = Date.now();
  let status = 200;
  let usage: Usage | undefined;
  let outputEstimate = 0;
  let unbilled = false;
  // a call that got no answer at all (connection refused, reset before headers) reached no provider: not billed,
  // unless the client left first (the provider may have started work)
  let heard = false;
  let errorCode: string | undefined;
  try {
    const { up, access } = await sendWithFailover(
      deps,
      provider.namespace,
      (a) => {
        const target = upstreamTarget(a, model.upstream_id, model.max_output_tokens ?? maxOut);
        const req = adapter.buildRequest(body, target, stream, source);
        if (restore === undefined || typeof req.body !== "string") return req;
        const pieces = restore(req.body);
        // a placeholder the adapter did not copy as a whole string: the request written again from the whole body
        return pieces !== undefined ? { ...req, body: pieces } : adapter.buildRequest(read.whole().object, target, stream);
      },
      ctx,
    );
    heard = true;
    if (up.status >= 400) {
      unbilled = true;
      throw adapter.upstreamError(up.status, up.headers, await up.body.text(), access.credential);
    }
    if (!stream) {
      const text = await up.body.text();
      const out = adapter.parseResponse(text, chatCtx);
      usage = out.usage;
      outputEstimate = Math.ceil(text.length / 4);
      const cost = meter.finish({ status, streamed: false, usage, estimate: () => ({ inputTokens: estimateIn, outputTokens: outputEstimate }), upstreamLatencyMs: Date.now() - upstreamStartMs });
      ctx.sendAfterUpstream(200, out.body, { "x-svc-cost-micros": String(cost) });
      return;
    }
    const translator = adapter.createStreamTranslator(chatCtx);
    try {
      await pipeStream(ctx, translator, up.body);
    } finally {
      usage = translator.usage;
      outputEstimate = translator.outputEvents;
    }
    if (ctx.aborted) errorCode = "client_disconnected";
  } catch (err) {
    ({ status, errorCode } = answerFailure(ctx, err, status));
  } finally {
    meter.finish({
      status,
      streamed: stream,
      usage,
      unbilled: unbilled || (!heard && !ctx.aborted),
      errorCode,
      estimate: () => ({ inputTokens: estimateIn, outputTokens: outputEstimate }),
      upstreamLatencyMs: Date.now() - upstreamStartMs,
    });
  }
}

/**
 * Sends the client each event as soon as the provider's has completed and been translated; the socket's
 * backpressure paces the upstream read, so a slow client never makes the gateway buffer a whole answer.
 */
async function pipeStream(ctx: RequestContext, translator: StreamTranslator, body: AsyncIterable<Buffer>): Promise<void> {
  const splitter = new SseSplitter();
  ctx.startStream({ "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  const send = (out: string) => (out.length > 0 ? ctx.write(out) : undefined);
  // the events a read completed, translated, as one text ("" for none)
  const translate = (blocks: string[]) => {
    let out = "";
    for (const b of blocks) for (const e of translator.push(b)) out += `${e}\n\n`;
    return out;
  };
  for await (const chunk of body) {
    const wait = send(translate(splitter.push(chunk)));
    if (wait) await wait;
    if (ctx.aborted) return;
  }
  const wait = send(translate(splitter.flush()));
  if (wait) await wait;
  if (ctx.aborted) return;
  const closing = translator.finish();
  ctx.endStream(closing.length > 0 ? `${closing.join("\n\n")}\n\n` : undefined);
}
