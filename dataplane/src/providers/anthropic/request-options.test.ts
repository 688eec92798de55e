import { describe, expect, it } from "vitest";
import { build, hi, refusal } from "./request.test-helper.ts";
import { claudeVersion } from "./thinking.ts";

describe("tools", () => {
  const tools = [{ type: "function", function: { name: "weather", description: "Get the weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }];

  it("translates function definitions", () => {
    expect(build({ messages: hi, tools }).tools).toEqual([{ name: "weather", description: "Get the weather", input_schema: { type: "object", properties: { city: { type: "string" } } } }]);
    expect(build({ messages: hi, tools: [{ type: "function", function: { name: "now" } }] }).tools).toEqual([{ name: "now", input_schema: { type: "object", properties: {} } }]);
  });

  it.each([
    [undefined, undefined, undefined],
    ["auto", undefined, { type: "auto" }],
    ["none", undefined, { type: "none" }],
    ["required", undefined, { type: "any" }],
    [{ type: "function", function: { name: "weather" } }, undefined, { type: "tool", name: "weather" }],
    [undefined, false, { type: "auto", disable_parallel_tool_use: true }],
    ["required", false, { type: "any", disable_parallel_tool_use: true }],
    ["none", false, { type: "none" }],
    [undefined, true, undefined],
  ])("tool_choice %j with parallel_tool_calls %j → %j", (choice, parallel, want) => {
    expect(build({ messages: hi, tools, tool_choice: choice, parallel_tool_calls: parallel }).tool_choice).toEqual(want);
  });

  it("sends no tool_choice without tools", () => {
    expect(build({ messages: hi, tool_choice: "auto" })).not.toHaveProperty("tool_choice");
  });

  it("refuses non-function tools and the reserved JSON-mode name", () => {
    expect(refusal({ messages: hi, tools: [{ type: "custom", custom: { name: "x" } }] }).param).toBe("tools[0].type");
    expect(refusal({ messages: hi, tools: [{ type: "function", function: { name: "gateway_json_output" } }] }).param).toBe("tools[0].function.name");
  });
});

describe("reasoning_effort", () => {
  it.each([
    ["low", { type: "enabled", budget_tokens: 1024 }],
    ["minimal", { type: "enabled", budget_tokens: 1024 }],
    ["medium", { type: "enabled", budget_tokens: 4096 }],
    ["high", { type: "enabled", budget_tokens: 16384 }],
  ])("%s → %j on a budget-thinking model", (effort, thinking) => {
    const out = build({ messages: hi, reasoning_effort: effort });
    expect(out.thinking).toEqual(thinking);
    expect(out).not.toHaveProperty("output_config");
  });

  it("keeps the budget below max_tokens, and refuses when no budget of 1,024 fits", () => {
    expect(build({ messages: hi, reasoning_effort: "high", max_completion_tokens: 8000 }).thinking).toEqual({ type: "enabled", budget_tokens: 7999 });
    const err = refusal({ messages: hi, reasoning_effort: "low", max_tokens: 1024 });
    expect([err.status, err.param]).toEqual([400, "max_tokens"]);
  });

  it.each(["claude-opus-4-6", "claude-sonnet-4-6", "claude-opus-4-7", "claude-opus-5", "claude-sonnet-5-20260101"])("uses adaptive thinking with effort on %s", (model) => {
    const out = build({ messages: hi, reasoning_effort: "medium" }, { model });
    expect(out.thinking).toEqual({ type: "adaptive" });
    expect(out.output_config).toEqual({ effort: "medium" });
  });

  it("sends no thinking on the turn that answers tool results: OpenAI messages cannot carry the signed thinking Anthropic wants back", () => {
    const loop = [
      hi[0],
      { role: "assistant", tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "call_1", content: "42" },
    ];
    expect(build({ messages: loop, reasoning_effort: "high" })).not.toHaveProperty("thinking");
    expect(build({ messages: [...loop, { role: "assistant", content: "It is 42." }, { role: "user", content: "Why?" }], reasoning_effort: "high" }).thinking).toEqual({ type: "enabled", budget_tokens: 16384 });
  });

  it("sends no thinking for none", () => {
    expect(build({ messages: hi, reasoning_effort: "none" })).not.toHaveProperty("thinking");
  });

  it.each([
    ["claude-3-7-sonnet-20250219", [3, 7]],
    ["claude-3-haiku-20240307", [3, 0]],
    ["claude-sonnet-4-20250514", [4, 0]],
    ["claude-haiku-4-5-20251001", [4, 5]],
    ["claude-opus-4-6", [4, 6]],
    ["claude-opus-5", [5, 0]],
    ["my-custom-model", undefined],
  ])("reads the version of %s as %j", (id, want) => {
    expect(claudeVersion(id)).toEqual(want);
  });
});

describe("response_format (JSON mode as a forced tool)", () => {
  const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

  it("json_schema → a tool with that input_schema, forced", () => {
    const out = build({ messages: hi, response_format: { type: "json_schema", json_schema: { name: "place", schema, strict: true } } });
    expect(out.tools).toEqual([{ name: "gateway_json_output", description: expect.stringContaining("place") as unknown, input_schema: schema }]);
    expect(out.tool_choice).toEqual({ type: "tool", name: "gateway_json_output" });
  });

  it("json_object → an object-typed tool; text → nothing", () => {
    expect(build({ messages: hi, response_format: { type: "json_object" } }).tools).toEqual([{ name: "gateway_json_output", description: expect.any(String) as unknown, input_schema: { type: "object" } }]);
    expect(build({ messages: hi, response_format: { type: "text" } })).not.toHaveProperty("tools");
  });

  it("with the client's tools, lets the model call them or answer through the JSON tool", () => {
    const out = build({ messages: hi, tools: [{ type: "function", function: { name: "weather" } }], response_format: { type: "json_object" } });
    expect((out.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(["weather", "gateway_json_output"]);
    expect(out.tool_choice).toEqual({ type: "any" });
  });

  it.each([
    [{ response_format: { type: "json_object" }, reasoning_effort: "low" }, "response_format"],
    [{ response_format: { type: "json_schema", json_schema: { name: "x", schema: { type: "array" } } } }, "response_format.json_schema.schema"],
    [{ response_format: { type: "xml" } }, "response_format.type"],
  ])("refuses %j", (params, param) => {
    expect(refusal({ messages: hi, ...params }).param).toBe(param);
  });
});

describe("OpenAI-only parameters", () => {
  it.each([
    ["n", 2],
    ["logprobs", true],
    ["top_logprobs", 3],
    ["logit_bias", { "50256": -100 }],
    ["frequency_penalty", 0.5],
    ["presence_penalty", -1],
    ["audio", { voice: "alloy", format: "mp3" }],
    ["modalities", ["text", "audio"]],
    ["prediction", { type: "content", content: "x" }],
    ["functions", [{ name: "f" }]],
  ])("refuses %s=%j, which would change the answer", (field, value) => {
    const err = refusal({ messages: hi, [field]: value });
    expect([err.status, err.code, err.param]).toEqual([400, "invalid_request_error", field]);
  });

  it("ignores the harmless ones and neutral values", () => {
    const out = build({ messages: hi, n: 1, logprobs: false, frequency_penalty: 0, seed: 7, store: true, metadata: { a: "b" }, service_tier: "auto", modalities: ["text"], stream_options: { include_usage: true } });
    expect(Object.keys(out).sort()).toEqual(["max_tokens", "messages", "model"]);
  });

  it("refuses a malformed known parameter, naming it", () => {
    expect(refusal({ messages: hi, temperature: "hot" }).param).toBe("temperature");
    expect(refusal({ messages: hi, reasoning_effort: "extreme" }).param).toBe("reasoning_effort");
  });
});
