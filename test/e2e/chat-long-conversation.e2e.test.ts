import { describe, expect, it } from "vitest";
import { eventually, useEmbeddedGateway } from "../harness/gateway.ts";

// openai/gpt-4o: $2.50 in, $10.00 out per Mtok; chat-nonstream.json: 14 prompt, 7 completion tokens
const NONSTREAM_COST = 14 * 2.5 + 7 * 10;
// anthropic/claude-haiku-4-5: $1 in, $5 out per Mtok; anthropic/messages-nonstream.json: 8 in, 21 out
const CLAUDE_NONSTREAM_COST = 8 * 1 + 21 * 5;

/** A coding agent's conversation in OpenAI's shape: tool calls and results of source code, non-ASCII and escapes. */
function agentConversation(): unknown[] {
  const code = Array.from({ length: 300 }, (_, i) => `  const v${i} = f("é✓ ${i}", '\t"q"'); // 😀 línea ${i}\n`).join("");
  const messages: unknown[] = [{ role: "system", content: `Vous êtes un agent. ${"règle ".repeat(2_000)}` }];
  for (let t = 0; t < 10; t++) {
    messages.push({ role: "user", content: [{ type: "text", text: `tour ${t}: lis le fichier` }] });
    messages.push({ role: "assistant", content: null, tool_calls: [{ id: `call_${t}`, type: "function", function: { name: "read", arguments: JSON.stringify({ path: `src/f${t}.ts` }) } }] });
    messages.push({ role: "tool", tool_call_id: `call_${t}`, content: code });
  }
  return messages;
}

/**
 * A long conversation on /v1/chat/completions to a provider on OpenAI's wire: the gateway reads of it only what it
 * checks (routes/chat-body-bytes.ts), forwards the client's bytes, and still refuses what the model cannot do.
 */
describe("a coding agent's long conversation on /v1/chat/completions", () => {
  const g = useEmbeddedGateway();
  let spent = 0;
  const post = (body: string) => fetch(`${g.base}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${g.key}`, "content-type": "application/json" }, body });
  const expectLedger = async () => {
    await eventually(async () => {
      const c = (await (await fetch(`${g.base}/v1/credits`, { headers: { authorization: `Bearer ${g.key}` } })).json()) as { available_micros: number };
      expect(c.available_micros).toBe(10_000_000 - spent);
    });
  };

  it("reaches the provider as sent, but for its model, and is billed", async () => {
    const text = `{"messages":${JSON.stringify(agentConversation())},\n "model" : "openai/gpt-4o", "temperature":0.2,\t"user":"ü"}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(200_000);
    const res = await post(text);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: "chat.completion", model: "openai/gpt-4o", choices: [{ message: { role: "assistant" } }] });
    const up = g.mock.requests.at(-1)!;
    const expected = Buffer.from(text.replace('"openai/gpt-4o"', '"gpt-4o"'));
    expect(up.bodyBytes.equals(expected)).toBe(true);
    expect(up.headers["content-length"]).toBe(String(expected.length));
    spent += NONSTREAM_COST;
    await expectLedger();
  });

  it("for a Claude model, is rebuilt as Anthropic's request with every text as sent, the closing turn trimmed, and billed", async () => {
    const conversation = agentConversation() as Array<{ role: string; content: unknown; tool_call_id?: string }>;
    // a prefill closing the conversation: Anthropic refuses one ending in whitespace, so the gateway trims it
    const messages = [...conversation, { role: "assistant", content: `Je lis src/f9.ts ${"… ".repeat(600)}  \n` }];
    const text = JSON.stringify({ model: "anthropic/claude-haiku-4-5", max_tokens: 64, messages });
    expect(Buffer.byteLength(text)).toBeGreaterThan(200_000);
    const res = await post(text);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: "chat.completion", model: "anthropic/claude-haiku-4-5" });
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1/messages");
    expect(up.headers["content-length"]).toBe(String(up.bodyBytes.length));
    const sent = up.json as { system: Array<{ text: string }>; messages: Array<{ role: string; content: Array<{ type: string; text?: string; content?: string }> }> };
    expect(sent.system).toEqual([{ type: "text", text: (conversation[0]!.content as string) }]);
    const results = sent.messages.flatMap((m) => m.content).filter((b) => b.type === "tool_result");
    expect(results.map((b) => b.content)).toEqual(conversation.filter((m) => m.role === "tool").map((m) => m.content));
    expect(sent.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: (messages.at(-1)!.content as string).trimEnd() }] });
    spent += CLAUDE_NONSTREAM_COST;
    await expectLedger();
  });

  it("for a Gemini model, is rebuilt as Gemini's request with every text as sent, a JSON tool result as data, and billed", async () => {
    const conversation = agentConversation() as Array<{ role: string; content: unknown; tool_call_id?: string }>;
    const data = { files: Array.from({ length: 40 }, (_, i) => ({ path: `src/f${i}.ts`, note: "é✓ 😀" })) };
    const messages = [
      ...conversation,
      { role: "assistant", content: null, tool_calls: [{ id: "call_ls", type: "function", function: { name: "ls", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "call_ls", content: JSON.stringify(data) },
    ];
    // a text written as no serialiser writes it: what the provider gets of it shows whether it was re-encoded
    const escaped = `ligne \\u00e9t\\u00e9 \\/ ${"x".repeat(2_000)}`;
    const text = JSON.stringify({ model: "google/gemini-2.5-flash-lite", max_tokens: 64, messages }).replace('"messages":[', `"messages":[{"role":"user","content":"${escaped}"},`);
    expect(Buffer.byteLength(text)).toBeGreaterThan(200_000);
    const res = await post(text);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: "chat.completion", model: "google/gemini-2.5-flash-lite" });
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1beta/models/gemini-2.5-flash-lite:generateContent");
    expect(up.headers["content-length"]).toBe(String(up.bodyBytes.length));
    expect(up.bodyText).toContain(`"${escaped}"`);
    type Part = { text?: string; functionResponse?: { name: string; response: { result: unknown } } };
    const sent = up.json as { systemInstruction: { parts: Part[] }; contents: Array<{ role: string; parts: Part[] }> };
    expect(sent.systemInstruction).toEqual({ parts: [{ text: conversation[0]!.content as string }] });
    expect(sent.contents[0]!.parts[0]!.text).toBe(JSON.parse(`"${escaped}"`));
    const results = sent.contents.flatMap((c) => c.parts).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));
    expect(results.map((r) => r.name)).toEqual([...Array.from({ length: 10 }, () => "read"), "ls"]);
    expect(results.map((r) => r.response.result)).toEqual([...conversation.filter((m) => m.role === "tool").map((m) => m.content), data]);
    // gemini-2.5-flash-lite: $0.10 in, $0.40 out per Mtok; gemini/generate-content.json: 8 in, 8 out
    spent += 8 * 0.1 + 8 * 0.4;
    await expectLedger();
  });

  it("for a Claude model, leaves the inside of a long text to Anthropic: its 400, in OpenAI's dialect, unbilled", async () => {
    const calls = g.mock.requests.length;
    // an escape JSON does not have, inside a text the gateway copies without reading it
    const broken = `{"model":"anthropic/claude-haiku-4-5","max_tokens":64,"messages":[{"role":"user","content":"lis ${"x".repeat(2_000)} \\q \\x"},{"role":"user","content":"go"}]}`;
    expect(() => JSON.parse(broken)).toThrow();
    const res = await post(broken);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringMatching(/error parsing the body/) } });
    expect(g.mock.requests.length).toBe(calls + 1);
    // a billed call after it: once the ledger has applied it, it has applied whatever came before it
    await g.client.chat.completions.create({ model: "openai/gpt-4o", messages: [{ role: "user", content: "hi" }] });
    spent += NONSTREAM_COST;
    await expectLedger();
  });

  it("refuses, with no provider call, a capability the model lacks deep in the conversation", async () => {
    const calls = g.mock.requests.length;
    const messages = [...agentConversation(), { role: "user", content: [{ type: "text", text: "écoute" }, { type: "input_audio", input_audio: { data: "AAAA", format: "wav" } }] }];
    const res = await post(JSON.stringify({ model: "openai/gpt-4o", messages }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: "invalid_request_error", param: "messages", message: expect.stringMatching(/does not support audio input/) } });
    expect(g.mock.requests.length).toBe(calls);
  });

  it("leaves a malformed conversation to the provider on OpenAI's wire (its 400, unbilled), but refuses it itself for a translated one", async () => {
    const calls = g.mock.requests.length;
    // faults in what the gateway does not read: a member's literal, an element that is no value
    const conversation = `[{"role":"user","content":"${"salut ".repeat(300)}","n":tru}, nope]`;
    const forwarded = await post(`{"model":"openai/gpt-4o","messages":${conversation}}`);
    expect(forwarded.status).toBe(400);
    expect(await forwarded.json()).toMatchObject({ error: { type: "invalid_request_error", message: "We could not parse the JSON body of your request." } });
    expect(g.mock.requests.length).toBe(calls + 1);
    expect(g.mock.requests.at(-1)!.bodyText).toBe(`{"model":"gpt-4o","messages":${conversation}}`);
    const translated = await post(`{"model":"anthropic/claude-haiku-4-5","messages":${conversation}}`);
    expect(translated.status).toBe(400);
    expect(await translated.json()).toMatchObject({ error: { code: "invalid_json", message: "The request body is not valid JSON." } });
    expect(g.mock.requests.length).toBe(calls + 1);
    // a billed call after them: once the ledger has applied it, it has applied whatever came before it
    await g.client.chat.completions.create({ model: "openai/gpt-4o", messages: [{ role: "user", content: "hi" }] });
    spent += NONSTREAM_COST;
    await expectLedger();
  });
});
