import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseSse, readFixture, readJsonFixture } from "./fixtures.ts";
import { startMockUpstream, type MockUpstream } from "./mock-upstream.ts";

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const OPENAI_STREAM = "openai/chat-stream-text-include-usage.sse.txt";
const bearer = { authorization: "Bearer sk-test", "content-type": "application/json" };
const anthropicHeaders = { "x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01", "content-type": "application/json" };

function post(path: string, body: unknown, headers: Record<string, string> = bearer): Promise<Response> {
  return fetch(`${mock.origin}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

interface Chunk {
  choices: { delta: { content?: string } }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}
const chunksOf = (body: string): Chunk[] =>
  parseSse(body).filter((e) => e.data !== "[DONE]").map((e) => JSON.parse(e.data) as Chunk);

describe("OpenAI chat", () => {
  it("answers non-stream with the recorded body", async () => {
    const res = await post("/v1/chat/completions", { model: "gpt-4o", messages: [] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual(readJsonFixture("openai/chat-nonstream.json"));
  });

  it("replays the recorded stream byte for byte when include_usage is asked", async () => {
    const res = await post("/v1/chat/completions", { stream: true, stream_options: { include_usage: true } });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await res.text()).toBe(readFixture(OPENAI_STREAM));
  });

  it("drops the usage chunk and usage:null without include_usage, keeping the rest", async () => {
    const body = await (await post("/v1/chat/completions", { stream: true })).text();
    const chunks = chunksOf(body);
    expect(chunks.some((c) => c.choices.length === 0)).toBe(false);
    expect(chunks.every((c) => !("usage" in c))).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("The capital of the UK is London.");
    expect(body.endsWith("data: [DONE]\n\n")).toBe(true);
    const expected = readFixture(OPENAI_STREAM)
      .replace(/^data: \{[^\n]*"choices":\[\],"usage":\{[^\n]*\n\n/m, "")
      .replace(/,"usage":null|"usage":null,/g, "");
    expect(body).toBe(expected);
  });

  it("synthesises N content chunks shaped like the recorded ones", async () => {
    mock.setStreamShape({ chunks: 5 });
    const body = await (await post("/v1/chat/completions", { stream: true, stream_options: { include_usage: true } })).text();
    const events = parseSse(body);
    expect(events.at(-1)?.data).toBe("[DONE]");
    const chunks = chunksOf(body);
    expect(chunks.filter((c) => (c.choices[0]?.delta.content ?? "") !== "")).toHaveLength(5);
    const recorded = chunksOf(readFixture(OPENAI_STREAM));
    expect(Object.keys(chunks[1] ?? {})).toEqual(Object.keys(recorded[1] ?? {}));
    const usage = chunks.at(-1)?.usage;
    expect(usage?.completion_tokens).toBe(5);
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + 5);

    // Frames other than the words are the recorded bytes themselves.
    const recordedEvents = parseSse(readFixture(OPENAI_STREAM)).map((e) => e.data);
    expect(events[0]?.data).toBe(recordedEvents[0]);
    expect(events.at(-3)?.data).toBe(recordedEvents.at(-3));

    const plain = chunksOf(await (await post("/v1/chat/completions", { stream: true })).text());
    expect(plain.some((c) => c.choices.length === 0 || "usage" in c)).toBe(false);
  });

  it("writes each event separately so buffering in a proxy is observable", async () => {
    mock.setStreamShape({ chunks: 3, delayMs: 25 });
    const res = await post("/v1/chat/completions", { stream: true });
    const reader = res.body?.getReader();
    let reads = 0;
    for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) reads++;
    // role + 3 content + finish + [DONE], each separated by a delay
    expect(reads).toBeGreaterThanOrEqual(6);
  });

  it("requires a bearer key", async () => {
    const res = await post("/v1/chat/completions", {}, { "content-type": "application/json" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(readJsonFixture("openai/error-401-invalid-api-key.json"));
  });

  it("serves the official client, non-stream and stream", async () => {
    const client = new OpenAI({ baseURL: mock.openaiBaseUrl, apiKey: "sk-test", maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] });
    expect(completion.choices[0]?.message.content).toBe("The capital of France is Paris.");

    const stream = await client.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let total = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      total = chunk.usage?.total_tokens ?? total;
    }
    expect(text).toBe("The capital of the UK is London.");
    expect(total).toBe(87);
    expect(mock.requests.map((r) => r.headers["authorization"])).toEqual(["Bearer sk-test", "Bearer sk-test"]);
  });
});

describe("OpenAI embeddings (served by mock-embeddings.ts)", () => {
  it("replays the recording for the recorded request, and answers the official client at the width asked", async () => {
    const res = await post("/v1/embeddings", { model: "text-embedding-3-small", input: ["Hello, world!"], encoding_format: "base64" });
    expect(await res.json()).toEqual(readJsonFixture("openai/embeddings-base64.json"));
    const client = new OpenAI({ baseURL: mock.openaiBaseUrl, apiKey: "sk-test", maxRetries: 0 });
    const out = await client.embeddings.create({ model: "text-embedding-3-small", input: ["a", "b"], dimensions: 256 });
    expect(out.data.map((d) => d.embedding.length)).toEqual([256, 256]);
    expect(out.usage).toEqual({ prompt_tokens: 8, total_tokens: 8 });
  });
});

describe("Anthropic messages", () => {
  it("requires x-api-key (401) and anthropic-version (400) in Anthropic's envelope", async () => {
    const noKey = await post("/v1/messages", {}, { "anthropic-version": "2023-06-01" });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ type: "error", error: { type: "authentication_error" } });
    const noVersion = await post("/v1/messages", {}, { "x-api-key": "k" });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });

  it("answers non-stream, stream (byte for byte) and count_tokens from the recordings", async () => {
    expect(await (await post("/v1/messages", { max_tokens: 8 }, anthropicHeaders)).json()).toEqual(
      readJsonFixture("anthropic/messages-nonstream.json"),
    );
    const stream = await post("/v1/messages", { stream: true }, anthropicHeaders);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await stream.text()).toBe(readFixture("anthropic/stream-text.sse.txt"));
    expect(await (await post("/v1/messages/count_tokens", {}, anthropicHeaders)).json()).toEqual({ input_tokens: 1114 });
  });

  it("serves the official Anthropic client", async () => {
    // SDK 1.x sends the key as "Authorization: Bearer"; the mock, like the brief, insists on x-api-key.
    const client = new Anthropic({
      baseURL: mock.anthropicBaseUrl,
      apiKey: "sk-ant-test",
      defaultHeaders: { "x-api-key": "sk-ant-test" },
      maxRetries: 0,
    });
    const params = { model: "claude-haiku-4-5", max_tokens: 16, messages: [{ role: "user" as const, content: "1+1?" }] };
    const message = await client.messages.create(params);
    expect(message.usage.output_tokens).toBe(21);
    const final = await client.messages.stream(params).finalMessage();
    expect(final.content[0]).toMatchObject({ type: "text", text: "2" });
    expect(final.stop_reason).toBe("end_turn");
  });
});

describe("control and recording", () => {
  it("failNext answers the given status/body/headers for the given number of requests, on any route", async () => {
    const overloaded = readJsonFixture("anthropic/error-overloaded.json");
    mock.failNext(429, { error: { message: "slow down" } }, { headers: { "retry-after": "1" }, times: 2 });
    mock.failNext(529, overloaded);
    for (const path of ["/v1/chat/completions", "/v1/embeddings"]) {
      const res = await post(path, {});
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(await res.json()).toEqual({ error: { message: "slow down" } });
    }
    const third = await post("/v1/messages", {}, anthropicHeaders);
    expect(third.status).toBe(529);
    expect(await third.json()).toEqual(overloaded);
    expect((await post("/v1/chat/completions", {})).status).toBe(200);
  });

  it("records every request and answers unknown routes with 404", async () => {
    const res = await post("/v1/nope?x=1", { a: 1 });
    expect(res.status).toBe(404);
    expect(mock.requests).toEqual([
      { method: "POST", path: "/v1/nope?x=1", headers: expect.objectContaining({ authorization: "Bearer sk-test" }), bodyText: '{"a":1}', bodyBytes: Buffer.from('{"a":1}'), json: { a: 1 } },
    ]);
  });
});
