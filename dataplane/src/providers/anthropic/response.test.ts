import { describe, expect, it } from "vitest";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { GatewayError } from "../../errors.ts";
import { testCtx } from "./fixture-stream.test-helper.ts";
import { parseMessagesResponse } from "./response.ts";

const head = { id: "chatcmpl-req_test_1", object: "chat.completion", created: 1_760_000_000, model: "anthropic/claude-haiku-4-5" };

/** A fixture's block text, for expectations too long to spell out twice. */
function blockText(file: string, i: number): string {
  const block = readJsonFixture<{ content: Array<{ text?: string; thinking?: string }> }>(`anthropic/${file}`).content[i];
  return block?.text ?? block?.thinking ?? "";
}

const cases: Array<{ file: string; want: () => unknown; usage: unknown }> = [
  {
    file: "messages-nonstream.json",
    want: () => ({
      ...head,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "Hi there! How are you doing today? Is there anything I can help you with?", refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 8, completion_tokens: 21, total_tokens: 29, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 } },
    }),
    usage: { inputTokens: 8, outputTokens: 21, cachedInputTokens: 0, cacheWriteTokens: 0 },
  },
  {
    // Anthropic counts 3 uncached + 418 written + 1111 read; OpenAI's prompt_tokens is all of them
    file: "messages-nonstream-cache-read.json",
    want: () => ({
      ...head,
      choices: [{ index: 0, message: { role: "assistant", content: blockText("messages-nonstream-cache-read.json", 0), refusal: null }, logprobs: null, finish_reason: "stop" }],
      usage: { prompt_tokens: 1532, completion_tokens: 33, total_tokens: 1565, prompt_tokens_details: { cached_tokens: 1111, cache_write_tokens: 418 } },
    }),
    usage: { inputTokens: 1532, outputTokens: 33, cachedInputTokens: 1111, cacheWriteTokens: 418 },
  },
  {
    file: "messages-nonstream-parallel-tool-use.json",
    want: () => ({
      ...head,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "I'll help you find out who is the youngest by retrieving information about each family member. I'll retrieve their entity information to compare their ages.",
            refusal: null,
            tool_calls: [
              { id: "toolu_0167cfEnoQaPviGdVXA95zcu", type: "function", function: { name: "retrieve_entity_info", arguments: '{"name":"Alice"}' } },
              { id: "toolu_01EEe2V5HD1Ac4rKiUR4HD2T", type: "function", function: { name: "retrieve_entity_info", arguments: '{"name":"Bob"}' } },
              { id: "toolu_01XFyAjstT3966qvRynZyVPo", type: "function", function: { name: "retrieve_entity_info", arguments: '{"name":"Charlie"}' } },
              { id: "toolu_013mnQZbgtK2oe3Mo3XKJsx3", type: "function", function: { name: "retrieve_entity_info", arguments: '{"name":"Daisy"}' } },
            ],
          },
          logprobs: null,
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 423, completion_tokens: 202, total_tokens: 625, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 } },
    }),
    usage: { inputTokens: 423, outputTokens: 202, cachedInputTokens: 0, cacheWriteTokens: 0 },
  },
  {
    file: "messages-nonstream-thinking.json",
    want: () => ({
      ...head,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: blockText("messages-nonstream-thinking.json", 1),
            refusal: null,
            reasoning_content: "This is a straightforward question about pedestrian safety. I should provide clear, practical advice about crossing the street safely.",
          },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 43, completion_tokens: 321, total_tokens: 364, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 } },
    }),
    usage: { inputTokens: 43, outputTokens: 321, cachedInputTokens: 0, cacheWriteTokens: 0 },
  },
  {
    // redacted thinking is encrypted: nothing to show, and no reasoning_content field at all
    file: "messages-nonstream-redacted-thinking.json",
    want: () => ({
      ...head,
      choices: [{ index: 0, message: { role: "assistant", content: blockText("messages-nonstream-redacted-thinking.json", 1), refusal: null }, logprobs: null, finish_reason: "stop" }],
      usage: { prompt_tokens: 92, completion_tokens: 196, total_tokens: 288, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 } },
    }),
    usage: { inputTokens: 92, outputTokens: 196, cachedInputTokens: 0, cacheWriteTokens: 0 },
  },
  {
    file: "vercel-messages-refusal.json",
    want: () => ({
      ...head,
      choices: [{ index: 0, message: { role: "assistant", content: null, refusal: null }, logprobs: null, finish_reason: "content_filter" }],
      usage: { prompt_tokens: 18, completion_tokens: 5, total_tokens: 23, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 } },
    }),
    usage: { inputTokens: 18, outputTokens: 5, cachedInputTokens: 0, cacheWriteTokens: 0 },
  },
];

describe.each(cases)("recorded message $file", ({ file, want, usage }) => {
  it("becomes the expected OpenAI chat.completion", () => {
    const out = parseMessagesResponse(readFixture(`anthropic/${file}`), testCtx());
    expect(JSON.parse(out.body)).toEqual(want());
    expect(out.usage).toEqual(usage);
  });
});

describe("stop reasons", () => {
  it.each([
    ["end_turn", "stop"],
    ["stop_sequence", "stop"],
    ["pause_turn", "stop"],
    ["max_tokens", "length"],
    ["model_context_window_exceeded", "length"],
    ["tool_use", "tool_calls"],
    ["refusal", "content_filter"],
  ])("%s → %s", (stop, finish) => {
    const content = stop === "tool_use" ? [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }] : [{ type: "text", text: "x" }];
    const out = parseMessagesResponse(JSON.stringify({ type: "message", content, stop_reason: stop, usage: { input_tokens: 1, output_tokens: 1 } }), testCtx());
    expect((JSON.parse(out.body) as { choices: Array<{ finish_reason: string }> }).choices[0]?.finish_reason).toBe(finish);
  });
});

describe("JSON mode answers", () => {
  it("hands the JSON tool's input back as the content, finishing with stop", () => {
    const msg = {
      type: "message",
      content: [{ type: "tool_use", id: "toolu_1", name: "gateway_json_output", input: { city: "Paris", temp: 21 } }],
      stop_reason: "tool_use",
      usage: { input_tokens: 5, output_tokens: 9 },
    };
    const body = JSON.parse(parseMessagesResponse(JSON.stringify(msg), testCtx()).body) as { choices: Array<{ message: Record<string, unknown>; finish_reason: string }> };
    expect(body.choices[0]?.message).toEqual({ role: "assistant", content: '{"city":"Paris","temp":21}', refusal: null });
    expect(body.choices[0]?.finish_reason).toBe("stop");
  });
});

describe("unreadable answers", () => {
  it.each([
    ["not JSON", "<html>502</html>"],
    ["not a message", '{"type":"error","error":{"type":"api_error","message":"x"}}'],
  ])("%s → upstream_error", (_what, text) => {
    expect(() => parseMessagesResponse(text, testCtx())).toThrow(GatewayError);
    try {
      parseMessagesResponse(text, testCtx());
    } catch (err) {
      expect((err as GatewayError).code).toBe("upstream_error");
    }
  });
});
