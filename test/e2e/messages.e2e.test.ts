import Anthropic from "@anthropic-ai/sdk";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixture } from "../harness/fixtures.ts";
import { createKey, eventually, startEmbeddedGateway, type TestGateway } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";
import { splitSseEvents } from "../harness/openai-sse.ts";

// anthropic/claude-haiku-4-5: $1 in, $5 out per Mtok → 1 and 5 micro-USD per token
const NONSTREAM_COST = 8 * 1 + 21 * 5; // messages-nonstream.json: 8 in, 21 out
const TOOL_USE_COST = 423 * 1 + 202 * 5; // messages-nonstream-parallel-tool-use.json (a request with tools): 423 in, 202 out
const STREAM_COST = 20 * 1 + 5 * 5; // stream-text.sse.txt: 20 in (message_start), 5 out (message_delta)

/** The native route as Claude Code and the Anthropic SDK use it: Bearer auth, byte-for-byte streams, native errors. */
describe("POST /v1/messages and /v1/messages/count_tokens", () => {
  let mock: MockUpstream;
  let gw: TestGateway;
  let base: string;
  let key: string;
  let client: Anthropic;

  beforeAll(async () => {
    mock = await startMockUpstream();
    gw = await startEmbeddedGateway(mock);
    base = gw.baseUrls[0]!;
    key = (await createKey(base, gw.managementKey, { name: "claude" })).key;
    client = new Anthropic({ baseURL: base, authToken: key, apiKey: null, maxRetries: 0 });
  });
  afterAll(async () => {
    await gw?.close();
    await mock?.close();
  });

  const credits = async () =>
    ((await (await fetch(`${base}/v1/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { available_micros: number }).available_micros;

  it("answers through the official SDK, with the gateway's credential on the upstream leg only", async () => {
    const msg = await client.messages.create(
      { model: "claude-haiku-4-5", max_tokens: 100, messages: [{ role: "user", content: "Hello" }] },
      { headers: { "anthropic-beta": "prompt-caching-2024-07-31" } },
    );
    expect(msg.content).toEqual([{ type: "text", text: "Hi there! How are you doing today? Is there anything I can help you with?" }]);
    const up = mock.requests.at(-1)!;
    expect(up.path).toBe("/v1/messages");
    expect(up.headers["x-api-key"]).toBe("sk-ant-upstream-test-credential");
    expect(up.headers.authorization).toBeUndefined();
    expect(up.headers["anthropic-beta"]).toBe("prompt-caching-2024-07-31");
    expect(up.headers["anthropic-version"]).toBeTruthy();
    expect((up.json as { model: string }).model).toBe("claude-haiku-4-5");
  });

  it("streams byte for byte and meters from message_start and message_delta", async () => {
    const before = await credits();
    const res = await fetch(`${base}/v1/messages?beta=true`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "anthropic/claude-haiku-4-5", max_tokens: 50, stream: true, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await res.text()).toBe(readFixture("anthropic/stream-text.sse.txt"));
    expect(mock.requests.at(-1)!.path).toBe("/v1/messages?beta=true");
    await eventually(async () => expect(await credits()).toBe(before - STREAM_COST));
  });

  it("the SDK's stream helper reads the passed-through stream", async () => {
    const stream = client.messages.stream({ model: "claude-haiku-4-5", max_tokens: 50, messages: [{ role: "user", content: "hi" }] });
    const final = await stream.finalMessage();
    expect(final.stop_reason).toBe("end_turn");
    expect(final.usage.output_tokens).toBe(5);
  });

  it("count_tokens is answered by the provider and costs nothing", async () => {
    await eventually(async () => expect(await credits()).toBe(10_000_000 - NONSTREAM_COST - 2 * STREAM_COST));
    const before = await credits();
    const r = await client.messages.countTokens({ model: "claude-haiku-4-5", messages: [{ role: "user", content: "hi" }] });
    expect(r.input_tokens).toBe(1114);
    await new Promise((r) => setTimeout(r, 100));
    expect(await credits()).toBe(before);
  });

  it.each([
    ["x-api-key instead of Bearer", { "x-api-key": "svc_whatever" }, { model: "claude-haiku-4-5", max_tokens: 5, messages: [] }, 401, "authentication_error", /Authorization: Bearer/],
    ["a model of another provider", "bearer", { model: "openai/gpt-4o", max_tokens: 5, messages: [] }, 400, "invalid_request_error", /\/v1\/chat\/completions/],
    ["an embedding model", "bearer", { model: "openai/text-embedding-3-small", max_tokens: 5, messages: [] }, 400, "invalid_request_error", /\/v1\/embeddings/],
    ["no max_tokens", "bearer", { model: "claude-haiku-4-5", messages: [] }, 400, "invalid_request_error", /max_tokens/],
    ["an unknown model", "bearer", { model: "anthropic/claude-0", max_tokens: 5, messages: [] }, 404, "not_found_error", /does not exist/],
  ])("refuses %s in Anthropic's envelope", async (_, auth, body, status, type, message) => {
    const headers: Record<string, string> = { "content-type": "application/json", ...(auth === "bearer" ? { authorization: `Bearer ${key}` } : (auth as Record<string, string>)) };
    const res = await fetch(`${base}/v1/messages`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(res.status).toBe(status);
    const json = (await res.json()) as { type: string; error: { type: string; message: string } };
    expect(json.type).toBe("error");
    expect(json.error.type).toBe(type);
    expect(json.error.message).toMatch(message);
  });

  it("a provider error keeps the provider's envelope and status", async () => {
    mock.failNext(529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
    const res = await fetch(`${base}/v1/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-haiku-4-5", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(529);
    expect(await res.json()).toEqual({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
  });

  it("a coding agent's request of hundreds of kilobytes reaches the provider as sent, but for its model, and is billed", async () => {
    // Claude Code's shape: a long system prompt, tools, tool results of source code; non-ASCII text on both sides of
    // the model, escapes in strings, the model neither first nor last, and far more than one read of the socket
    const code = Array.from({ length: 400 }, (_, i) => `  const v${i} = f("é✓ ${i}", '\t"q"'); // 😀 línea ${i}\n`).join("");
    const messages = Array.from({ length: 12 }, (_, t) => ({ role: t % 2 ? "assistant" : "user", content: [{ type: "text", text: `turn ${t} ${code}` }] }));
    const text = `{"system":"Vous êtes un agent. ${"x".repeat(20_000)}",\n "model" : "anthropic/claude-haiku-4-5", "max_tokens": 64,\t"messages":${JSON.stringify(messages)}, "metadata":{"user_id":"ü"}}`;
    const sent = Buffer.from(text);
    expect(sent.length).toBeGreaterThan(300_000);
    const before = await credits();
    const res = await fetch(`${base}/v1/messages`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: sent });
    expect(res.status).toBe(200);
    await res.text();
    const up = mock.requests.at(-1)!;
    const expected = Buffer.from(text.replace('"anthropic/claude-haiku-4-5"', '"claude-haiku-4-5"'));
    expect(up.bodyBytes.equals(expected)).toBe(true);
    expect(up.headers["content-length"]).toBe(String(expected.length));
    // the recorded answer's usage, as for the first request
    await eventually(async () => expect(await credits()).toBe(before - NONSTREAM_COST));
  });

  it("a coding agent's session, turn after turn, reaches the provider as sent, whatever changed since the key's last turn", async () => {
    // Claude Code sends the whole conversation every turn and moves its cache marker to the newest turn: the gateway
    // scans only what changed since the key's last turn (http/conversation-memo.ts), so each turn must still go as sent
    const code = Array.from({ length: 120 }, (_, i) => `  const v${i} = f("é✓ ${i}", '\t"q"'); // 😀 [línea] {${i}}\n`).join("");
    const turn = (t: number, marked = false) => ({ role: t % 2 ? "assistant" : "user", content: [{ type: "text", text: `turn ${t} ${code}`, ...(marked ? { cache_control: { type: "ephemeral" } } : {}) }] });
    const session = [
      Array.from({ length: 6 }, (_, t) => turn(t, t === 5)),
      Array.from({ length: 8 }, (_, t) => turn(t, t === 7)),
      // an earlier turn edited: nothing after it may be taken from the turn before
      [...Array.from({ length: 8 }, (_, t) => (t === 2 ? { role: "user", content: "edited" } : turn(t))), turn(8, true)],
      Array.from({ length: 10 }, (_, t) => turn(t, t === 9)),
    ];
    // its tools too, the same on every turn but one (http/conversation-memo.ts, valueEnd): one character changed at the same length
    const tools = Array.from({ length: 10 }, (_, i) => ({ name: `Outil${i}`, description: `Lit "x" é✓ 😀 ${"décrit ".repeat(150)}`, input_schema: { type: "object", properties: { p: { type: "string" } } } }));
    const edited = structuredClone(tools);
    edited[4]!.description = edited[4]!.description.replace("Lit", "Vit");
    const toolsOf = [tools, tools, edited, tools];
    const before = await credits();
    const calls = mock.requests.length;
    for (const [t, messages] of session.entries()) {
      const text = `{"model":"anthropic/claude-haiku-4-5","max_tokens":64,"tools":${JSON.stringify(toolsOf[t])},"messages":${JSON.stringify(messages)},"system":"Vous êtes un agent."}`;
      const res = await fetch(`${base}/v1/messages`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: text });
      expect(res.status).toBe(200);
      await res.text();
      expect(mock.requests.at(-1)!.bodyBytes.equals(Buffer.from(text.replace('"anthropic/claude-haiku-4-5"', '"claude-haiku-4-5"')))).toBe(true);
    }
    // the same turns with a fault after them: refused as a body never seen before would be, before any provider call
    // the same tools with a bracket after them: as refused
    for (const broken of [
      `{"model":"anthropic/claude-haiku-4-5","max_tokens":64,"tools":${JSON.stringify(tools)},"messages":${JSON.stringify(session[3]).slice(0, -1)},{"role":"user","content":"x}]}`,
      `{"model":"anthropic/claude-haiku-4-5","max_tokens":64,"tools":${JSON.stringify(tools)}],"messages":${JSON.stringify(session[3])}}`,
    ]) {
      const res = await fetch(`${base}/v1/messages`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: broken });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error", message: "The request body is not valid JSON." } });
    }
    expect(mock.requests.length).toBe(calls + session.length);
    await eventually(async () => expect(await credits()).toBe(before - session.length * TOOL_USE_COST));
  });

  it("a conversation the gateway does not read is the provider's to judge: its 400 comes back in its envelope, unbilled", async () => {
    const before = await credits();
    // long enough to be scanned rather than parsed (SCANNED_BODY_MIN); a short one is parsed whole (below)
    const sent = `{"model":"claude-haiku-4-5","max_tokens":5,"messages":[{"role":"user","content":"${"hi ".repeat(400)}",}, nope]}`;
    const calls = mock.requests.length;
    const res = await fetch(`${base}/v1/messages`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: sent });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error", message: "There was an error parsing the body of your request." } });
    expect(mock.requests.length).toBe(calls + 1);
    expect(mock.requests.at(-1)!.bodyText).toBe(sent);
    // refused before any provider sees them: a member the gateway reads that is not JSON, and a short body's fault
    for (const body of [`{"model":"claude-haiku-4-5","max_tokens":5x,"messages":[{"role":"user","content":"${"hi ".repeat(400)}"}]}`, '{"model":"claude-haiku-4-5","max_tokens":5,"messages":[nope]}']) {
      const bad = await fetch(`${base}/v1/messages`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error", message: "The request body is not valid JSON." } });
    }
    expect(mock.requests.length).toBe(calls + 1);
    // a billed call after them: once the ledger has applied it, it has applied whatever came before it
    await client.messages.create({ model: "claude-haiku-4-5", max_tokens: 5, messages: [{ role: "user", content: "hi" }] });
    await eventually(async () => expect(await credits()).toBe(before - NONSTREAM_COST));
  });
});

/**
 * A provider that reports no usage and breaks its stream off: the route bills its estimate, the request's bytes for
 * the prompt and one output token per content delta it passed on (the estimate of every cut stream).
 */
// message_start without its usage (the estimate is billed) or as recorded (its usage is), the block's start, three
// deltas, then the connection drops
describe.each([
  { when: "before any usage", usage: false },
  { when: "after message_start's usage", usage: true },
])("POST /v1/messages: a stream cut short $when", ({ usage }) => {
  const recorded = splitSseEvents(readFixture("anthropic/stream-text.sse.txt"));
  const named = (type: string): string => recorded.find((e) => e.startsWith(`event: ${type}\n`))!;
  const DELTAS = 3;
  let upstream: Server;
  let mock: MockUpstream;
  let gw: TestGateway;
  let base: string;
  let key: string;

  beforeAll(async () => {
    const start = usage ? named("message_start") : named("message_start").replace(/,"usage":\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/, "");
    expect(start.includes('"usage":{"input_tokens":20,')).toBe(usage);
    upstream = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(start + named("content_block_start"));
        for (let i = 0; i < DELTAS; i++) res.write(named("content_block_delta"));
        setTimeout(() => res.destroy(), 50);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    mock = await startMockUpstream();
    gw = await startEmbeddedGateway(mock, { ANTHROPIC_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    base = gw.baseUrls[0]!;
    key = (await createKey(base, gw.managementKey, { name: "cut" })).key;
  });
  afterAll(async () => {
    await gw?.close();
    await mock?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it(usage ? "passes on what came and bills message_start's usage" : "passes on what came and bills the prompt's estimate and one token per delta", async () => {
    const credits = async () =>
      ((await (await fetch(`${base}/v1/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { available_micros: number }).available_micros;
    const before = await credits();
    const body = JSON.stringify({ model: "anthropic/claude-haiku-4-5", max_tokens: 50, stream: true, messages: [{ role: "user", content: "hi" }] });
    const res = await fetch(`${base}/v1/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body,
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split("event: content_block_delta\n").length - 1).toBe(DELTAS);
    expect(text).toContain("event: error\n");
    // claude-haiku-4-5: 1 micro-USD an input token, 5 an output token; the recorded message_start reports 20 input
    // tokens and 1 output token
    const cost = usage ? 20 * 1 + 1 * 5 : Math.ceil(Buffer.byteLength(body) / 4) * 1 + DELTAS * 5;
    await eventually(async () => expect(await credits()).toBe(before - cost));
  });
});
