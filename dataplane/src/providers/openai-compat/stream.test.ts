import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSse, readFixture } from "../../../../test/harness/fixtures.ts";
import type { Usage } from "../types.ts";
import { OpenAIStreamMeter, carriesUsage } from "./stream.ts";
import { parseOpenAIUsage } from "./usage.ts";

const recorded = readFixture("openai/chat-stream-text-include-usage.sse.txt")
  .split("\n\n")
  .filter((b) => b.length > 0);

function run(clientWantsUsage: boolean) {
  const m = new OpenAIStreamMeter({ clientWantsUsage });
  const out = recorded.flatMap((b) => m.push(b));
  return { m, out };
}

describe("OpenAIStreamMeter on a recorded stream", () => {
  it("takes the usage from the usage chunk", () => {
    const { m } = run(true);
    expect(m.usage).toEqual({ inputTokens: 78, outputTokens: 9, cachedInputTokens: 0, reasoningTokens: 0 });
    expect(m.finish()).toEqual([]);
  });

  it("passes every event through untouched when the client asked for usage", () => {
    expect(run(true).out).toEqual(recorded);
  });

  it("drops only the usage chunk when the client did not ask for it", () => {
    const { out, m } = run(false);
    expect(out).toHaveLength(recorded.length - 1);
    expect(parseSse(out.join("\n\n") + "\n\n").some((e) => e.data.includes('"usage":{'))).toBe(false);
    expect(m.usage?.inputTokens).toBe(78);
  });

  it("reads usage from providers that put it in the last content chunk, and strips only the field", () => {
    const m = new OpenAIStreamMeter({ clientWantsUsage: false });
    const block = 'data: {"id":"x","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":2}}';
    const kept = m.push(block)[0]!;
    expect(JSON.parse(kept.slice(6))).toEqual({ id: "x", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
    expect(m.usage).toEqual({ inputTokens: 5, outputTokens: 2 });
  });
});

describe("a stream cut short", () => {
  it("finish() refuses a stream that never sent [DONE], keeping what was counted", () => {
    const m = new OpenAIStreamMeter({ clientWantsUsage: false });
    for (const b of recorded.slice(0, 4)) m.push(b);
    expect(() => m.finish()).toThrow(/ended before it was complete/);
    expect(m.outputEvents).toBe(4);
    expect(m.usage).toBeUndefined();
  });
});

describe("the cost of a streamed call", () => {
  it("rides in the usage chunk the client asked for", () => {
    const m = new OpenAIStreamMeter({ clientWantsUsage: true, priceMicros: (u) => (u.inputTokens ?? 0) + 10 * (u.outputTokens ?? 0) });
    const out = recorded.flatMap((b) => m.push(b));
    const usageChunk = parseSse(out.join("\n\n") + "\n\n").find((e) => e.data.includes('"usage":{'))!;
    expect((JSON.parse(usageChunk.data) as { usage: Record<string, unknown> }).usage).toMatchObject({ prompt_tokens: 78, completion_tokens: 9, cost_micros: 78 + 90 });
  });
});

describe("the answer is named by the gateway's slug", () => {
  it("every chunk, the usage chunk included, carries the slug instead of the provider's snapshot id", () => {
    const m = new OpenAIStreamMeter({ clientWantsUsage: true, model: "openai/gpt-4o-mini", priceMicros: () => 1 });
    const out = recorded.flatMap((b) => m.push(b));
    const chunks = parseSse(out.join("\n\n") + "\n\n").filter((e) => e.data !== "[DONE]").map((e) => JSON.parse(e.data) as { model: string });
    expect(chunks.length).toBe(recorded.length - 1);
    expect(chunks.every((c) => c.model === "openai/gpt-4o-mini")).toBe(true);
  });
});

describe("OpenAIStreamMeter names chunks by the gateway's slug", () => {
  const meter = () => new OpenAIStreamMeter({ clientWantsUsage: true, model: "openai/gpt-4o" });
  it.each([
    ["compact", 'data: {"id":"x","model":"gpt-4o-2024-08-06","choices":[]}', 'data: {"id":"x","model":"openai/gpt-4o","choices":[]}'],
    ["spaced", 'data: {"id":"x", "model" : "gpt-4o", "choices":[]}', 'data: {"id":"x", "model":"openai/gpt-4o", "choices":[]}'],
    ["escaped quote in the value", 'data: {"model":"a\\"b","c":1}', 'data: {"model":"openai/gpt-4o","c":1}'],
    ["a backslash ending the value", 'data: {"model":"a\\\\","c":1}', 'data: {"model":"openai/gpt-4o","c":1}'],
    ["the spaced top-level field first, a compact one nested later", 'data: {"model" : "a","x":{"model":"b"}}', 'data: {"model":"openai/gpt-4o","x":{"model":"b"}}'],
    ["content that mentions the field", 'data: {"model":"m","choices":[{"delta":{"content":"\\"model\\":\\"x\\""}}]}', 'data: {"model":"openai/gpt-4o","choices":[{"delta":{"content":"\\"model\\":\\"x\\""}}]}'],
    ["an empty value", 'data: {"model":"","c":"d"}', 'data: {"model":"openai/gpt-4o","c":"d"}'],
    ["no model", 'data: {"id":"x"}', 'data: {"id":"x"}'],
  ])("%s", (_name, block, expected) => {
    expect(meter().push(block)).toEqual([expected]);
  });
});

describe("carriesUsage", () => {
  it('is true exactly when the event holds "usage":{ or "usage": {', () => {
    const piece = fc.constantFrom('"usage"', 'usage"', '"usage', ":", " ", "  ", "{", "null", '"', "\\", "x", 'usage":{', '"usage":null');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const data = parts.join("");
        expect(carriesUsage(data)).toBe(data.includes('"usage":{') || data.includes('"usage": {'));
      }),
      { numRuns: 5_000 },
    );
  });

  it("on the recorded stream: the usage chunk only", () => {
    const carrying = recorded.filter((b) => carriesUsage(b));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toContain('"usage":{"prompt_tokens":78');
  });
});

describe("the usage chunk spliced, not re-serialised", () => {
  const price = (u: Usage): number => (u.inputTokens ?? 0) * 3 + (u.outputTokens ?? 0) * 11;
  const usageChunk = recorded.find((b) => carriesUsage(b))!;

  /** The answer of parsing the whole chunk and writing it out again: what the splice must mean, member for member. */
  function byParse(block: string, clientWantsUsage: boolean, model: string | undefined): { usage: Usage | undefined; out: unknown[] } {
    const json = JSON.parse(block.slice("data: ".length)) as Record<string, unknown>;
    const usage = parseOpenAIUsage(json.usage);
    if (model !== undefined && typeof json.model === "string") json.model = model;
    if (clientWantsUsage) {
      if (usage) json.usage = { ...(json.usage as object), cost_micros: price(usage) };
      return { usage, out: [json] };
    }
    if (Array.isArray(json.choices) && json.choices.length === 0) return { usage, out: [] };
    delete json.usage;
    return { usage, out: [json] };
  }

  const variants = [
    usageChunk,
    usageChunk.replace('"choices":[]', '"choices":[ ]'),
    usageChunk.replace('"usage":{', '"usage": {'),
    usageChunk.replace('"usage":{', '"usage":{"cost_micros":1,'),
    usageChunk.replace('"model":"gpt-4o-mini-2024-07-18",', ""),
    usageChunk.replace('"model":"gpt-4o-mini-2024-07-18"', '"model":null'),
    usageChunk.replace('"choices":[]', '"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"stop"}]'),
    usageChunk.replace(/"usage":\{.*\},"obfuscation"/, '"usage":{},"obfuscation"'),
    usageChunk.replace('"obfuscation"', '"model":"again","obfuscation"'),
    `data: {"id":"x","model":"m","choices":[{"index":0,"delta":{},"usage":{"prompt_tokens":1}}],"usage":null}`,
    `data: {"id":"x","model":"m","choices":[],"usage":{"prompt_tokens":2,"completion_tokens":3}}`,
  ];

  for (const [i, block] of variants.entries()) {
    for (const clientWantsUsage of [true, false]) {
      for (const model of ["openai/gpt-4o", undefined]) {
        it(`variant ${i}, ${clientWantsUsage ? "usage asked for" : "usage not asked for"}, ${model ? "renamed" : "not renamed"}: means what the parse made of it`, () => {
          const m = new OpenAIStreamMeter({ clientWantsUsage, priceMicros: price, ...(model ? { model } : {}) });
          const out = m.push(block);
          const ref = byParse(block, clientWantsUsage, model);
          expect(m.usage).toEqual(ref.usage);
          expect(out.map((o) => JSON.parse(o.slice("data: ".length)) as unknown)).toEqual(ref.out);
          // JSON.parse keeps a repeated key's last value, some clients the first: the cost is written once
          for (const o of out) expect(o.split('"cost_micros"').length).toBeLessThanOrEqual(2);
        });
      }
    }
  }

  it("passes on a chunk that is not JSON as it came, metered from its usage when that reads", () => {
    // a no-break space is not JSON whitespace: the chunk is not one without choices, and is not dropped
    const notJson = usageChunk.replace('"choices":[]', '"choices":[\u00a0]');
    expect(() => JSON.parse(notJson.slice("data: ".length))).toThrow();
    const m = new OpenAIStreamMeter({ clientWantsUsage: false, priceMicros: price });
    expect(m.push(notJson)).toEqual([notJson]);
    expect(m.usage).toEqual({ inputTokens: 78, outputTokens: 9, cachedInputTokens: 0, reasoningTokens: 0 });
  });

  it("keeps the provider's text outside the members it edits", () => {
    const m = new OpenAIStreamMeter({ clientWantsUsage: true, priceMicros: price, model: "openai/gpt-4o" });
    // spacing a re-serialisation would drop: the splice leaves it as the provider wrote it
    const spaced = usageChunk.replace('"choices":[]', '"choices": [ ]');
    const [out] = m.push(spaced);
    expect(out).toBe(
      spaced
        .replace('"model":"gpt-4o-mini-2024-07-18"', '"model":"openai/gpt-4o"')
        .replace('"rejected_prediction_tokens":0}}', `"rejected_prediction_tokens":0},"cost_micros":${78 * 3 + 9 * 11}}`),
    );
  });
});
