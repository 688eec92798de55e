import { describe, expect, it } from "vitest";
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { testCtx } from "./fixture-stream.test-helper.ts";
import { parseGenerateContentResponse } from "./response.ts";

interface Completion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{ index: number; message: Record<string, unknown>; logprobs: null; finish_reason: string }>;
  usage?: Record<string, unknown>;
}

function parse(fixture: string) {
  const { body, usage } = parseGenerateContentResponse(readFixture(`gemini/${fixture}`), testCtx());
  return { completion: JSON.parse(body) as Completion, usage };
}

const sig = (prefix: string) => ({ google: { thought_signature: expect.stringMatching(new RegExp(`^${prefix}`)) as unknown } });

// Each recorded generateContent answer → the message, finish_reason and usage the client gets.
const CASES: Array<{ fixture: string; message: Record<string, unknown>; finish: string; usage: Record<string, unknown> }> = [
  {
    fixture: "generatecontent-text.json",
    message: { role: "assistant", content: "The capital of France is **Paris**.", refusal: null },
    finish: "stop",
    usage: { prompt_tokens: 8, completion_tokens: 8, total_tokens: 16, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
  },
  {
    fixture: "generatecontent-function-call-gemini2.json",
    message: { role: "assistant", content: null, refusal: null, tool_calls: [{ id: "call_0", type: "function", function: { name: "get_user_country", arguments: "{}" } }] },
    finish: "tool_calls",
    usage: { prompt_tokens: 33, completion_tokens: 5, total_tokens: 38, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
  },
  {
    fixture: "generatecontent-function-call-thinking.json",
    message: {
      role: "assistant",
      content: null,
      refusal: null,
      tool_calls: [{ id: "call_0", type: "function", function: { name: "get_capital", arguments: '{"country":"France"}' }, extra_content: sig("CpYEAXLI2nxH") }],
    },
    finish: "tool_calls",
    // thoughts (124) are output: 15 + 124; total matches Gemini's totalTokenCount (196)
    usage: { prompt_tokens: 57, completion_tokens: 139, total_tokens: 196, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 124 } },
  },
  {
    fixture: "generatecontent-parallel-function-calls.json",
    message: {
      role: "assistant",
      content: null,
      refusal: null,
      tool_calls: [
        { id: "call_0", type: "function", function: { name: "generate_topic", arguments: "{}" }, extra_content: sig("Es8FCswFAXLI2nx") },
        { id: "call_1", type: "function", function: { name: "generate_topic", arguments: "{}" } },
        { id: "call_2", type: "function", function: { name: "generate_topic", arguments: "{}" } },
      ],
    },
    finish: "tool_calls",
    usage: { prompt_tokens: 83, completion_tokens: 220, total_tokens: 303, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 190 } },
  },
  {
    fixture: "vercel-generatecontent-tool-call-gemini3.json",
    message: {
      role: "assistant",
      content: null,
      refusal: null,
      tool_calls: [{ id: "call_0", type: "function", function: { name: "weather", arguments: '{"location":"San Francisco"}' }, extra_content: sig("Eqo\\+Cqc") }],
    },
    finish: "tool_calls",
    usage: { prompt_tokens: 29, completion_tokens: 1816, total_tokens: 1845, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 1801 } },
  },
  {
    fixture: "generatecontent-cached-content.json",
    message: { role: "assistant", content: "Paris.", refusal: null },
    finish: "stop",
    // promptTokenCount already includes the 3,512 cached tokens
    usage: { prompt_tokens: 3520, completion_tokens: 53, total_tokens: 3573, prompt_tokens_details: { cached_tokens: 3512 }, completion_tokens_details: { reasoning_tokens: 51 } },
  },
  {
    // a text part carrying a thought signature (Gemini 3): the text is the answer, the signature is not needed back
    fixture: "vercel-generatecontent-reasoning.json",
    message: { role: "assistant", content: 'There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.', refusal: null },
    finish: "stop",
    usage: { prompt_tokens: 9, completion_tokens: 311, total_tokens: 320, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 282 } },
  },
  {
    // an image model's inline image has no place in a chat completion; its text does
    fixture: "generatecontent-image-output.json",
    message: {
      role: "assistant",
      content:
        "Once, in a hidden cenote, lived an axolotl named Pip who loved to collect shiny pebbles. One day, Pip found a pebble that glowed, illuminating his entire underwater world with a soft, warm light. ",
      refusal: null,
    },
    finish: "stop",
    usage: { prompt_tokens: 17, completion_tokens: 1336, total_tokens: 1353, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
  },
];

describe.each(CASES)("the recorded answer $fixture", ({ fixture, message, finish, usage }) => {
  it("becomes the OpenAI chat.completion", () => {
    const { completion } = parse(fixture);
    expect(completion).toEqual({
      id: "chatcmpl-req_test_1",
      object: "chat.completion",
      created: 1_760_000_000,
      model: "google/gemini-2.5-flash",
      choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
      usage,
    });
  });

  it("reports the gateway's usage", () => {
    const { usage: gw } = parse(fixture);
    const details = usage as { prompt_tokens: number; completion_tokens: number; prompt_tokens_details: { cached_tokens: number }; completion_tokens_details: { reasoning_tokens: number } };
    expect(gw).toEqual({
      inputTokens: details.prompt_tokens,
      outputTokens: details.completion_tokens,
      cachedInputTokens: details.prompt_tokens_details.cached_tokens,
      reasoningTokens: details.completion_tokens_details.reasoning_tokens,
    });
  });
});

// SYNTHETIC bodies below: shapes from the API reference (no recording has them).
const ctx = testCtx();
const answer = (candidate: Record<string, unknown>, usageMetadata?: Record<string, number>) => JSON.stringify({ candidates: [candidate], ...(usageMetadata ? { usageMetadata } : {}) });

describe("answers the recordings do not cover", () => {
  it("thought parts become reasoning_content, apart from the answer", () => {
    const { body } = parseGenerateContentResponse(
      answer({ content: { role: "model", parts: [{ text: "**Plan**\n\nAdd them.", thought: true }, { text: "4" }] }, finishReason: "STOP" }),
      ctx,
    );
    expect((JSON.parse(body) as Completion).choices[0]!.message).toEqual({ role: "assistant", content: "4", refusal: null, reasoning_content: "**Plan**\n\nAdd them." });
  });

  it("text beside function calls is kept as content", () => {
    const { body } = parseGenerateContentResponse(
      answer({ content: { parts: [{ text: "Let me check." }, { functionCall: { name: "f", args: { a: [1, 2] } } }] }, finishReason: "STOP" }),
      ctx,
    );
    const c = JSON.parse(body) as Completion;
    expect(c.choices[0]!.message).toMatchObject({ content: "Let me check.", tool_calls: [{ id: "call_0", function: { name: "f", arguments: '{"a":[1,2]}' } }] });
    expect(c.choices[0]!.finish_reason).toBe("tool_calls");
  });

  it.each([
    ["MAX_TOKENS", "length"],
    ["SAFETY", "content_filter"],
    ["RECITATION", "content_filter"],
    ["BLOCKLIST", "content_filter"],
    ["PROHIBITED_CONTENT", "content_filter"],
    ["SPII", "content_filter"],
    ["MALFORMED_FUNCTION_CALL", "stop"],
    ["OTHER", "stop"],
  ])("finishReason %s → %s", (reason, finish) => {
    const { body } = parseGenerateContentResponse(answer({ finishReason: reason }, { promptTokenCount: 5, totalTokenCount: 5 }), ctx);
    const c = JSON.parse(body) as Completion;
    expect(c.choices[0]!.finish_reason).toBe(finish);
    expect(c.choices[0]!.message.content).toBeNull();
  });

  it("counts tool-use prompt tokens as input", () => {
    const { usage } = parseGenerateContentResponse(answer({ content: { parts: [{ text: "x" }] }, finishReason: "STOP" }, { promptTokenCount: 10, toolUsePromptTokenCount: 7, candidatesTokenCount: 1 }), ctx);
    expect(usage).toEqual({ inputTokens: 17, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0 });
  });

  it("a blocked prompt is the client's 400, naming the block reason", () => {
    const text = JSON.stringify({ promptFeedback: { blockReason: "SAFETY", safetyRatings: [] }, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 } });
    expect(() => parseGenerateContentResponse(text, ctx)).toThrow(
      expect.objectContaining({ code: "invalid_request_error", status: 400, message: "The provider refused the prompt (block reason: SAFETY)." }) as Error,
    );
  });

  it("no candidate and no reason, or no JSON, is the provider's failure", () => {
    expect(() => parseGenerateContentResponse("{}", ctx)).toThrow(expect.objectContaining({ code: "upstream_error" }) as Error);
    expect(() => parseGenerateContentResponse("<html>", ctx)).toThrow(expect.objectContaining({ code: "upstream_error", message: "The provider sent a response that is not JSON." }) as Error);
  });
});
