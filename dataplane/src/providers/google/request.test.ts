import { describe, expect, it } from "vitest";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import type { GatewayError } from "../../errors.ts";
import type { UpstreamTarget } from "../types.ts";
import { geminiChat } from "./chat.ts";
import { testCtx } from "./fixture-stream.test-helper.ts";
import { SKIP_SIGNATURE } from "./messages.ts";
import { buildGenerateContentRequest } from "./request.ts";
import { parseGenerateContentResponse } from "./response.ts";

const target: UpstreamTarget = { baseUrl: "https://generativelanguage.googleapis.com/v1beta", credential: "AIzaSyTESTKEY", upstreamModel: "gemini-2.5-flash", maxOutputTokens: 65536 };
const user = (content: unknown) => ({ role: "user", content });

function build(body: Record<string, unknown>, stream = false) {
  const req = buildGenerateContentRequest({ model: "google/gemini-2.5-flash", ...body }, target, stream);
  return { req, json: JSON.parse(req.body) as Record<string, unknown> };
}
const wire = (body: Record<string, unknown>) => build(body).json;

function refusal(body: Record<string, unknown>): GatewayError {
  try {
    build(body);
  } catch (e) {
    return e as GatewayError;
  }
  throw new Error("expected the request to be refused");
}

describe("the upstream call", () => {
  it("POSTs generateContent with the key in x-goog-api-key, never in the URL", () => {
    const { req } = build({ messages: [user("hi")] });
    expect(req.url.href).toBe("https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent");
    expect(req.headers).toEqual({ "x-goog-api-key": "AIzaSyTESTKEY", "content-type": "application/json", accept: "application/json" });
    expect(req.url.href).not.toContain("AIza");
  });

  it("streams with streamGenerateContent?alt=sse", () => {
    const req = buildGenerateContentRequest({ messages: [user("hi")] }, { ...target, baseUrl: "https://generativelanguage.googleapis.com/v1beta/", upstreamModel: "models/gemini-3-flash-preview" }, true);
    expect(req.url.href).toBe("https://generativelanguage.googleapis.com/v1beta/models/gemini-3-flash-preview:streamGenerateContent?alt=sse");
    expect(req.headers.accept).toBe("text/event-stream");
    expect(JSON.parse(req.body)).not.toHaveProperty("stream");
  });

  it("is the adapter the registry gets", () => {
    expect(geminiChat.buildRequest).toBe(buildGenerateContentRequest);
    expect(geminiChat.parseResponse).toBe(parseGenerateContentResponse);
  });
});

describe("messages", () => {
  it("system and developer messages become the systemInstruction; user and assistant alternate as user/model", () => {
    expect(
      wire({
        messages: [
          { role: "system", content: "Be brief." },
          user("Hi"),
          user([{ type: "text", text: "there" }]),
          { role: "developer", content: [{ type: "text", text: "Answer in French." }] },
          { role: "assistant", content: "Bonjour" },
          { role: "assistant", content: [{ type: "text", text: "!" }, { type: "refusal", refusal: "no" }] },
          user("Merci"),
        ],
      }),
    ).toEqual({
      systemInstruction: { parts: [{ text: "Be brief." }, { text: "Answer in French." }] },
      contents: [
        { role: "user", parts: [{ text: "Hi" }, { text: "there" }] },
        { role: "model", parts: [{ text: "Bonjour" }, { text: "!" }, { text: "no" }] },
        { role: "user", parts: [{ text: "Merci" }] },
      ],
    });
  });

  it("matches what Gemini accepted in a recorded request (system instruction, user turn, a tool)", () => {
    const meta = readJsonFixture<{ request: { body: { systemInstruction: { parts: unknown }; contents: unknown; tools: Array<{ functionDeclarations: Array<Record<string, unknown>> }> } } }>(
      "gemini/generatecontent-function-call-thinking.meta.json",
    ).request.body;
    const recorded = meta.tools[0]!.functionDeclarations[0]!;
    const json = wire({
      messages: [{ role: "system", content: "You are a helpful chatbot." }, user("What is the capital of France?")],
      tools: [{ type: "function", function: { name: recorded.name, description: recorded.description, parameters: recorded.parameters_json_schema } }],
    });
    expect(json.contents).toEqual(meta.contents);
    expect(json.systemInstruction).toEqual({ parts: meta.systemInstruction.parts });
    // pydantic-ai's recorder spelled the proto field in snake case; Google takes both spellings
    expect(json.tools).toEqual([{ functionDeclarations: [{ name: recorded.name, description: recorded.description, parametersJsonSchema: recorded.parameters_json_schema }] }]);
  });

  it("only a system message is not enough for Gemini", () => {
    expect(refusal({ messages: [{ role: "system", content: "x" }] })).toMatchObject({ code: "invalid_request_error", param: "messages" });
  });

  it("a malformed message is a 400 naming it", () => {
    expect(refusal({ messages: [user("hi"), { role: "user", content: [{ type: "text", text: 5 }] }] })).toMatchObject({ status: 400, param: "messages[1].content[0].text" });
    expect(refusal({ messages: "hi" })).toMatchObject({ status: 400, param: "messages" });
  });
});

describe("media", () => {
  const part = (p: unknown) => (wire({ messages: [user([p])] }).contents as Array<{ parts: unknown[] }>)[0]!.parts[0];

  it.each([
    [{ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } }, { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }],
    [{ type: "image_url", image_url: { url: "data:image/jpg;base64,/9j/4AAQ" } }, { inlineData: { mimeType: "image/jpeg", data: "/9j/4AAQ" } }],
    [{ type: "image_url", image_url: { url: "https://example.com/a/cat.JPG?x=1", detail: "high" } }, { fileData: { fileUri: "https://example.com/a/cat.JPG?x=1", mimeType: "image/jpeg" } }],
    [{ type: "image_url", image_url: "https://example.com/dog.webp" }, { fileData: { fileUri: "https://example.com/dog.webp", mimeType: "image/webp" } }],
    [{ type: "input_audio", input_audio: { data: "UklGRg==", format: "wav" } }, { inlineData: { mimeType: "audio/wav", data: "UklGRg==" } }],
    [{ type: "input_audio", input_audio: { data: "SUQz", format: "mp3" } }, { inlineData: { mimeType: "audio/mp3", data: "SUQz" } }],
    [{ type: "file", file: { filename: "a.pdf", file_data: "JVBERi0x" } }, { inlineData: { mimeType: "application/pdf", data: "JVBERi0x" } }],
    [{ type: "file", file: { file_data: "data:application/pdf;base64,JVBERi0x" } }, { inlineData: { mimeType: "application/pdf", data: "JVBERi0x" } }],
  ])("%j → %j", (input, expected) => {
    expect(part(input)).toEqual(expected);
  });

  it.each([
    [{ type: "image_url", image_url: { url: "https://example.com/image" } }, "messages[0].content[0].image_url.url"],
    [{ type: "image_url", image_url: { url: "https://example.com/anim.gif" } }, "messages[0].content[0].image_url.url"],
    [{ type: "image_url", image_url: { url: "ftp://example.com/a.png" } }, "messages[0].content[0].image_url.url"],
    [{ type: "input_audio", input_audio: { data: "x", format: "opus" } }, "messages[0].content[0].input_audio.format"],
    [{ type: "file", file: { file_id: "file-abc" } }, "messages[0].content[0].file.file_id"],
  ])("%j is refused, naming %s", (input, param) => {
    expect(refusal({ messages: [user([input])] })).toMatchObject({ status: 400, param });
  });
});

describe("tool calls and their results", () => {
  const tools = [{ type: "function", function: { name: "get_capital", parameters: { type: "object", properties: { country: { type: "string" } } } } }];

  it("round-trips a recorded call: functionCall with its args and thought signature, then the functionResponse", () => {
    const recorded = readJsonFixture<{ candidates: Array<{ content: { parts: Array<Record<string, unknown>> } }> }>("gemini/generatecontent-function-call-thinking.json");
    const { body } = parseGenerateContentResponse(readFixture("gemini/generatecontent-function-call-thinking.json"), testCtx());
    const assistant = (JSON.parse(body) as { choices: Array<{ message: Record<string, unknown> }> }).choices[0]!.message;
    const json = wire({ tools, messages: [user("Capital of France?"), assistant, { role: "tool", tool_call_id: "call_0", content: '{"capital":"Paris"}' }] });
    expect(json.contents).toEqual([
      { role: "user", parts: [{ text: "Capital of France?" }] },
      { role: "model", parts: recorded.candidates[0]!.content.parts },
      { role: "user", parts: [{ functionResponse: { name: "get_capital", response: { result: { capital: "Paris" } } } }] },
    ]);
  });

  it("parallel calls: results in one user turn, named by id; text results stay text", () => {
    const json = wire({
      tools,
      messages: [
        user("France and Peru?"),
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "call_0", type: "function", function: { name: "get_capital", arguments: '{"country":"France"}' }, extra_content: { google: { thought_signature: "c2ln" } } },
            { id: "call_1", type: "function", function: { name: "get_weather", arguments: "" } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "sunny" },
        { role: "tool", tool_call_id: "call_0", content: [{ type: "text", text: "Par" }, { type: "text", text: "is" }] },
        user("Thanks"),
      ],
    });
    expect(json.contents).toEqual([
      { role: "user", parts: [{ text: "France and Peru?" }] },
      {
        role: "model",
        parts: [{ functionCall: { name: "get_capital", args: { country: "France" } }, thoughtSignature: "c2ln" }, { functionCall: { name: "get_weather", args: {} } }],
      },
      {
        role: "user",
        parts: [
          { functionResponse: { name: "get_weather", response: { result: "sunny" } } },
          { functionResponse: { name: "get_capital", response: { result: "Paris" } } },
          { text: "Thanks" },
        ],
      },
    ]);
  });

  it("a call that lost its signature gets the documented skip signature on the step's first call only", () => {
    const json = wire({
      messages: [
        user("x"),
        {
          role: "assistant",
          tool_calls: [
            { id: "a", type: "function", function: { name: "f", arguments: "{}" } },
            { id: "b", type: "function", function: { name: "g", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "a", content: "1" },
        { role: "tool", tool_call_id: "b", content: "2" },
      ],
    });
    const model = (json.contents as Array<{ parts: Array<Record<string, unknown>> }>)[1]!;
    expect(model.parts.map((p) => p.thoughtSignature)).toEqual([SKIP_SIGNATURE, undefined]);
  });

  it("a result for an unknown call id, or arguments that are not a JSON object, are 400s naming the param", () => {
    expect(refusal({ messages: [user("x"), { role: "tool", tool_call_id: "nope", content: "1" }] })).toMatchObject({ status: 400, param: "messages[1].tool_call_id" });
    const call = (args: string) => ({ role: "assistant", tool_calls: [{ id: "a", type: "function", function: { name: "f", arguments: args } }] });
    expect(refusal({ messages: [user("x"), call("{oops")] })).toMatchObject({ status: 400, param: "messages[1].tool_calls[0].function.arguments" });
    expect(refusal({ messages: [user("x"), call("[1]")] })).toMatchObject({ status: 400, param: "messages[1].tool_calls[0].function.arguments" });
  });
});

describe("tools and tool_choice", () => {
  it("declares functions with their JSON Schema in parametersJsonSchema, minus what Gemini rejects", () => {
    const parameters = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      additionalProperties: false,
      properties: {
        $schema: { type: "string", description: "a property that happens to be called $schema" },
        kind: { type: "string", const: "city" },
        where: { $ref: "#/$defs/Place", description: "dropped: $ref takes no siblings" },
        tags: { type: ["array", "null"], items: { type: "string", const: "x" } },
      },
      required: ["kind"],
      $defs: { Place: { type: "object", properties: { name: { type: "string" } }, additionalProperties: false } },
    };
    const json = wire({ messages: [user("x")], tools: [{ type: "function", function: { name: "find", description: "Find it.", parameters, strict: true } }, { type: "function", function: { name: "ping" } }] });
    expect(json.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: "find",
            description: "Find it.",
            parametersJsonSchema: {
              type: "object",
              additionalProperties: false,
              properties: {
                $schema: { type: "string", description: "a property that happens to be called $schema" },
                kind: { type: "string", enum: ["city"] },
                where: { $ref: "#/$defs/Place" },
                tags: { type: ["array", "null"], items: { type: "string", enum: ["x"] } },
              },
              required: ["kind"],
              $defs: { Place: { type: "object", properties: { name: { type: "string" } }, additionalProperties: false } },
            },
          },
          { name: "ping" },
        ],
      },
    ]);
    expect(json).not.toHaveProperty("toolConfig");
  });

  const tools = [
    { type: "function", function: { name: "a" } },
    { type: "function", function: { name: "b" } },
  ];
  it.each([
    ["auto", { mode: "AUTO" }],
    ["none", { mode: "NONE" }],
    ["required", { mode: "ANY" }],
    [{ type: "function", function: { name: "b" } }, { mode: "ANY", allowedFunctionNames: ["b"] }],
    [{ type: "allowed_tools", allowed_tools: { mode: "required", tools: [{ type: "function", function: { name: "a" } }] } }, { mode: "ANY", allowedFunctionNames: ["a"] }],
    [{ type: "allowed_tools", allowed_tools: { mode: "auto", tools: [{ type: "function", function: { name: "b" } }] } }, { mode: "VALIDATED", allowedFunctionNames: ["b"] }],
  ])("tool_choice %j → functionCallingConfig %j", (choice, config) => {
    expect(wire({ messages: [user("x")], tools, tool_choice: choice }).toolConfig).toEqual({ functionCallingConfig: config });
  });

  it("refuses a tool_choice naming a tool the request does not have", () => {
    expect(refusal({ messages: [user("x")], tools, tool_choice: { type: "function", function: { name: "c" } } })).toMatchObject({ status: 400, param: "tool_choice.function.name" });
    expect(refusal({ messages: [user("x")], tool_choice: "required" })).toMatchObject({ status: 400, param: "tool_choice" });
    expect(wire({ messages: [user("x")], tool_choice: "none" })).not.toHaveProperty("toolConfig");
  });

  it("refuses tools that are not functions", () => {
    expect(refusal({ messages: [user("x")], tools: [{ type: "custom", custom: { name: "x" } }] })).toMatchObject({ status: 400, param: "tools[0].type" });
  });
});

describe("generationConfig", () => {
  const config = (body: Record<string, unknown>) => wire({ messages: [user("x")], ...body }).generationConfig;

  it("is left out when the client set nothing", () => {
    expect(config({})).toBeUndefined();
  });

  it("maps sampling and length parameters", () => {
    expect(config({ max_tokens: 50, max_completion_tokens: 100, temperature: 0.2, top_p: 0.9, stop: ["END", ""], n: 1, seed: 42, presence_penalty: 0.5, frequency_penalty: -0.5 })).toEqual({
      maxOutputTokens: 100,
      temperature: 0.2,
      topP: 0.9,
      stopSequences: ["END"],
      candidateCount: 1,
      seed: 42,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
    });
    expect(config({ max_tokens: 50, stop: "\n\n" })).toEqual({ maxOutputTokens: 50, stopSequences: ["\n\n"] });
  });

  it("maps response_format to JSON output", () => {
    expect(config({ response_format: { type: "text" } })).toBeUndefined();
    expect(config({ response_format: { type: "json_object" } })).toEqual({ responseMimeType: "application/json" });
    const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };
    expect(config({ response_format: { type: "json_schema", json_schema: { name: "answer", strict: true, schema } } })).toEqual({
      responseMimeType: "application/json",
      responseJsonSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
    });
  });

  it.each([
    ["none", { thinkingBudget: 0 }],
    ["minimal", { thinkingBudget: 1024, includeThoughts: true }],
    ["low", { thinkingBudget: 1024, includeThoughts: true }],
    ["medium", { thinkingBudget: 8192, includeThoughts: true }],
    ["high", { thinkingBudget: 24576, includeThoughts: true }],
  ])("reasoning_effort %s → thinkingConfig %j", (effort, thinkingConfig) => {
    expect(config({ reasoning_effort: effort })).toEqual({ thinkingConfig });
  });

  it.each([
    [{ n: 2 }, "n"],
    [{ logprobs: true }, "logprobs"],
    [{ logit_bias: { "50256": -100 } }, "logit_bias"],
    [{ modalities: ["text", "audio"] }, "modalities"],
    [{ functions: [{ name: "f" }] }, "functions"],
    [{ temperature: "hot" }, "temperature"],
    [{ reasoning_effort: "max" }, "reasoning_effort"],
    [{ response_format: { type: "json_schema" } }, "response_format.json_schema"],
  ])("refuses %j naming %s", (body, param) => {
    expect(refusal({ messages: [user("x")], ...body })).toMatchObject({ status: 400, code: "invalid_request_error", param });
  });

  it("ignores what would not change the answer", () => {
    expect(config({ user: "u1", store: false, metadata: { a: "b" }, parallel_tool_calls: false, stream_options: { include_usage: true }, logprobs: false, n: null })).toBeUndefined();
  });
});
