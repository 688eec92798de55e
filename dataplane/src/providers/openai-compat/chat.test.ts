import { describe, expect, it } from "vitest";
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { GatewayError } from "../../errors.ts";
import { buildNativeRequest } from "../anthropic/native.ts";
import { bodyText } from "../shared/json-pieces.test-helper.ts";
import { buildChatRequest, parseChatResponse } from "./chat.ts";

const target = { baseUrl: "https://api.example.test/v1/", credential: "sk-test", upstreamModel: "gpt-4o-2024-08-06", maxOutputTokens: 16_384 };
const NONSTREAM = ["chat-nonstream.json", "chat-nonstream-cache-write.json", "chat-nonstream-cached-tokens.json", "chat-nonstream-o3-mini-reasoning-tokens.json", "chat-nonstream-parallel-tool-calls.json", "chat-nonstream-tool-call.json", "chat-nonstream-json-schema.json"];

/** What the adapter did before it spliced: parse the whole answer, rename it, serialise it again. */
function reparsed(text: string, model: string): unknown {
  const json = JSON.parse(text) as Record<string, unknown>;
  return { ...json, model };
}

describe("OpenAI-compatible chat: the request", () => {
  const body = { model: "openai/gpt-4o", messages: [{ role: "user", content: 'say "hi"\n\\' }], temperature: 0.2, stream_options: { foo: 1 } };

  it("splices the provider's model into the client's text and leaves the rest of it byte for byte", () => {
    const text = `{ "model" : "openai/gpt-4o",\n "messages": ${JSON.stringify(body.messages)}, "temperature":0.2 }`;
    const req = buildChatRequest(JSON.parse(text) as Record<string, unknown>, target, false, { text });
    expect(req.body).toBe(`{ "model" : "gpt-4o-2024-08-06",\n "messages": ${JSON.stringify(body.messages)}, "temperature":0.2 }`);
    expect(req.url.href).toBe("https://api.example.test/v1/chat/completions");
    expect(req.headers).toEqual({ "content-type": "application/json", accept: "application/json", authorization: "Bearer sk-test" });
  });

  it("asks a stream for its usage chunk, keeping the client's other stream options", () => {
    const text = JSON.stringify({ ...body, stream: true });
    const out = JSON.parse(bodyText(buildChatRequest(JSON.parse(text) as Record<string, unknown>, target, true, { text }).body)) as Record<string, unknown>;
    expect(out).toEqual({ ...body, stream: true, model: "gpt-4o-2024-08-06", stream_options: { foo: 1, include_usage: true } });
    const without = JSON.stringify({ model: "openai/gpt-4o", messages: body.messages, stream: true });
    expect(JSON.parse(bodyText(buildChatRequest(JSON.parse(without) as Record<string, unknown>, target, true, { text: without }).body))).toMatchObject({ stream_options: { include_usage: true } });
  });

  it("writes stream_options as the client sent them with include_usage true, whatever they were", () => {
    const written = (so: unknown) => {
      const text = JSON.stringify({ model: "openai/gpt-4o", messages: body.messages, stream: true, stream_options: so });
      return bodyText(buildChatRequest(JSON.parse(text) as Record<string, unknown>, target, true, { text }).body);
    };
    const optionsOf = (so: unknown) => (JSON.parse(written(so)) as { stream_options: unknown }).stream_options;
    for (const so of [null, {}, { include_usage: true }, { include_usage: false }, [], "yes", 1]) expect(optionsOf(so)).toEqual({ include_usage: true });
    expect(written({ include_usage: false })).toContain('"stream_options":{"include_usage":true}');
    expect(optionsOf({ include_usage: false, continuous_usage_stats: true })).toEqual({ include_usage: true, continuous_usage_stats: true });
    expect(optionsOf([7])).toEqual({ 0: 7, include_usage: true });
    // a non-stream request is left as it came
    const text = JSON.stringify({ model: "openai/gpt-4o", messages: body.messages, stream_options: { include_usage: false } });
    expect(JSON.parse(bodyText(buildChatRequest(JSON.parse(text) as Record<string, unknown>, target, false, { text }).body))).toMatchObject({ stream_options: { include_usage: false } });
  });

  it("rebuilds a body whose keys repeat, so the provider sees one model: the one the gateway resolved and bills", () => {
    const text = '{"model":"gpt-4-32k","messages":[{"role":"user","content":"hi"}],"model":"openai/gpt-4o"}';
    const parsed = JSON.parse(text) as Record<string, unknown>;
    // with the bytes too: a repeat is rebuilt all the same
    const out = bodyText(buildChatRequest(parsed, target, false, { text, bytes: Buffer.from(text) }).body);
    expect(out.match(/"model"/g)).toHaveLength(1);
    expect(JSON.parse(out)).toEqual({ model: "gpt-4o-2024-08-06", messages: [{ role: "user", content: "hi" }] });
    // the same for the native route
    const native = buildNativeRequest("/v1/messages", parsed, { baseUrl: "https://api.anthropic.test", credential: "k", upstreamModel: "claude-x", clientHeaders: {}, beta: true }, { text, bytes: Buffer.from(text) });
    expect(bodyText(native.body).match(/"model"/g)).toHaveLength(1);
    expect(JSON.parse(bodyText(native.body))).toMatchObject({ model: "claude-x" });
    expect(native.url.href).toBe("https://api.anthropic.test/v1/messages?beta=true");
  });

  it("serialises the parsed body when no text is given", () => {
    expect(JSON.parse(bodyText(buildChatRequest(body, target, false).body))).toEqual({ ...body, model: "gpt-4o-2024-08-06" });
  });
});

describe("OpenAI-compatible chat: the answer", () => {
  it.each(NONSTREAM)("%s: named by the slug, usage read, and otherwise what parsing and re-serialising gave", (name) => {
    const text = readFixture(`openai/${name}`);
    const out = parseChatResponse(text, { model: "openai/gpt-4o" });
    expect(JSON.parse(out.body)).toEqual(reparsed(text, "openai/gpt-4o"));
    const usage = (JSON.parse(text) as { usage: { prompt_tokens: number; completion_tokens: number } }).usage;
    expect(out.usage).toMatchObject({ inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens });
    // only the model's value changed in the text
    const m = /"model"\s*:\s*"[^"]*"/.exec(text)!;
    expect(out.body).toBe(text.slice(0, m.index) + text.slice(m.index, m.index + m[0].length).replace(/"[^"]*"$/, '"openai/gpt-4o"') + text.slice(m.index + m[0].length));
  });

  it("leaves an answer already named by the slug, or with no model, or read without a context, byte for byte", () => {
    for (const text of ['{"id":"x","model":"openai/gpt-4o","usage":{"prompt_tokens":1,"completion_tokens":2}}', '{"id":"x","usage":null}']) {
      expect(parseChatResponse(text, { model: "openai/gpt-4o" }).body).toBe(text);
    }
    const text = readFixture("openai/chat-nonstream.json");
    expect(parseChatResponse(text).body).toBe(text);
  });

  it("refuses an answer that is not JSON as the provider's failure, and passes a JSON non-object through", () => {
    for (const bad of ["<html>502</html>", '{"id":"x","usage":{"prompt_tokens":1', '{"usage":{"a":tru}}']) {
      expect(() => parseChatResponse(bad, { model: "m" })).toThrow(GatewayError);
    }
    expect(parseChatResponse("[1,2]", { model: "m" })).toEqual({ body: "[1,2]", usage: undefined });
  });
});
