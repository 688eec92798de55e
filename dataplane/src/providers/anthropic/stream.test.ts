import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GatewayError } from "../../errors.ts";
import { sseData } from "../../upstream/sse-splitter.ts";
import { readTextDelta } from "./anthropic-wire.ts";
import { assemble } from "../shared/translated-stream.test-helper.ts";
import { recordedAnswer, recordedBlocks, testCtx, translateAll } from "./fixture-stream.test-helper.ts";
import { AnthropicStreamTranslator } from "./stream.ts";

/** Each recorded stream, the finish_reason it must end with, and its usage as the gateway counts it. */
const cases: Array<{ file: string; finish: string; usage: { inputTokens: number; outputTokens: number; cachedInputTokens?: number } }> = [
  { file: "stream-text.sse.txt", finish: "stop", usage: { inputTokens: 20, outputTokens: 5, cachedInputTokens: 0 } },
  { file: "raw-stream-text-with-headers.sse.txt", finish: "stop", usage: { inputTokens: 10, outputTokens: 4, cachedInputTokens: 0 } },
  { file: "stream-thinking.sse.txt", finish: "stop", usage: { inputTokens: 43, outputTokens: 282, cachedInputTokens: 0 } },
  { file: "raw-stream-thinking.sse.txt", finish: "stop", usage: { inputTokens: 46, outputTokens: 133, cachedInputTokens: 0 } },
  { file: "raw-stream-adaptive-thinking-opus46.sse.txt", finish: "stop", usage: { inputTokens: 34, outputTokens: 44, cachedInputTokens: 0 } },
  { file: "stream-redacted-thinking.sse.txt", finish: "stop", usage: { inputTokens: 92, outputTokens: 189, cachedInputTokens: 0 } },
  { file: "raw-stream-tool-use.sse.txt", finish: "tool_calls", usage: { inputTokens: 543, outputTokens: 40, cachedInputTokens: 0 } },
  { file: "raw-stream-tool-use-with-args.sse.txt", finish: "tool_calls", usage: { inputTokens: 542, outputTokens: 62, cachedInputTokens: 0 } },
  { file: "raw-stream-thinking-then-tool-use.sse.txt", finish: "tool_calls", usage: { inputTokens: 598, outputTokens: 92, cachedInputTokens: 0 } },
  // a server tool (tool_search) streams input_json_delta too: not a client tool call; message_delta's input is cumulative
  { file: "stream-tool-use-input-json-delta.sse.txt", finish: "tool_calls", usage: { inputTokens: 1591, outputTokens: 175, cachedInputTokens: 0 } },
  { file: "stream-web-search-server-tool.sse.txt", finish: "stop", usage: { inputTokens: 31772, outputTokens: 644, cachedInputTokens: 0 } },
  // compaction beta: message_delta's top-level usage replaces message_start's (see the report on compaction billing)
  { file: "stream-cache-read-compaction.sse.txt", finish: "stop", usage: { inputTokens: 181, outputTokens: 8, cachedInputTokens: 0 } },
  { file: "vercel-stream-text.chunks.jsonl", finish: "stop", usage: { inputTokens: 12, outputTokens: 30, cachedInputTokens: 0 } },
  // no cache fields at all: cached stays "not reported"
  { file: "vercel-stream-message-delta-input-tokens.chunks.jsonl", finish: "stop", usage: { inputTokens: 61, outputTokens: 2 } },
  { file: "vercel-stream-refusal.chunks.jsonl", finish: "content_filter", usage: { inputTokens: 18, outputTokens: 5, cachedInputTokens: 0 } },
  { file: "vercel-stream-tool-use.chunks.jsonl", finish: "tool_calls", usage: { inputTokens: 849, outputTokens: 47, cachedInputTokens: 0 } },
  { file: "vercel-stream-tool-use-no-args.chunks.jsonl", finish: "tool_calls", usage: { inputTokens: 565, outputTokens: 48, cachedInputTokens: 0 } },
];

describe.each(cases)("recorded stream $file", ({ file, finish, usage }) => {
  const blocks = recordedBlocks(file);
  const want = recordedAnswer(blocks);

  it("gives the client the recording's text, reasoning and tool calls, and the right finish_reason", () => {
    const got = assemble(translateAll(blocks, testCtx()).events);
    expect(got.content).toBe(want.text);
    expect(got.reasoning).toBe(want.thinking);
    expect(got.tools.map((t) => t.name)).toEqual(want.toolNames);
    // a call without arguments streams "" from Anthropic; the client gets "{}", the same object
    expect(got.tools.map((t) => JSON.parse(t.arguments) as unknown)).toEqual(want.toolArgs.map((a) => JSON.parse(a === "" ? "{}" : a) as unknown));
    expect(got.tools.every((t) => typeof t.id === "string" && t.id.startsWith("toolu_"))).toBe(true);
    expect(got.finishes).toEqual([finish]);
  });

  it("frames every chunk as OpenAI does: role first, one id/model/created, [DONE] last", () => {
    const { events } = translateAll(blocks, testCtx());
    const got = assemble(events);
    expect(got.chunks[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: "" });
    for (const c of got.chunks) {
      expect(c).toMatchObject({ id: "chatcmpl-req_test_1", object: "chat.completion.chunk", created: 1_760_000_000, model: "anthropic/claude-haiku-4-5" });
    }
    expect(events.at(-1)).toBe("data: [DONE]");
    expect(got.done).toBe(1);
  });

  it("counts usage from message_start and message_delta, and sends the usage chunk only when asked", () => {
    const without = translateAll(blocks, testCtx({ clientWantsUsage: false }));
    expect(without.translator.usage).toMatchObject(usage);
    expect(assemble(without.events).usageChunks).toEqual([]);

    const withUsage = translateAll(blocks, testCtx({ clientWantsUsage: true }));
    const got = assemble(withUsage.events);
    expect(got.usageChunks).toHaveLength(1);
    expect(withUsage.events.at(-2)).toContain('"choices":[]');
    expect(got.usageChunks[0]?.usage).toEqual({
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
      prompt_tokens_details: expect.objectContaining({ cached_tokens: usage.cachedInputTokens ?? 0 }) as unknown,
      cost_micros: 1234,
    });
  });

  it("counts the events that carried output", () => {
    const { translator, events } = translateAll(blocks, testCtx());
    const contentChunks = assemble(events).chunks.filter((c) => {
      const d = c.choices[0]?.delta ?? {};
      return d.content || d.reasoning_content || d.tool_calls;
    });
    expect(translator.outputEvents).toBe(contentChunks.length);
  });
});

/** The same events with their text deltas made to go through JSON.parse (a space JSON allows, readTextDelta does not). */
function parsedDeltas(blocks: readonly string[]): string[] {
  return blocks.map((b) => b.replace('data: {"type":"content_block_delta"', 'data: { "type":"content_block_delta"'));
}

describe("text deltas read without JSON.parse", () => {
  it.each(cases)("translate $file byte for byte as the parsed events do", ({ file }) => {
    const blocks = recordedBlocks(file);
    const quick = translateAll(blocks, testCtx({ clientWantsUsage: true }));
    const parsed = translateAll(parsedDeltas(blocks), testCtx({ clientWantsUsage: true }));
    expect(quick.events).toEqual(parsed.events);
    expect(quick.translator.outputEvents).toBe(parsed.translator.outputEvents);
  });

  it("are every text and thinking delta of the recorded text and thinking streams", () => {
    for (const file of ["stream-text.sse.txt", "raw-stream-thinking.sse.txt", "raw-stream-text-with-headers.sse.txt"]) {
      const deltas = recordedBlocks(file).filter((b) => /"type":"(text|thinking)_delta"/.test(b));
      const read = deltas.filter((b) => readTextDelta(sseData(b) ?? "") !== undefined);
      expect(deltas.length).toBeGreaterThan(0);
      expect(read.length).toBe(deltas.length);
    }
  });

  it("translate any text as the parsed events do", () => {
    const blocks = recordedBlocks("stream-text.sse.txt");
    const text = fc.oneof(fc.string({ unit: "binary", maxLength: 10 }), fc.constantFrom("", "\n", '"', "\\", "😀", "\ud83d", "\u0001", "\\u0041"));
    // index 0 is the recording's text block; 1 names no block; a thinking delta on it is the wrong kind: those give nothing
    const delta = fc.record({ text, type: fc.constantFrom("text_delta", "thinking_delta"), index: fc.constantFrom(0, 0, 1) });
    fc.assert(
      fc.property(fc.array(delta, { minLength: 1, maxLength: 6 }), fc.constantFrom("", "      "), (deltas, pad) => {
        let k = 0;
        const rewritten = blocks.flatMap((b) => {
          if (!b.includes('"type":"text_delta"')) return [b];
          // the recording's first delta stands for as many as were drawn
          if (k++ > 0) return [];
          return deltas.map(({ text: s, type, index }) => {
            const field = type === "text_delta" ? "text" : "thinking";
            return `event: content_block_delta\ndata: {"type":"content_block_delta","index":${index},"delta":{"type":"${type}","${field}":${JSON.stringify(s)}}${pad}}`;
          });
        });
        expect(translateAll(rewritten, testCtx()).events).toEqual(translateAll(parsedDeltas(rewritten), testCtx()).events);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("parallel tool calls in one stream", () => {
  it("numbers tool calls 0, 1, … whatever the content block index", () => {
    const got = assemble(translateAll(recordedBlocks("raw-stream-tool-use-with-args.sse.txt"), testCtx()).events);
    const starts = got.chunks.flatMap((c) => (c.choices[0]?.delta.tool_calls as Array<{ index: number; id?: string }> | undefined) ?? []).filter((t) => t.id);
    expect(starts.map((t) => t.index)).toEqual([0, 1]);
  });

  it("does not count a server tool or a text block in the tool index", () => {
    const got = assemble(translateAll(recordedBlocks("stream-tool-use-input-json-delta.sse.txt"), testCtx()).events);
    expect(got.tools).toHaveLength(1);
    expect(got.tools[0]).toMatchObject({ name: "get_exchange_rate", arguments: '{"from_currency": "USD", "to_currency": "EUR"}' });
  });
});

describe("a cache read in a stream", () => {
  it("counts cache reads and writes into prompt_tokens and reports the reads as cached_tokens", () => {
    const t = new AnthropicStreamTranslator(testCtx({ clientWantsUsage: true }));
    t.push('event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":3,"cache_creation_input_tokens":418,"cache_read_input_tokens":1111,"output_tokens":1}}}');
    t.push('event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":33}}');
    t.push('event: message_stop\ndata: {"type":"message_stop"}');
    const usage = assemble(t.finish()).usageChunks[0]?.usage;
    expect(usage).toMatchObject({ prompt_tokens: 1532, completion_tokens: 33, total_tokens: 1565, prompt_tokens_details: { cached_tokens: 1111, cache_write_tokens: 418 } });
  });
});

describe("a stream that fails", () => {
  it("throws the overloaded error event as an upstream_error, after the content already sent", () => {
    const t = new AnthropicStreamTranslator(testCtx());
    const sent: string[] = [];
    let thrown: unknown;
    try {
      for (const b of recordedBlocks("SYNTHETIC-stream-error-overloaded.sse.txt")) sent.push(...t.push(b));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(GatewayError);
    expect((thrown as GatewayError).code).toBe("upstream_error");
    expect((thrown as GatewayError).message).toMatch(/^The provider is overloaded/);
    expect(assemble(sent).content).toBe("2");
    expect(t.outputEvents).toBe(1);
    expect(t.usage).toMatchObject({ inputTokens: 20 });
  });

  it("redacts the message of other error events", () => {
    const t = new AnthropicStreamTranslator(testCtx());
    expect(() => t.push('event: error\ndata: {"type":"error","error":{"type":"api_error","message":"bad key sk-ant-api03-abcdefghijklmnop"}}')).toThrow(
      /^The provider failed mid-stream: bad key \[redacted\]$/,
    );
  });

  it("finish() refuses a stream that ended without message_stop", () => {
    const blocks = recordedBlocks("stream-text.sse.txt");
    const t = new AnthropicStreamTranslator(testCtx({ clientWantsUsage: true }));
    for (const b of blocks.slice(0, -1)) t.push(b);
    expect(() => t.finish()).toThrow(/ended before it was complete/);
    expect(t.usage).toMatchObject({ inputTokens: 20, outputTokens: 5 });
  });

  it("refuses an event that is not JSON", () => {
    const t = new AnthropicStreamTranslator(testCtx());
    expect(() => t.push("event: message_start\ndata: {not json")).toThrow(GatewayError);
  });

  it("answers message_start with the role chunk before reading its usage, and reads it before anything after it", () => {
    const t = new AnthropicStreamTranslator(testCtx({ clientWantsUsage: true }));
    const [role] = t.push('event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":12,"cache_read_input_tokens":30,"output_tokens":1}}}');
    expect(JSON.parse(role!.slice("data: ".length)).choices[0].delta).toEqual({ role: "assistant", content: "" });
    expect(t.usage).toMatchObject({ inputTokens: 42, cachedInputTokens: 30, outputTokens: 1 });
    t.push('event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}');
    t.push('event: message_stop\ndata: {"type":"message_stop"}');
    const closing = t.finish();
    expect(t.usage).toMatchObject({ inputTokens: 42, outputTokens: 9 });
    expect(closing.some((e) => e.includes('"prompt_tokens":42') && e.includes('"completion_tokens":9'))).toBe(true);
  });

  it("refuses a message_start that opens as one but is not JSON, at the event after it or at the end", () => {
    const broken = 'event: message_start\ndata: {"type":"message_start","message":{"usage":';
    const next = new AnthropicStreamTranslator(testCtx());
    expect(next.push(broken)).toHaveLength(1);
    expect(() => next.push('event: ping\ndata: {"type":"ping"}')).toThrow(/not JSON/);
    const end = new AnthropicStreamTranslator(testCtx());
    end.push(broken);
    expect(() => end.finish()).toThrow(/not JSON/);
    const asked = new AnthropicStreamTranslator(testCtx());
    asked.push(broken);
    expect(asked.usage).toBeUndefined();
  });

  it("does not take an event type that only begins with message_start for it", () => {
    const t = new AnthropicStreamTranslator(testCtx());
    expect(t.push('event: message_start_v2\ndata: {"type":"message_start_v2","message":{"usage":{"input_tokens":5}}}')).toEqual([]);
    expect(t.usage).toBeUndefined();
  });

  it("ignores pings, comments and unknown events", () => {
    const t = new AnthropicStreamTranslator(testCtx());
    expect(t.push('event: ping\ndata: {"type": "ping"}')).toEqual([]);
    expect(t.push(": keep-alive")).toEqual([]);
    expect(t.push('event: brand_new\ndata: {"type":"brand_new"}')).toEqual([]);
  });
});

describe("JSON mode in a stream", () => {
  it("streams the JSON tool's input as content and finishes with stop", () => {
    const t = new AnthropicStreamTranslator(testCtx());
    const events = [
      '{"type":"message_start","message":{"usage":{"input_tokens":9,"output_tokens":1}}}',
      '{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"gateway_json_output","input":{}}}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"a\\": "}}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"1}"}}',
      '{"type":"content_block_stop","index":0}',
      '{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":7}}',
      '{"type":"message_stop"}',
    ].flatMap((d) => t.push(`data: ${d}`));
    const got = assemble([...events, ...t.finish()]);
    expect(got.content).toBe('{"a": 1}');
    expect(got.tools).toEqual([]);
    expect(got.finishes).toEqual(["stop"]);
  });
});
