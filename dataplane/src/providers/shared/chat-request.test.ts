import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Messages as AnthropicMessages } from "../anthropic/messages.ts";
import { Messages as GeminiMessages } from "../google/messages.ts";
import { plainMessages } from "./chat-request.ts";

// each member at the edges the schemas draw: every role and near misses, string content against parts, null and
// absent against empty, tool calls and refusals present or not, arrays where objects belong
const scalar = fc.constantFrom("", "hi", "system", "developer", "user", "assistant", "tool", "function", "USER", null, undefined, 0, true);
const part = fc.oneof(fc.constant({ type: "text", text: "a" }), fc.constant({ type: "text" }), fc.constant({ type: "refusal", refusal: "no" }), fc.constant({ type: "image_url", image_url: { url: "https://x/y.png" } }));
const value = fc.oneof(scalar, fc.array(part, { maxLength: 2 }), fc.constant({}), fc.constant([]));
// tool calls plain and near misses: members missing, of the wrong kind, an extension's member (Gemini reads
// extra_content), `function` an array
const callFunction = fc.oneof(fc.record({ name: scalar, arguments: fc.oneof(scalar, fc.constant("{}")), strict: scalar }, { requiredKeys: [] }), value);
const call = fc.oneof(
  fc.constant({ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }),
  fc.constant({ id: "call_2", function: { name: "g", arguments: "" } }),
  fc.record({ id: fc.constant("call_3"), type: fc.constantFrom(undefined, "function"), function: fc.constant({ name: "h", arguments: "{}" }), extra_content: fc.constantFrom(null, 1, { google: { thought_signature: 1 } }, { google: { thought_signature: "s" } }) }, { requiredKeys: ["id", "function"] }),
  fc.record({ id: scalar, type: scalar, function: callFunction, extra_content: fc.oneof(scalar, fc.constant({ google: { thought_signature: 1 } }), fc.constant({ google: { thought_signature: "s" } })) }, { requiredKeys: [] }),
  value,
);
const message = fc.oneof(
  fc.record({ role: scalar, content: value, refusal: value, tool_calls: fc.oneof(value, fc.array(call, { maxLength: 2 })), tool_call_id: scalar, name: scalar }, { requiredKeys: [] }),
  fc.record({ role: fc.constant("assistant"), content: fc.oneof(fc.constant(null), fc.string({ maxLength: 2 })), refusal: fc.constantFrom(null, "no"), tool_calls: fc.array(call, { maxLength: 3 }) }, { requiredKeys: ["role"] }),
  fc.record({ role: fc.constantFrom("system", "developer", "user", "assistant", "tool"), content: fc.string({ maxLength: 3 }), tool_call_id: fc.oneof(fc.string({ maxLength: 2 }), scalar) }, { requiredKeys: ["role", "content"] }),
  value,
);
const list = fc.oneof(fc.array(message, { maxLength: 4 }), value);

describe("plainMessages", () => {
  it("passes only lists both adapters' schemas accept, reading them as they stand", () => {
    fc.assert(
      fc.property(list, (raw) => {
        if (!plainMessages(raw)) return;
        for (const schema of [AnthropicMessages, GeminiMessages]) {
          const parsed = schema.safeParse(raw);
          expect(parsed.success).toBe(true);
          expect(parsed.data).toEqual(raw);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("passes the conversations most clients send and leaves the rest to the schema", () => {
    expect(plainMessages([{ role: "system", content: "Be brief." }, { role: "user", content: "Hi", name: "ann" }, { role: "assistant", content: "Hello" }, { role: "tool", tool_call_id: "c1", content: "42" }])).toBe(true);
    expect(plainMessages([])).toBe(true);
    expect(plainMessages([{ role: "user", content: [{ type: "text", text: "Hi" }] }])).toBe(false);
    // a coding agent's turns: tool calls and their results, as the OpenAI SDK sends them back
    const call = { id: "call_1", type: "function", function: { name: "read", arguments: '{"path":"a.ts"}' } };
    expect(plainMessages([{ role: "assistant", content: null, refusal: null, tool_calls: [call] }, { role: "tool", tool_call_id: "call_1", content: "x" }])).toBe(true);
    expect(plainMessages([{ role: "assistant", content: "", tool_calls: [] }])).toBe(true);
    expect(plainMessages([{ role: "assistant", content: null }])).toBe(true);
    expect(plainMessages([{ role: "assistant", content: null, tool_calls: [{ ...call, extra_content: { google: { thought_signature: "s" } } }] }])).toBe(false);
    expect(plainMessages([{ role: "assistant", content: null, tool_calls: [{ ...call, function: { name: "read", arguments: {} } }] }])).toBe(false);
    expect(plainMessages([{ role: "assistant", content: null, tool_calls: [{ ...call, type: "custom" }] }])).toBe(false);
    expect(plainMessages([{ role: "assistant", content: null, tool_calls: call }])).toBe(false);
    expect(plainMessages([{ role: "tool", content: "42" }])).toBe(false);
    expect(plainMessages([{ role: "function", content: "42" }])).toBe(false);
    expect(plainMessages({ role: "user", content: "Hi" })).toBe(false);
  });
});
