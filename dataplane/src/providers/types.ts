import type { Readable } from "node:stream";
import type { SurchargedParameter } from "../../../catalog/src/index.ts";
import type { GatewayError } from "../errors.ts";
import type { JsonPieces, JsonSource } from "./shared/json-top-level.ts";
import type { ToolEntries } from "./shared/tools-aside.ts";

/**
 * Token counts as a provider reported them. A field left undefined was not reported: that is not 0.
 * `inputTokens` counts every prompt token, including those read from or written to a prompt cache
 * (the OpenAI convention); adapters of providers that count them apart add them in.
 */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
  reasoningTokens?: number;
  /** Seconds of audio processed (duration-priced transcription). */
  audioSeconds?: number;
  /** Provider credits consumed (models that report no token counts; one credit is 0.01 USD). */
  credits?: number;
  /** Surcharged parameters the call enabled upstream: each adds its own rate per minute of audio. */
  surcharges?: readonly SurchargedParameter[];
}

/** What an adapter needs to build one upstream call. */
export interface UpstreamTarget {
  /** Base URL as the provider's SDK spells it (OpenAI style: with /v1). */
  baseUrl: string;
  credential: string;
  upstreamModel: string;
  /** The model's maximum output: the default where the provider requires a cap (Anthropic's max_tokens). */
  maxOutputTokens: number;
}

export interface UpstreamRequest {
  url: URL;
  /** POST when absent. */
  method?: "GET" | "POST";
  headers: Record<string, string>;
  /**
   * JSON text, raw bytes (audio, multipart), a JSON body as pieces of the client's bytes (JsonPieces), a stream of
   * bytes (an upload spooled to disk), or none (GET).
   */
  body?: string | Uint8Array | JsonPieces | Readable;
}

/** A call whose body is JSON text (every translated chat call). */
export interface JsonUpstreamRequest extends UpstreamRequest {
  body: string;
}

/** A call whose body is the client's JSON passed through: its text, or its bytes with members spliced in. */
export interface PassThroughRequest extends UpstreamRequest {
  body: string | JsonPieces;
}

/** What a chat adapter knows of the request it serves. */
export interface ChatContext {
  /** canonical slug, e.g. "anthropic/claude-haiku-4-5": what a translated response names as its model */
  model: string;
  /** the gateway's request id; translated responses use it as their `id` (prefixed `chatcmpl-`) */
  requestId: string;
  /** the client asked for `stream_options.include_usage` */
  clientWantsUsage: boolean;
  /** unix seconds, for the `created` field of translated responses */
  createdSec: number;
  /**
   * What the gateway bills for this usage, in micro-USD: the usage chunk a client asked for carries it as
   * `usage.cost_micros`, so a streaming client sees the cost of its call.
   */
  priceMicros: (usage: Usage) => number;
  /** The stream's chunk head as JSON text (openai-wire.ts writes it on the first chunk and reads it after). */
  chunkHeadText?: string | undefined;
}

/**
 * A conversation rebuilt with its message texts (a string `content`, a part's `text`) copied as they are, never
 * looked into, but those named here; so a long one may stand in as a placeholder string, replaced by the client's
 * JSON bytes of that text in the request written (routes/chat-body-bytes.ts gives the named ones decoded).
 */
export interface TextsAsSent {
  readonly rebuilt: "texts as sent";
  /** The closing assistant turn's are read (Anthropic trims a prefill's trailing whitespace). */
  readonly closingTurnRead: boolean;
  /** A tool message's are read, unless its content is a string that cannot be JSON (Gemini sends a JSON result as data). */
  readonly toolResultsRead: boolean;
  /**
   * The client's `tools` as buildRequest writes them, when that depends on nothing else in the body
   * (providers/shared/tools-aside.ts): the route then keeps them for the key by the client's bytes, and a request
   * with the same tools, byte for byte, has them set aside, neither parsed, checked nor written again (a coding
   * agent sends the same ~40 KB of schemas on every turn; routes/tools-memo.ts).
   */
  readonly toolEntries?: (tools: unknown) => ToolEntries | undefined;
}

/**
 * One provider's chat wire format, as pure translation: no I/O (that is upstream/'s), no clock, no randomness
 * beyond what ChatContext carries. OpenAI-compatible providers pass bytes through; others translate.
 */
export interface ChatAdapter {
  /**
   * What buildRequest does with the conversation (`messages`), which tells the route how to read it
   * (routes/chat-body-bytes.ts):
   * - "forwarded": it is not read; the client's bytes (`source`) go upstream, so the route gives `messages` as a
   *   projection of what the gateway checks, never decoded or parsed whole;
   * - TextsAsSent: a new request is written from it, its texts copied as sent but those it names.
   */
  readonly conversation: "forwarded" | TextsAsSent;
  /**
   * The upstream call for an OpenAI-format chat body (already validated as far as the gateway checks it).
   * `source` is that body as the client sent it, for an adapter that forwards it with a member or two changed.
   */
  buildRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean, source?: JsonSource): JsonUpstreamRequest | PassThroughRequest;
  /** A non-streamed 2xx body → the OpenAI `chat.completion` JSON text the client gets, and its usage. */
  parseResponse(text: string, ctx: ChatContext): { body: string; usage: Usage | undefined };
  /** New per request. */
  createStreamTranslator(ctx: ChatContext): StreamTranslator;
  /** A non-2xx answer → the error the client gets (OpenAI dialect); never echoes the credential. */
  upstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError;
}

export interface StreamTranslator {
  /** One provider SSE event (without its blank line) → the OpenAI-format events to send now, in order. */
  push(block: string): string[];
  /**
   * The provider's stream ended: the closing events (the usage chunk when the client asked and the provider
   * gave no OpenAI one, `data: [DONE]` when the provider sent none). Throws a GatewayError when the stream
   * ended before it was complete (the caller sends that as the last event).
   */
  finish(): string[];
  /** Usage as the provider reported it so far; undefined: not reported. */
  readonly usage: Usage | undefined;
  /** Events that carried output so far: the output estimate when a stream ends before its usage. */
  readonly outputEvents: number;
}
