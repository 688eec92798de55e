// Test support shared by the translating adapters' tests: a ChatContext, recorded streams cut the way the chat
// route cuts them, what an OpenAI client assembles from translated events, and an HTTP server that lets the
// official `openai` npm client read a translated stream. Each adapter's helper adds its own recordings' reading.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll } from "vitest";
import { SseSplitter } from "../../upstream/sse-splitter.ts";
import type { ChatContext, StreamTranslator } from "../types.ts";

/** A fixed context (request id, clock, price) for the model `model`; `over` changes any field. */
export function testContext(model: string, over: Partial<ChatContext> = {}): ChatContext {
  return { model, requestId: "req_test_1", clientWantsUsage: false, createdSec: 1_760_000_000, priceMicros: () => 1234, ...over };
}

/** Raw SSE bytes as the blocks the chat route would push: fed in odd small pieces, so events also arrive split across reads. */
export function splitRecording(text: string): string[] {
  const bytes = new TextEncoder().encode(text);
  const splitter = new SseSplitter();
  const blocks: string[] = [];
  for (let i = 0; i < bytes.length; i += 37) blocks.push(...splitter.push(bytes.subarray(i, i + 37)));
  blocks.push(...splitter.flush());
  return blocks;
}

/** Pushes every block, then finish(); returns the events in order. */
export function translateAll<T extends StreamTranslator>(translator: T, blocks: readonly string[]): { events: string[]; translator: T } {
  const events = blocks.flatMap((b) => translator.push(b));
  events.push(...translator.finish());
  return { events, translator };
}

export interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: Record<string, unknown>;
}

interface ToolDelta {
  index: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
  extra_content?: { google?: { thought_signature?: string } };
}

/** Translated events → the chunks, and what a client accumulates from them (a Gemini call's thought signature too). */
export function assemble(events: readonly string[]) {
  const chunks: Chunk[] = [];
  let done = 0;
  for (const e of events) {
    if (!e.startsWith("data: ")) throw new Error(`not a data event: ${e}`);
    if (e === "data: [DONE]") done++;
    else chunks.push(JSON.parse(e.slice(6)) as Chunk);
  }
  let content = "";
  let reasoning = "";
  const tools: Array<{ id?: string; name?: string; arguments: string; signature?: string }> = [];
  const finishes: string[] = [];
  for (const c of chunks) {
    const choice = c.choices[0];
    if (!choice) continue;
    if (typeof choice.delta.content === "string") content += choice.delta.content;
    if (typeof choice.delta.reasoning_content === "string") reasoning += choice.delta.reasoning_content;
    for (const t of (choice.delta.tool_calls as ToolDelta[] | undefined) ?? []) {
      const slot = (tools[t.index] ??= { arguments: "" });
      if (t.id) slot.id = t.id;
      if (t.function?.name) slot.name = t.function.name;
      slot.arguments += t.function?.arguments ?? "";
      if (t.extra_content?.google?.thought_signature) slot.signature = t.extra_content.google.thought_signature;
    }
    if (choice.finish_reason) finishes.push(choice.finish_reason);
  }
  // the usage chunk is the one with no choices (translators put usage on no other chunk)
  return { chunks, done, content, reasoning, tools, finishes, usageChunks: chunks.filter((c) => c.choices.length === 0 && c.usage !== undefined) };
}

/**
 * Serves translated recordings over HTTP for the official `openai` client, for the test file that calls it (it
 * registers the server's beforeAll/afterAll). POST /v1/chat/completions: `metadata.fixture`, a field the client
 * sends untouched, picks the recording; each translated event is written as soon as it is produced.
 */
export function serveTranslatedStreams(opts: {
  model: string;
  translator: (ctx: ChatContext) => StreamTranslator;
  recordedBlocks: (fixture: string) => string[];
}): {
  client: () => OpenAI;
  params: (fixture: string, includeUsage?: boolean) => OpenAI.ChatCompletionCreateParamsStreaming;
  readStream: (fixture: string, includeUsage?: boolean) => Promise<ReadStream>;
} {
  let server: Server;
  let client: OpenAI | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      req.on("end", () => {
        const body = JSON.parse(raw) as { metadata: { fixture: string }; stream_options?: { include_usage?: boolean } };
        const t = opts.translator(testContext(opts.model, { clientWantsUsage: body.stream_options?.include_usage === true }));
        res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
        for (const block of opts.recordedBlocks(body.metadata.fixture)) for (const e of t.push(block)) res.write(`${e}\n\n`);
        res.end(`${t.finish().join("\n\n")}\n\n`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    client = new OpenAI({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, apiKey: "x", maxRetries: 0 });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const ready = (): OpenAI => {
    if (!client) throw new Error("the server starts in beforeAll: call client() inside a test");
    return client;
  };
  const params = (fixture: string, includeUsage = false): OpenAI.ChatCompletionCreateParamsStreaming => ({
    model: opts.model,
    messages: [{ role: "user", content: "hi" }],
    stream: true,
    metadata: { fixture },
    ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
  });
  return {
    client: ready,
    params,
    readStream: async (fixture, includeUsage = false) => {
      const got: ReadStream = { objects: [], content: "", finishes: [], usage: undefined };
      for await (const chunk of await ready().chat.completions.create(params(fixture, includeUsage))) {
        got.objects.push(chunk.object);
        got.content += chunk.choices[0]?.delta.content ?? "";
        const finish = chunk.choices[0]?.finish_reason;
        if (finish) got.finishes.push(finish);
        if (chunk.usage) got.usage = chunk.usage;
      }
      return got;
    },
  };
}

/** What the openai client read of a stream chunk by chunk: every chunk's `object`, the text, finish reasons, usage. */
export interface ReadStream {
  objects: string[];
  content: string;
  finishes: string[];
  usage: OpenAI.CompletionUsage | undefined;
}
