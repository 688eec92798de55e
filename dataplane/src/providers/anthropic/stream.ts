import { GatewayError } from "../../errors.ts";
import { redact } from "../redact.ts";
import { sseData } from "../../upstream/sse-splitter.ts";
import { startsAt } from "../../starts-at.ts";
import { type FinishReason, deltaEvent, deltaEventOf, functionToolCall, roleEvent } from "../shared/openai-wire.ts";
import { parseStreamData } from "../shared/provider-json.ts";
import { closingEvents, streamCutShort } from "../shared/stream-close.ts";
import type { ChatContext, StreamTranslator, Usage } from "../types.ts";
import { ErrorEnvelope, readBlockDelta, readBlockStart, readBlockStop, readEventType, readMessageDelta, readMessageStart, readTextDelta, type TextDelta } from "./anthropic-wire.ts";
import { JSON_TOOL_NAME } from "./json-mode.ts";
import { finishReason } from "./openai-wire.ts";
import { mergeUsage, parseAnthropicUsage } from "./usage.ts";

/** What an Anthropic content block becomes in the OpenAI stream. */
type BlockKind =
  | { kind: "text" }
  | { kind: "thinking" }
  | { kind: "tool"; index: number; sentArguments: boolean }
  | { kind: "json" }
  | { kind: "ignored" };

/**
 * Anthropic's Messages stream (https://docs.anthropic.com/en/docs/build-with-claude/streaming) → OpenAI
 * `chat.completion.chunk` events (https://platform.openai.com/docs/api-reference/chat-streaming), event by event:
 * every delta goes out as soon as its event is pushed; nothing of the answer is held back.
 *
 * - message_start → the role chunk; its usage (the prompt) is kept.
 * - text_delta → delta.content; thinking_delta → delta.reasoning_content; signature_delta, citations and
 *   redacted or server-tool blocks carry nothing an OpenAI client can use and are dropped.
 * - a client tool_use block → a tool_calls entry whose `index` counts tool calls, not content blocks (Anthropic's
 *   block index also counts text and thinking), so parallel calls are 0, 1, …; its input_json_delta fragments are
 *   the arguments. A call with no arguments streams only "" from Anthropic; it is closed with "{}" so the client
 *   gets valid JSON, as OpenAI sends.
 * - the JSON-mode tool's input is streamed as delta.content (see json-mode.ts).
 * - message_delta → the finish_reason chunk; its usage (cumulative output) is merged in.
 * - message_stop marks the stream complete; `error` ends it with a GatewayError.
 */
export class AnthropicStreamTranslator implements StreamTranslator {
  readonly #ctx: ChatContext;
  readonly #blocks = new Map<number, BlockKind>();
  #usage: Usage | undefined;
  #outputEvents = 0;
  #toolCalls = 0;
  #sentFinish = false;
  #stopped = false;
  /** message_start's data, its usage not read yet: read before the next event, at the end, or when asked for. */
  #startData: string | undefined;

  constructor(ctx: ChatContext) {
    this.#ctx = ctx;
  }

  get usage(): Usage | undefined {
    try {
      this.#readStart();
    } catch {
      // a message_start that is not JSON: the stream has failed (push or finish said so); it reported no usage
    }
    return this.#usage;
  }

  get outputEvents(): number {
    return this.#outputEvents;
  }

  push(block: string): string[] {
    const data = sseData(block);
    if (data === undefined) return [];
    // the role chunk goes without waiting for message_start's parse: its usage is read before anything after it
    if (this.#startData === undefined && startsAt(data, MESSAGE_START_OPENING)) {
      this.#startData = data;
      return [roleEvent(this.#ctx)];
    }
    this.#readStart();
    const text = readTextDelta(data);
    if (text !== undefined) return this.#textDelta(text);
    const json = parseStreamData(data);
    switch (readEventType(json)) {
      case "message_start":
        return this.#messageStart(json);
      case "content_block_start":
        return this.#blockStart(json);
      case "content_block_delta":
        return this.#blockDelta(json);
      case "content_block_stop":
        return this.#blockStop(json);
      case "message_delta":
        return this.#messageDelta(json);
      case "message_stop":
        this.#stopped = true;
        return [];
      case "error":
        throw streamError(json);
      default:
        // ping, and event types added after this was written (Anthropic says to expect them)
        return [];
    }
  }

  finish(): string[] {
    this.#readStart();
    if (!this.#stopped) throw streamCutShort();
    const close = closingEvents(this.#ctx, this.#usage);
    // a stream that stopped without a stop_reason still needs a finish_reason chunk before the closing events
    return this.#sentFinish ? close : [deltaEvent(this.#ctx, {}, "stop"), ...close];
  }

  #messageStart(json: unknown): string[] {
    this.#startUsage(json);
    return [roleEvent(this.#ctx)];
  }

  #startUsage(json: unknown): void {
    const ev = readMessageStart(json);
    if (ev) this.#usage = mergeUsage(this.#usage, parseAnthropicUsage(ev.message.usage));
  }

  /** The usage of a message_start set aside by push, read now (a 502 if it was not JSON). */
  #readStart(): void {
    const data = this.#startData;
    if (data === undefined) return;
    this.#startData = undefined;
    this.#startUsage(parseStreamData(data));
  }

  #blockStart(json: unknown): string[] {
    const ev = readBlockStart(json);
    if (!ev) return [];
    const cb = ev.content_block;
    if (cb.type === "text") {
      this.#blocks.set(ev.index, { kind: "text" });
      return typeof cb.text === "string" && cb.text !== "" ? [this.#output({ content: cb.text })] : [];
    }
    if (cb.type === "thinking") {
      this.#blocks.set(ev.index, { kind: "thinking" });
      return typeof cb.thinking === "string" && cb.thinking !== "" ? [this.#output({ reasoning_content: cb.thinking })] : [];
    }
    if (cb.type === "tool_use" && typeof cb.id === "string" && typeof cb.name === "string") {
      if (cb.name === JSON_TOOL_NAME) {
        this.#blocks.set(ev.index, { kind: "json" });
        return [];
      }
      const index = this.#toolCalls++;
      this.#blocks.set(ev.index, { kind: "tool", index, sentArguments: false });
      return [this.#output({ tool_calls: [{ index, ...functionToolCall(cb.id, cb.name, "") }] })];
    }
    this.#blocks.set(ev.index, { kind: "ignored" });
    return [];
  }

  #blockDelta(json: unknown): string[] {
    const ev = readBlockDelta(json);
    if (!ev) return [];
    const kind = this.#blocks.get(ev.index);
    const d = ev.delta;
    if (kind?.kind === "text" && d.type === "text_delta" && d.text) return [this.#output({ content: d.text })];
    if (kind?.kind === "thinking" && d.type === "thinking_delta" && d.thinking) return [this.#output({ reasoning_content: d.thinking })];
    if (kind?.kind === "json" && d.type === "input_json_delta" && d.partial_json) return [this.#output({ content: d.partial_json })];
    if (kind?.kind === "tool" && d.type === "input_json_delta" && d.partial_json) {
      kind.sentArguments = true;
      return [this.#output({ tool_calls: [{ index: kind.index, function: { arguments: d.partial_json } }] })];
    }
    return [];
  }

  /** #blockDelta's answer for a text or thinking delta read without JSON.parse, its string kept as JSON text. */
  #textDelta(d: TextDelta): string[] {
    if (d.json === "") return [];
    const kind = this.#blocks.get(d.index)?.kind;
    if (kind === "text" && d.type === "text_delta") return [this.#outputJson(`{"content":"${d.json}"}`)];
    if (kind === "thinking" && d.type === "thinking_delta") return [this.#outputJson(`{"reasoning_content":"${d.json}"}`)];
    return [];
  }

  #blockStop(json: unknown): string[] {
    const ev = readBlockStop(json);
    if (!ev) return [];
    const kind = this.#blocks.get(ev.index);
    if (kind?.kind !== "tool" || kind.sentArguments) return [];
    kind.sentArguments = true;
    return [this.#output({ tool_calls: [{ index: kind.index, function: { arguments: "{}" } }] })];
  }

  #messageDelta(json: unknown): string[] {
    const ev = readMessageDelta(json);
    if (!ev) return [];
    this.#usage = mergeUsage(this.#usage, parseAnthropicUsage(ev.usage));
    const stop = ev.delta.stop_reason;
    if (stop == null || this.#sentFinish) return [];
    this.#sentFinish = true;
    const reason: FinishReason = finishReason(stop, this.#toolCalls);
    return [deltaEvent(this.#ctx, {}, reason)];
  }

  #output(delta: Record<string, unknown>): string {
    this.#outputEvents++;
    return deltaEvent(this.#ctx, delta);
  }

  #outputJson(deltaJson: string): string {
    this.#outputEvents++;
    return deltaEventOf(this.#ctx, deltaJson);
  }
}

/**
 * How Anthropic opens a message_start event's data (its `type` first, as in every recorded stream): the event the
 * role chunk answers. At one request at a time its parse took ~10 µs of a translated stream's first chunk
 * (docs/performance.md); the chunk does not depend on it, only the usage does.
 */
const MESSAGE_START_OPENING = '{"type":"message_start",';

/**
 * An `error` event mid-stream (https://docs.anthropic.com/en/docs/build-with-claude/streaming#error-events): the
 * caller sends it as the stream's last event. Overload is the common one (Anthropic's 529, sent in-stream once the
 * response has begun); other messages are the provider's, redacted.
 */
function streamError(json: unknown): GatewayError {
  const ev = ErrorEnvelope.safeParse(json);
  const type = ev.success ? ev.data.error.type : undefined;
  if (type === "overloaded_error") return new GatewayError("upstream_error", "The provider is overloaded; retry after a short wait.");
  const message = ev.success && ev.data.error.message ? redact(ev.data.error.message) : "no details given";
  return new GatewayError("upstream_error", `The provider failed mid-stream: ${message}`);
}
