import { describe, expect, it } from "vitest";
import { GatewayError } from "../../errors.ts";
import { assemble } from "../shared/translated-stream.test-helper.ts";
import { recordedAnswer, recordedBlocks, testCtx } from "./fixture-stream.test-helper.ts";
import { GeminiStreamTranslator } from "./stream.ts";

// Every recorded alt=sse stream (REAL, byte-exact) and the vercel payload recordings. Left out:
// vercel-stream-tool-call-partial-args.chunks.jsonl is Vertex's streamed-arguments format (functionCall.partialArgs),
// which the Gemini API does not send and this adapter never asks for.
const FIXTURES = [
  "stream-text-sse.sse.txt",
  "stream-thinking-include-thoughts.sse.txt",
  "stream-function-call-gemini2.sse.txt",
  "stream-function-call-thought-signature.sse.txt",
  "vercel-stream-text.chunks.jsonl",
  "vercel-stream-reasoning.chunks.jsonl",
  "vercel-stream-reasoning-gemini3.chunks.jsonl",
  "vercel-stream-tool-call-gemini3.chunks.jsonl",
];

function run(fixture: string, clientWantsUsage = false) {
  const t = new GeminiStreamTranslator(testCtx({ clientWantsUsage }));
  const blocks = recordedBlocks(fixture);
  const events = blocks.flatMap((b) => t.push(b));
  events.push(...t.finish());
  return { t, events, got: assemble(events), want: recordedAnswer(blocks) };
}

describe.each(FIXTURES)("the recorded stream %s", (fixture) => {
  it("translates to the same answer, role first, one finish, [DONE] last", () => {
    const { got, want, events } = run(fixture);
    expect(got.content).toBe(want.text);
    expect(got.reasoning).toBe(want.thoughts);
    expect(got.tools.map((c) => ({ name: c.name, args: JSON.parse(c.arguments) as unknown }))).toEqual(want.calls);
    expect(got.tools.map((c) => c.id)).toEqual(want.calls.map((_, i) => `call_${i}`));
    expect(got.chunks[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: "" });
    expect(got.finishes).toEqual([want.calls.length > 0 ? "tool_calls" : "stop"]);
    expect(events.at(-1)).toBe("data: [DONE]");
    expect(got.done).toBe(1);
    for (const c of got.chunks) expect(c).toMatchObject({ id: "chatcmpl-req_test_1", object: "chat.completion.chunk", created: 1_760_000_000, model: "google/gemini-2.5-flash" });
  });

  it("takes the last usageMetadata as the usage, thoughts billed as output", () => {
    const { t, want } = run(fixture);
    const u = want.usage;
    expect(t.usage).toEqual({
      inputTokens: u.promptTokenCount,
      outputTokens: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0),
      cachedInputTokens: 0,
      reasoningTokens: u.thoughtsTokenCount ?? 0,
    });
  });

  it("sends the usage chunk only when the client asked, just before [DONE]", () => {
    expect(run(fixture, false).got.usageChunks).toEqual([]);
    const { got, events, t } = run(fixture, true);
    expect(got.usageChunks).toHaveLength(1);
    const chunk = got.usageChunks[0]!;
    expect(chunk.choices).toEqual([]);
    const u = t.usage!;
    expect(chunk.usage).toEqual({
      prompt_tokens: u.inputTokens,
      completion_tokens: u.outputTokens,
      total_tokens: u.inputTokens! + u.outputTokens!,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: u.reasoningTokens },
      cost_micros: 1234,
    });
    expect(JSON.parse(events.at(-2)!.slice(6))).toEqual(chunk);
  });
});

describe("stream details", () => {
  it("streams text as it comes: one content event per recorded event", () => {
    const { got } = run("stream-text-sse.sse.txt");
    expect(got.chunks.map((c) => c.choices[0]?.delta.content).filter((c) => c !== undefined && c !== "")).toEqual([
      "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n1",
      "4\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n3",
      "0",
    ]);
  });

  it("sends thoughts as reasoning_content before the answer", () => {
    const { got } = run("stream-thinking-include-thoughts.sse.txt");
    expect(got.reasoning.startsWith("**Clarifying User Goals**")).toBe(true);
    const kinds = got.chunks.map((c) => Object.keys(c.choices[0]?.delta ?? {})[0]).filter((k) => k === "reasoning_content" || k === "content");
    expect(kinds.lastIndexOf("reasoning_content")).toBeLessThan(kinds.indexOf("content", 1));
  });

  it("sends a tool call whole, with its thought signature", () => {
    const { got } = run("stream-function-call-thought-signature.sse.txt");
    expect(got.tools).toEqual([{ id: "call_0", name: "get_country", arguments: "{}", signature: expect.stringMatching(/^EpwICpkIAXLI2nx/) as unknown }]);
    const delta = got.chunks.find((c) => c.choices[0]?.delta.tool_calls)!.choices[0]!.delta;
    expect(delta.tool_calls).toEqual([
      { index: 0, id: "call_0", type: "function", function: { name: "get_country", arguments: "{}" }, extra_content: { google: { thought_signature: expect.any(String) as unknown } } },
    ]);
  });

  it("counts the events that carried output", () => {
    expect(run("stream-text-sse.sse.txt").t.outputEvents).toBe(3);
    expect(run("stream-function-call-gemini2.sse.txt").t.outputEvents).toBe(1);
  });

  it("numbers parallel calls 0, 1, … across events", () => {
    const t = new GeminiStreamTranslator(testCtx());
    const call = (name: string) => `data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"${name}","args":{"q":1}}}]},"index":0}]}`;
    const events = [...t.push(call("a")), ...t.push(call("b")), ...t.push('data: {"candidates":[{"content":{"role":"model","parts":[{"text":""}]},"finishReason":"STOP","index":0}]}'), ...t.finish()];
    expect(assemble(events).tools).toEqual([
      { id: "call_0", name: "a", arguments: '{"q":1}' },
      { id: "call_1", name: "b", arguments: '{"q":1}' },
    ]);
    expect(assemble(events).finishes).toEqual(["tool_calls"]);
  });

  it.each([
    ["MAX_TOKENS", "length"],
    ["SAFETY", "content_filter"],
    ["RECITATION", "content_filter"],
    ["PROHIBITED_CONTENT", "content_filter"],
    ["OTHER", "stop"],
  ])("maps finishReason %s to %s", (reason, expected) => {
    const t = new GeminiStreamTranslator(testCtx());
    const events = [...t.push(`data: {"candidates":[{"finishReason":"${reason}","index":0}],"usageMetadata":{"promptTokenCount":3,"totalTokenCount":3}}`), ...t.finish()];
    expect(assemble(events).finishes).toEqual([expected]);
  });
});

describe("a stream that fails", () => {
  it("finish() refuses a stream that never sent a finishReason, keeping what was counted", () => {
    const t = new GeminiStreamTranslator(testCtx({ clientWantsUsage: true }));
    for (const b of recordedBlocks("stream-text-sse.sse.txt").slice(0, 2)) t.push(b);
    expect(() => t.finish()).toThrow(/ended before it was complete/);
    expect(t.outputEvents).toBe(2);
    expect(t.usage).toEqual({ inputTokens: 18, outputTokens: 79 + 35, cachedInputTokens: 0, reasoningTokens: 35 });
  });

  it("an error object in the stream becomes an upstream_error, redacted", () => {
    // SYNTHETIC: Google's error envelope as a stream event, carrying a key-like string
    const t = new GeminiStreamTranslator(testCtx());
    t.push(recordedBlocks("stream-text-sse.sse.txt")[0]!);
    let err: unknown;
    try {
      t.push('data: {"error":{"code":503,"message":"The model is overloaded. key AIzaSyA1234567890abcdefghijklmnopqrs","status":"UNAVAILABLE"}}');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe("upstream_error");
    expect((err as GatewayError).message).toBe("The provider failed mid-stream: The model is overloaded. key [redacted]");
  });

  it("a prompt blocked in the first event is the client's 400", () => {
    const t = new GeminiStreamTranslator(testCtx());
    expect(() => t.push('data: {"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"},"usageMetadata":{"promptTokenCount":7,"totalTokenCount":7}}')).toThrow(
      expect.objectContaining({ code: "invalid_request_error", status: 400, message: expect.stringContaining("PROHIBITED_CONTENT") as unknown }) as Error,
    );
  });

  it("an event that is not JSON is an upstream_error", () => {
    expect(() => new GeminiStreamTranslator(testCtx()).push("data: {oops")).toThrow(expect.objectContaining({ code: "upstream_error" }) as Error);
  });
});
