import { GatewayError } from "../../errors.ts";
import { redact } from "../redact.ts";
import { deltaEvent, roleEvent } from "../shared/openai-wire.ts";
import { parseStreamEvent } from "../shared/provider-json.ts";
import { closingEvents, streamCutShort } from "../shared/stream-close.ts";
import type { ChatContext, StreamTranslator, Usage } from "../types.ts";
import { GeminiErrorEnvelope, mayBeErrorEnvelope, readGeminiResponse } from "./gemini-wire.ts";
import { finishReason, toolCall } from "./openai-wire.ts";
import { noCandidate } from "./response.ts";
import { parseGeminiUsage } from "./usage.ts";

/**
 * Gemini's streamGenerateContent?alt=sse (https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent)
 * → OpenAI `chat.completion.chunk` events (https://platform.openai.com/docs/api-reference/chat-streaming), event by
 * event. Every Gemini event is a whole GenerateContentResponse holding the parts generated since the last one:
 * - the first event opens with the role chunk;
 * - each text part → delta.content, each thought part → delta.reasoning_content (empty texts, such as the one
 *   Gemini 3 ends a function-calling turn with to carry a signature, send nothing);
 * - each functionCall part → one tool_calls entry with index, id, name and the whole arguments (Gemini sends a
 *   call in one piece), and its thought signature as in non-streamed responses;
 * - the candidate's finishReason → the finish_reason chunk;
 * - usageMetadata rides on every event, cumulative: the last one is the usage.
 * A stream without a finishReason was cut short; an `error` object in the stream ends it with a GatewayError.
 */
export class GeminiStreamTranslator implements StreamTranslator {
  readonly #ctx: ChatContext;
  #usage: Usage | undefined;
  #outputEvents = 0;
  #toolCalls = 0;
  #started = false;
  #finished = false;

  constructor(ctx: ChatContext) {
    this.#ctx = ctx;
  }

  get usage(): Usage | undefined {
    return this.#usage;
  }

  get outputEvents(): number {
    return this.#outputEvents;
  }

  push(block: string): string[] {
    const json = parseStreamEvent(block);
    if (json === undefined) return [];
    if (mayBeErrorEnvelope(json)) {
      const failure = GeminiErrorEnvelope.safeParse(json);
      if (failure.success) throw streamError(failure.data);
    }
    const res = readGeminiResponse(json);
    if (!res) return [];
    this.#usage = parseGeminiUsage(res.usageMetadata) ?? this.#usage;

    const candidate = res.candidates?.[0];
    if (!candidate) {
      if (res.promptFeedback?.blockReason) throw noCandidate(res.promptFeedback.blockReason);
      return [];
    }
    if (this.#finished) return [];
    const out: string[] = [];
    if (!this.#started) {
      this.#started = true;
      out.push(roleEvent(this.#ctx));
    }
    for (const part of candidate.content?.parts ?? []) {
      if (part.functionCall?.name !== undefined) {
        const index = this.#toolCalls++;
        out.push(this.#output({ tool_calls: [{ index, ...toolCall(part, index) }] }));
      } else if (typeof part.text === "string" && part.text !== "") {
        out.push(this.#output(part.thought === true ? { reasoning_content: part.text } : { content: part.text }));
      }
    }
    if (candidate.finishReason !== undefined) {
      this.#finished = true;
      out.push(deltaEvent(this.#ctx, {}, finishReason(candidate.finishReason, this.#toolCalls)));
    }
    return out;
  }

  finish(): string[] {
    if (!this.#finished) throw streamCutShort();
    return closingEvents(this.#ctx, this.#usage);
  }

  #output(delta: Record<string, unknown>): string {
    this.#outputEvents++;
    return deltaEvent(this.#ctx, delta);
  }
}

/**
 * An error sent inside the stream, once the 200 has gone out (same envelope as an error answer): the caller sends
 * it as the stream's last event. The message is the provider's, redacted.
 */
function streamError(env: GeminiErrorEnvelope): GatewayError {
  const { message, status } = env.error;
  const detail = redact(message ?? status ?? "no details given");
  return new GatewayError("upstream_error", `The provider failed mid-stream: ${detail}`);
}
