// The bench's upstream: OpenAI chat, Anthropic messages and Gemini generateContent (each plain and streamed) and
// OpenAI embeddings, answered from the shared recordings serialised once, with nothing recorded per request, so that the floor
// (a direct call) is as low as this machine allows. Unlike test/harness/mock-upstream.ts it is a load target, not
// a test double: it does not check credentials or bodies beyond what picks the answer.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFixture } from "../test/harness/fixtures.ts";
import { openAiEmbeddingAnswers } from "./mock-embeddings.ts";
import { STAMP_PLACEHOLDER, anthropicMessageStream, geminiContentStream, openAiChatStreams, stampText, type ChatStreams } from "./mock-streams.ts";

export interface StreamShape {
  /** Content chunks per stream. */
  chunks: number;
  /** Pause before every event after the first; above 0, content chunks carry their send time (see STAMP_PATTERN). */
  delayMs: number;
}

/** POST a StreamShape here to change the streams between phases of a run. */
export const SHAPE_PATH = "/__bench/shape";

const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const nowUs = (): number => (performance.timeOrigin + performance.now()) * 1000;
// Bodies are the bench's own: cheaper to look for the flags than to parse every body.
const STREAM_TRUE = /"stream"\s*:\s*true/;
const GEMINI_MODELS = "/v1beta/models/";
const INCLUDE_USAGE_TRUE = /"include_usage"\s*:\s*true/;
const BASE64_FORMAT = /"encoding_format"\s*:\s*"base64"/;

function compactFixture(rel: string): Buffer {
  return Buffer.from(JSON.stringify(JSON.parse(readFixture(rel))));
}

interface Streams {
  shape: StreamShape;
  chat: ChatStreams;
  messages: string[];
  gemini: string[];
}

function buildStreams(shape: StreamShape): Streams {
  const stamped = shape.delayMs > 0;
  return {
    shape,
    chat: openAiChatStreams(shape.chunks, stamped),
    messages: anthropicMessageStream(shape.chunks, stamped),
    gemini: geminiContentStream(shape.chunks, stamped),
  };
}

function sendJson(res: http.ServerResponse, status: number, body: Buffer): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
}

// One write per event, as a provider sends them, so a relay that buffers or merges events shows in the timing.
async function sendSse(res: http.ServerResponse, events: readonly string[], delayMs: number): Promise<void> {
  res.writeHead(200, SSE_HEADERS);
  if (delayMs <= 0) {
    for (const event of events) res.write(event);
    res.end();
    return;
  }
  res.flushHeaders();
  for (const [i, event] of events.entries()) {
    if (i > 0) await sleep(delayMs);
    if (res.destroyed) return;
    res.write(event.includes(STAMP_PLACEHOLDER) ? event.replace(STAMP_PLACEHOLDER, stampText(nowUs())) : event);
  }
  res.end();
}

export async function startFastMock(opts: { port: number; shape: StreamShape }): Promise<{ port: number; close(): Promise<void> }> {
  const bodies = {
    chat: compactFixture("openai/chat-nonstream.json"),
    messages: compactFixture("anthropic/messages-nonstream.json"),
    gemini: compactFixture("gemini/generatecontent-text.json"),
    embeddings: openAiEmbeddingAnswers(),
    notFound: Buffer.from(JSON.stringify({ error: { message: "no such route on the bench mock", type: "invalid_request_error" } })),
  };
  let streams = buildStreams(opts.shape);

  const route = (req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> | void => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (req.method !== "POST") return sendJson(res, 404, bodies.notFound);
    // Gemini names the model in the path: /v1beta/models/<model>:generateContent or :streamGenerateContent
    if (path.startsWith(GEMINI_MODELS)) {
      if (path.endsWith(":streamGenerateContent")) return sendSse(res, streams.gemini, streams.shape.delayMs);
      if (path.endsWith(":generateContent")) return sendJson(res, 200, bodies.gemini);
    }
    switch (path) {
      case "/v1/chat/completions":
        if (!STREAM_TRUE.test(body)) return sendJson(res, 200, bodies.chat);
        return sendSse(res, INCLUDE_USAGE_TRUE.test(body) ? streams.chat.withUsage : streams.chat.withoutUsage, streams.shape.delayMs);
      case "/v1/messages":
        if (!STREAM_TRUE.test(body)) return sendJson(res, 200, bodies.messages);
        return sendSse(res, streams.messages, streams.shape.delayMs);
      case "/v1/embeddings":
        return sendJson(res, 200, BASE64_FORMAT.test(body) ? bodies.embeddings.base64 : bodies.embeddings.float);
      case SHAPE_PATH: {
        const shape = JSON.parse(body) as StreamShape;
        if (!(Number.isInteger(shape.chunks) && shape.chunks > 0 && shape.delayMs >= 0)) return sendJson(res, 400, Buffer.from('{"error":"bad shape"}'));
        streams = buildStreams({ chunks: shape.chunks, delayMs: shape.delayMs });
        res.writeHead(204).end();
        return;
      }
      default:
        return sendJson(res, 404, bodies.notFound);
    }
  };

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => {
      const body = parts.length === 1 ? parts[0]!.toString("utf8") : Buffer.concat(parts).toString("utf8");
      Promise.resolve(route(req, res, body)).catch((err: unknown) => {
        // a broken mock must fail the preflight loudly rather than hang a client
        if (!res.headersSent) sendJson(res, 500, Buffer.from(JSON.stringify({ error: { message: String(err) } })));
        else res.destroy();
      });
    });
  });
  // Relays keep upstream connections between runs; a short idle timeout would make them reconnect mid-run.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Changes the mock's streams (between the throughput runs and the timed streams). */
export async function setStreamShape(origin: string, shape: StreamShape): Promise<void> {
  const res = await fetch(`${origin}${SHAPE_PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(shape) });
  if (res.status !== 204) throw new Error(`setting the mock's stream shape failed: ${res.status} ${await res.text()}`);
}
