import http from "node:http";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { readFixture } from "./fixtures.ts";
import { splitSseEvents, synthesiseChatEvents, withUsageOption } from "./openai-sse.ts";
import { mockEmbeddings } from "./mock-embeddings.ts";
import { mockImages } from "./mock-images.ts";
import { mockTranscriptions } from "./mock-transcriptions.ts";
import { sendJson, type MediaMock } from "./mock-media.ts";

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  bodyText: string;
  /** The body as received (multipart and audio uploads are binary). */
  bodyBytes: Buffer;
  /** Present only when the body parsed as JSON. */
  json?: unknown;
  /** Set once the caller (the gateway) closed the connection before the response was complete. */
  cancelled?: boolean;
}

export interface StreamShape {
  chunks?: number;
  delayMs?: number;
  /** A pause between the head and the first event, as a model that reasons before it writes makes. */
  firstDelayMs?: number;
  /** A pause between the first event and the second, as a model that calls a slow tool midway makes. */
  secondDelayMs?: number;
}

export interface MockUpstream {
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** origin + "/v1", as OpenAI clients expect. */
  openaiBaseUrl: string;
  /** origin without /v1, as Anthropic clients expect. */
  anthropicBaseUrl: string;
  /** Every request in arrival order, failed ones included. */
  requests: RecordedRequest[];
  /** Queues a failure for the next `times` (default 1) requests on any route; queued failures run in order. */
  failNext(status: number, body: unknown, opts?: { headers?: Record<string, string>; times?: number }): void;
  /** Switches OpenAI chat streams from the recording to a synthetic one (chunks defaults to the recording's 8 words). */
  setStreamShape(shape: StreamShape): void;
  /** Clears requests, queued failures and the stream shape. */
  reset(): void;
  close(): Promise<void>;
}

interface Failure {
  status: number;
  body: string;
  headers: Record<string, string>;
  remaining: number;
}

// Serialised once: the bench drives thousands of requests per second through this mock.
function loadBodies() {
  const compact = (rel: string): string => JSON.stringify(JSON.parse(readFixture(rel)));
  const recordedChat = splitSseEvents(readFixture("openai/chat-stream-text-include-usage.sse.txt"));
  return {
    chat: compact("openai/chat-nonstream.json"),
    chatToolCall: compact("openai/chat-nonstream-tool-call.json"),
    chatJsonSchema: compact("openai/chat-nonstream-json-schema.json"),
    messagesToolUse: compact("anthropic/messages-nonstream-parallel-tool-use.json"),
    geminiFunctionCall: compact("gemini/generatecontent-function-call-gemini2.json"),
    // the project's own DOC-EXAMPLE fixtures (test/fixtures/README.md): no recording of these cases exists
    messagesJsonTool: JSON.stringify(JSON.parse(readFileSync(new URL("../fixtures/anthropic/DOC-EXAMPLE-messages-json-tool.json", import.meta.url), "utf8"))),
    geminiJson: JSON.stringify(JSON.parse(readFileSync(new URL("../fixtures/gemini/DOC-EXAMPLE-generatecontent-json.json", import.meta.url), "utf8"))),
    invalidKey: compact("openai/error-401-invalid-api-key.json"),
    messages: compact("anthropic/messages-nonstream.json"),
    countTokens: compact("anthropic/count-tokens.json"),
    geminiText: compact("gemini/generatecontent-text.json"),
    geminiStream: splitSseEvents(readFixture("gemini/stream-function-call-gemini2.sse.txt")),
    messagesStream: splitSseEvents(readFixture("anthropic/stream-text.sse.txt")),
    recordedChat,
    chatStream: { true: withUsageOption(recordedChat, true), false: withUsageOption(recordedChat, false) },
  };
}

/** Namespaces whose base URL points at `<origin>/<namespace>/…` in tests (mediaUpstreamEnv). */
export const MEDIA_NAMESPACES = ["voyage", "cohere", "mistral", "deepgram", "assemblyai", "elevenlabs"];
/** Embeddings, images and transcriptions of every provider: each answers the requests it recognises. */
const MEDIA_MOCKS: readonly MediaMock[] = [mockEmbeddings, mockImages, mockTranscriptions];

const SSE_TYPE = "text/event-stream; charset=utf-8";
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));


// One res.write per event so a proxy that buffers is visible to tests; delay only when asked.
async function sendSse(res: http.ServerResponse, events: readonly string[], delayMs: number, firstDelayMs = 0, secondDelayMs = 0): Promise<void> {
  res.writeHead(200, { "content-type": SSE_TYPE, "cache-control": "no-cache" });
  res.flushHeaders();
  for (const [i, event] of events.entries()) {
    if (i === 0 && firstDelayMs > 0) await sleep(firstDelayMs);
    if (i === 1 && secondDelayMs > 0) await sleep(secondDelayMs);
    if (delayMs > 0 && i > 0) await sleep(delayMs);
    if (res.destroyed) return;
    res.write(event);
  }
  res.end();
}

function openaiError(message: string, type: string, code: string | null = null): string {
  return JSON.stringify({ error: { message, type, param: null, code } });
}

function anthropicError(type: string, message: string): string {
  return JSON.stringify({ type: "error", error: { type, message }, request_id: "req_mock" });
}

function field(json: unknown, key: string): unknown {
  return typeof json === "object" && json !== null ? (json as Record<string, unknown>)[key] : undefined;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function record(req: http.IncomingMessage, bodyBytes: Buffer): RecordedRequest {
  const bodyText = bodyBytes.toString("utf8");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  const rec: RecordedRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers, bodyText, bodyBytes };
  if (bodyText !== "") {
    try {
      rec.json = JSON.parse(bodyText);
    } catch {
      // Not JSON: the route handlers answer 400 like the providers do.
    }
  }
  return rec;
}

export async function startMockUpstream(opts: { host?: string; port?: number } = {}): Promise<MockUpstream> {
  const bodies = loadBodies();
  const failures: Failure[] = [];
  let shape: { events: Record<"true" | "false", string[]>; delayMs: number; firstDelayMs: number; secondDelayMs: number } | undefined;

  function takeFailure(): Failure | undefined {
    const next = failures[0];
    if (next && --next.remaining <= 0) failures.shift();
    return next;
  }

  async function openai(res: http.ServerResponse, rec: RecordedRequest): Promise<void> {
    if (!/^Bearer\s+\S+/i.test(rec.headers["authorization"] ?? "")) return sendJson(res, 401, bodies.invalidKey);
    if (rec.json === undefined) {
      return sendJson(res, 400, openaiError("We could not parse the JSON body of your request.", "invalid_request_error"));
    }
    // a request with tools or a JSON schema gets the recording of such a request
    if (field(rec.json, "stream") !== true) {
      if (field(rec.json, "tools") !== undefined) return sendJson(res, 200, bodies.chatToolCall);
      if (field(field(rec.json, "response_format"), "type") === "json_schema") return sendJson(res, 200, bodies.chatJsonSchema);
      return sendJson(res, 200, bodies.chat);
    }
    const includeUsage = field(field(rec.json, "stream_options"), "include_usage") === true ? "true" : "false";
    if (shape) return sendSse(res, shape.events[includeUsage], shape.delayMs, shape.firstDelayMs, shape.secondDelayMs);
    return sendSse(res, bodies.chatStream[includeUsage], 0);
  }

  async function anthropic(res: http.ServerResponse, pathname: string, rec: RecordedRequest): Promise<void> {
    if (!rec.headers["x-api-key"]) return sendJson(res, 401, anthropicError("authentication_error", "x-api-key header is required"));
    // Real API: a missing version is a 400 invalid_request_error, not an auth failure.
    if (!rec.headers["anthropic-version"]) {
      return sendJson(res, 400, anthropicError("invalid_request_error", "anthropic-version: header is required"));
    }
    if (rec.json === undefined) return sendJson(res, 400, anthropicError("invalid_request_error", "There was an error parsing the body of your request."));
    if (pathname === "/v1/messages/count_tokens") return sendJson(res, 200, bodies.countTokens);
    if (field(rec.json, "stream") === true) return sendSse(res, bodies.messagesStream, 0);
    const tools = field(rec.json, "tools");
    if (Array.isArray(tools) && tools.some((t) => field(t, "name") === "gateway_json_output")) return sendJson(res, 200, bodies.messagesJsonTool);
    return sendJson(res, 200, tools !== undefined ? bodies.messagesToolUse : bodies.messages);
  }

  /** Gemini's native API: key in x-goog-api-key, SSE only with alt=sse (as the gateway asks). */
  async function gemini(res: http.ServerResponse, pathname: string, rec: RecordedRequest): Promise<void> {
    if (!rec.headers["x-goog-api-key"]) {
      return sendJson(res, 403, JSON.stringify({ error: { code: 403, message: "Method doesn't allow unregistered callers.", status: "PERMISSION_DENIED" } }));
    }
    if (pathname.endsWith(":streamGenerateContent")) return sendSse(res, bodies.geminiStream, 0);
    if (field(field(rec.json, "generationConfig"), "responseMimeType") === "application/json") return sendJson(res, 200, bodies.geminiJson);
    return sendJson(res, 200, field(rec.json, "tools") !== undefined ? bodies.geminiFunctionCall : bodies.geminiText);
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const rec = record(req, await readBody(req));
      mock.requests.push(rec);
      res.once("close", () => {
        if (!res.writableFinished) rec.cancelled = true;
      });
      const failure = takeFailure();
      if (failure) return sendJson(res, failure.status, failure.body, failure.headers);
      const pathname = new URL(rec.path, "http://mock").pathname;
      // providers beyond OpenAI/Anthropic/Google live under /<namespace>/ (see mediaUpstreamEnv)
      const prefixed = /^\/([a-z0-9-]+)(\/.*)$/.exec(pathname);
      const namespace = prefixed && MEDIA_NAMESPACES.includes(prefixed[1]!) ? prefixed[1]! : "openai-or-google";
      const mediaPath = prefixed && namespace !== "openai-or-google" ? prefixed[2]! : pathname;
      for (const mock of MEDIA_MOCKS) {
        if (await mock({ namespace, pathname: mediaPath, rec, res })) return;
      }
      if (rec.method === "POST" && pathname === "/v1/chat/completions") return openai(res, rec);
      if (rec.method === "POST" && (pathname === "/v1/messages" || pathname === "/v1/messages/count_tokens")) {
        return anthropic(res, pathname, rec);
      }
      if (rec.method === "POST" && /^\/v1beta\/models\/[^/]+:(generateContent|streamGenerateContent)$/.test(pathname)) {
        return gemini(res, pathname, rec);
      }
      sendJson(res, 404, openaiError(`Invalid URL (${rec.method} ${pathname})`, "invalid_request_error"));
    })().catch((err: unknown) => {
      // A broken mock must fail the test loudly rather than hang the client.
      if (!res.headersSent) sendJson(res, 500, JSON.stringify({ error: { message: String(err) } }));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host === undefined || opts.host === "0.0.0.0" || opts.host === "::" ? "127.0.0.1" : opts.host;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  const mock: MockUpstream = {
    port,
    origin,
    openaiBaseUrl: `${origin}/v1`,
    anthropicBaseUrl: origin,
    requests: [],
    failNext(status, body, o = {}) {
      failures.push({ status, body: JSON.stringify(body), headers: o.headers ?? {}, remaining: o.times ?? 1 });
    },
    setStreamShape({ chunks, delayMs = 0, firstDelayMs = 0, secondDelayMs = 0 }) {
      const events = synthesiseChatEvents(bodies.recordedChat, chunks);
      shape = { events: { true: withUsageOption(events, true), false: withUsageOption(events, false) }, delayMs, firstDelayMs, secondDelayMs };
    },
    reset() {
      mock.requests.length = 0;
      failures.length = 0;
      shape = undefined;
    },
    close() {
      // Keep-alive sockets from clients would otherwise hold server.close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
  return mock;
}
