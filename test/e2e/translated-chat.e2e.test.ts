import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { eventually, useEmbeddedGateway } from "../harness/gateway.ts";

// anthropic/claude-haiku-4-5: $1 in, $5 out per Mtok
const NONSTREAM_COST = 8 * 1 + 21 * 5; // anthropic/messages-nonstream.json
const STREAM_COST = 20 * 1 + 5 * 5; // anthropic/stream-text.sse.txt

/**
 * A client speaking only OpenAI's format reaches Anthropic's models on /v1/chat/completions: the request is
 * translated to the Messages API and the (recorded) answer back, stream event by stream event.
 */
describe("OpenAI format in, Anthropic Messages upstream", () => {
  const g = useEmbeddedGateway();

  it("non-stream: an OpenAI chat.completion, named by the gateway's slug, metered from Anthropic's usage", async () => {
    const res = await g.client.chat.completions
      .create({ model: "claude-haiku-4-5", max_tokens: 200, messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hello" }] })
      .withResponse();
    expect(res.data).toMatchObject({
      object: "chat.completion",
      model: "anthropic/claude-haiku-4-5",
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Hi there! How are you doing today? Is there anything I can help you with?" } }],
      usage: { prompt_tokens: 8, completion_tokens: 21, total_tokens: 29 },
    });
    expect(res.response.headers.get("x-svc-cost-micros")).toBe(String(NONSTREAM_COST));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1/messages");
    expect(up.json).toMatchObject({ model: "claude-haiku-4-5", max_tokens: 200, system: expect.anything(), messages: [{ role: "user" }] });
    expect(up.headers["x-api-key"]).toBe("sk-ant-upstream-test-credential");
  });

  it("stream: OpenAI chunks as Anthropic's events arrive, usage chunk with the cost when asked", async () => {
    const stream = await g.client.chat.completions.create({
      model: "anthropic/claude-haiku-4-5",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "hi" }],
    });
    let text = "";
    let finish: string | null | undefined;
    let usage: (OpenAI.CompletionUsage & { cost_micros?: number }) | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.model).toBe("anthropic/claude-haiku-4-5");
      text += chunk.choices[0]?.delta?.content ?? "";
      finish ??= chunk.choices[0]?.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(finish).toBe("stop");
    expect(usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 5, cost_micros: STREAM_COST });
  });

  it("the credits show both calls to the micro-USD", async () => {
    await eventually(async () => {
      const c = (await (await fetch(`${g.base}/v1/credits`, { headers: { authorization: `Bearer ${g.key}` } })).json()) as { available_micros: number };
      expect(c.available_micros).toBe(10_000_000 - NONSTREAM_COST - STREAM_COST);
    });
  });

  it("an Anthropic error comes back in OpenAI's dialect", async () => {
    g.mock.failNext(400, { type: "error", error: { type: "invalid_request_error", message: "messages: roles must alternate" } });
    await expect(g.client.chat.completions.create({ model: "claude-haiku-4-5", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({
      status: 400,
      error: { message: "messages: roles must alternate", type: "invalid_request_error" },
    });
  });
});

describe("OpenAI format in, Gemini generateContent upstream", () => {
  const g = useEmbeddedGateway();

  it("non-stream: the recorded answer as an OpenAI chat.completion; the key travels in a header, never the URL", async () => {
    const res = await g.client.chat.completions.create({ model: "google/gemini-2.5-flash-lite", messages: [{ role: "user", content: "Capital of France?" }] }).withResponse();
    expect(res.data).toMatchObject({
      model: "google/gemini-2.5-flash-lite",
      choices: [{ finish_reason: "stop", message: { role: "assistant", content: "The capital of France is **Paris**." } }],
      usage: { prompt_tokens: 8, completion_tokens: 8 },
    });
    // gemini-2.5-flash-lite: $0.10 in, $0.40 out per Mtok → 8 × 0.1 + 8 × 0.4 = 4 micro-USD
    expect(res.response.headers.get("x-svc-cost-micros")).toBe("4");
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1beta/models/gemini-2.5-flash-lite:generateContent");
    expect(up.headers["x-goog-api-key"]).toBe("goog-upstream-test-credential");
    expect(up.json).toMatchObject({ contents: [{ role: "user", parts: [{ text: "Capital of France?" }] }] });
  });

  it("stream: a recorded function call arrives as OpenAI tool_calls", async () => {
    const stream = await g.client.chat.completions.create({
      model: "gemini-2.5-flash",
      stream: true,
      tools: [{ type: "function", function: { name: "get_capital", parameters: { type: "object", properties: { country: { type: "string" } } } } }],
      messages: [{ role: "user", content: "Capital of France?" }],
    });
    const calls: { name?: string; arguments?: string }[] = [];
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      for (const tc of chunk.choices[0]?.delta?.tool_calls ?? []) calls.push({ name: tc.function?.name, arguments: tc.function?.arguments });
      finish ??= chunk.choices[0]?.finish_reason;
    }
    expect(calls[0]?.name).toBe("get_capital");
    expect(JSON.parse(calls.map((c) => c.arguments ?? "").join(""))).toEqual({ country: "France" });
    expect(finish).toBe("tool_calls");
    expect(g.mock.requests.at(-1)!.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
  });
});
