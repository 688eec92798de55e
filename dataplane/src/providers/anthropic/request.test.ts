import { describe, expect, it } from "vitest";
import { buildMessagesRequest } from "./request.ts";
import { build, hi, refusal, target } from "./request.test-helper.ts";

describe("the upstream call", () => {
  it("POSTs to {baseUrl}/v1/messages with Anthropic's headers", () => {
    const req = buildMessagesRequest({ model: "x", messages: hi }, target, true);
    expect(req.url.href).toBe("https://api.anthropic.com/v1/messages");
    expect(req.headers).toEqual({ "x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01", "content-type": "application/json", accept: "text/event-stream" });
    expect(JSON.parse(req.body)).toEqual({ model: "claude-sonnet-4-5-20250929", max_tokens: 64000, messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }], stream: true });
  });

  it("does not ask for a stream when the client did not", () => {
    const req = buildMessagesRequest({ messages: hi }, target, false);
    expect(JSON.parse(req.body)).not.toHaveProperty("stream");
    expect(req.headers).not.toHaveProperty("accept");
  });

  it.each([
    [{}, 64000],
    [{ max_tokens: 300 }, 300],
    [{ max_completion_tokens: 500, max_tokens: 300 }, 500],
  ])("max_tokens from %j is %d (the model's maximum by default: Anthropic requires one)", (params, want) => {
    expect(build({ messages: hi, ...params }).max_tokens).toBe(want);
  });

  it("passes sampling, stop sequences and the end user", () => {
    expect(build({ messages: hi, temperature: 0.2, top_p: 0.9, stop: "END", user: "u-42" })).toMatchObject({ temperature: 0.2, top_p: 0.9, stop_sequences: ["END"], metadata: { user_id: "u-42" } });
    expect(build({ messages: hi, stop: ["a", "b"] }).stop_sequences).toEqual(["a", "b"]);
    expect(build({ messages: hi, stop: null })).not.toHaveProperty("stop_sequences");
  });
});

describe("messages", () => {
  it("lifts system and developer messages, wherever they are, into `system`", () => {
    const out = build({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
        { role: "developer", content: [{ type: "text", text: "Answer in French.", cache_control: { type: "ephemeral" } }] },
      ],
    });
    expect(out.system).toEqual([{ type: "text", text: "Be brief." }, { type: "text", text: "Answer in French.", cache_control: { type: "ephemeral" } }]);
    expect(out.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hi" }] }]);
  });

  it("merges consecutive messages of one role", () => {
    const out = build({ messages: [{ role: "user", content: "a" }, { role: "user", content: "b" }, { role: "assistant", content: "c" }, { role: "assistant", content: "d" }, { role: "user", content: "e" }] });
    expect(out.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] },
      { role: "assistant", content: [{ type: "text", text: "c" }, { type: "text", text: "d" }] },
      { role: "user", content: [{ type: "text", text: "e" }] },
    ]);
  });

  it("translates a tool round trip: tool_calls → tool_use, tool messages → tool_result first in a user turn", () => {
    const out = build({
      messages: [
        { role: "user", content: "Weather in Paris and Rome?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
            { id: "call_2", type: "function", function: { name: "weather", arguments: "" } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "21C" },
        { role: "tool", tool_call_id: "call_2", content: [{ type: "text", text: "25C" }] },
        { role: "user", content: "Thanks, and Oslo?" },
      ],
    });
    expect(out.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome?" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "call_1", name: "weather", input: { city: "Paris" } },
          { type: "tool_use", id: "call_2", name: "weather", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_1", content: "21C" },
          { type: "tool_result", tool_use_id: "call_2", content: [{ type: "text", text: "25C" }] },
          { type: "text", text: "Thanks, and Oslo?" },
        ],
      },
    ]);
  });

  it.each([
    ["not JSON", "{city: Paris"],
    ["not an object", "[1,2]"],
  ])("refuses tool call arguments that are %s, naming the param", (_what, args) => {
    const err = refusal({ messages: [hi[0], { role: "assistant", tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: args } }] }] });
    expect(err.status).toBe(400);
    expect(err.code).toBe("invalid_request_error");
    expect(err.param).toBe("messages[1].tool_calls[0].function.arguments");
  });

  it("translates images: data URLs to base64 sources, http(s) URLs to url sources, keeping cache_control", () => {
    const out = build({
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Compare" },
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
            { type: "image_url", image_url: { url: "https://example.com/cat.jpg", detail: "high" }, cache_control: { type: "ephemeral", ttl: "1h" } },
          ],
        },
      ],
    });
    expect((out.messages as Array<{ content: unknown }>)[0]?.content).toEqual([
      { type: "text", text: "Compare" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "image", source: { type: "url", url: "https://example.com/cat.jpg" }, cache_control: { type: "ephemeral", ttl: "1h" } },
    ]);
  });

  it("translates PDF and text files to document blocks", () => {
    const out = build({
      messages: [
        {
          role: "user",
          content: [
            { type: "file", file: { filename: "a.pdf", file_data: "data:application/pdf;base64,JVBERi0x" } },
            { type: "file", file: { file_data: "JVBERi0y" } },
            { type: "file", file: { file_data: `data:text/plain;base64,${Buffer.from("notes").toString("base64")}` } },
          ],
        },
      ],
    });
    expect((out.messages as Array<{ content: unknown }>)[0]?.content).toEqual([
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0x" } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0y" } },
      { type: "document", source: { type: "text", media_type: "text/plain", data: "notes" } },
    ]);
  });

  it.each([
    [{ type: "image_url", image_url: { url: "data:image/bmp;base64,Qk0=" } }, "messages[0].content[0].image_url.url"],
    [{ type: "image_url", image_url: { url: "ftp://x/y.png" } }, "messages[0].content[0].image_url.url"],
    [{ type: "image_url", image_url: {} }, "messages[0].content[0].image_url.url"],
    [{ type: "file", file: { file_id: "file-abc" } }, "messages[0].content[0].file.file_id"],
    [{ type: "input_audio", input_audio: { data: "x", format: "wav" } }, "messages[0].content[0]"],
    [{ type: "video", video: {} }, "messages[0].content[0].type"],
  ])("refuses the part %j, naming %s", (part, param) => {
    const err = refusal({ messages: [{ role: "user", content: [part] }] });
    expect([err.status, err.param]).toEqual([400, param]);
  });

  it("refuses an unknown role, naming it", () => {
    expect(refusal({ messages: [{ role: "function", name: "f", content: "x" }] }).param).toBe("messages[0].role");
  });

  it("trims the trailing whitespace of a final assistant prefill, which Anthropic rejects", () => {
    const out = build({ messages: [hi[0], { role: "assistant", content: "The answer is " }] });
    expect((out.messages as Array<{ content: unknown }>)[1]?.content).toEqual([{ type: "text", text: "The answer is" }]);
  });
});
