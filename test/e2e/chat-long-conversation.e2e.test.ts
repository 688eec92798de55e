import { describe, expect, it } from "vitest";
import { createKey, eventually, useEmbeddedGateway } from "../harness/gateway.ts";

// openai/gpt-4o: $2.50 in, $10.00 out per Mtok; chat-nonstream.json: 14 prompt, 7 completion tokens
const NONSTREAM_COST = 14 * 2.5 + 7 * 10;
// anthropic/claude-haiku-4-5: $1 in, $5 out per Mtok; anthropic/messages-nonstream.json: 8 in, 21 out
const CLAUDE_NONSTREAM_COST = 8 * 1 + 21 * 5;
// a request with tools gets the recording of one: anthropic/messages-nonstream-parallel-tool-use.json, 423 in, 202
// out; gemini/generatecontent-function-call-gemini2.json, 33 in, 5 out, for gemini-2.5-flash-lite ($0.10 in, $0.40
// out per Mtok: 5.3 micro-dollars, billed up to the next one)
const CLAUDE_TOOLS_COST = 423 * 1 + 202 * 5;
const GEMINI_TOOLS_COST = 6;

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

  it("for Claude and Gemini models, writes the same tools the same on every turn, and the tools each request sent", async () => {
    // a coding agent's tools: schemas with what Gemini's translation changes ($schema, const), non-ASCII, escapes
    const tools = Array.from({ length: 12 }, (_, i) => ({
      type: "function",
      function: {
        name: `tool_${i}`,
        description: `Outil ${i} : lit « ${"é✓😀 \"q\" \\ ".repeat(40)} »`,
        parameters: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { path: { type: "string", description: "chemin" }, mode: { const: "r" } }, required: ["path"] },
      },
    }));
    const other = (await createKey(g.base, g.gw.managementKey, {})).key;
    const send = (model: string, key: string, body: unknown[]) =>
      fetch(`${g.base}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ model, max_tokens: 64, tools: body, messages: agentConversation() }) });
    // the same length, one character changed: no earlier request's tools stand in for these
    const changed = structuredClone(tools);
    changed[7]!.function.description = changed[7]!.function.description.replace("Outil 7", "Outil 8");
    for (const [model, path, written] of [
      ["anthropic/claude-haiku-4-5", "/v1/messages", (up: { json?: unknown }) => (up.json as { tools: unknown[] }).tools],
      ["google/gemini-2.5-flash-lite", "/v1beta/models/gemini-2.5-flash-lite:generateContent", (up: { json?: unknown }) => (up.json as { tools: Array<{ functionDeclarations: unknown[] }> }).tools[0]!.functionDeclarations],
    ] as const) {
      const claude = model.startsWith("anthropic/");
      const expected = (list: typeof tools) =>
        list.map((t) =>
          claude
            ? { name: t.function.name, input_schema: t.function.parameters, description: t.function.description }
            : { name: t.function.name, description: t.function.description, parametersJsonSchema: { type: "object", properties: { path: { type: "string", description: "chemin" }, mode: { enum: ["r"] } }, required: ["path"] } },
        );
      const bodies: Buffer[] = [];
      for (const [key, list] of [[g.key, tools], [g.key, tools], [other, tools], [g.key, changed], [g.key, tools]] as const) {
        const res = await send(model, key, list);
        expect(res.status).toBe(200);
        expect(res.headers.get("x-svc-cost-micros")).toBe(String(claude ? CLAUDE_TOOLS_COST : GEMINI_TOOLS_COST));
        await res.json();
        const up = g.mock.requests.at(-1)!;
        expect(up.path).toBe(path);
        expect(up.headers["content-length"]).toBe(String(up.bodyBytes.length));
        expect(written(up)).toEqual(expected(list));
        bodies.push(up.bodyBytes);
        spent += claude ? CLAUDE_TOOLS_COST : GEMINI_TOOLS_COST;
      }
      // byte for byte, whichever way each request's tools were written
      expect(bodies[1]!.equals(bodies[0]!)).toBe(true);
      expect(bodies[2]!.equals(bodies[0]!)).toBe(true);
      expect(bodies[3]!.equals(bodies[0]!)).toBe(false);
      expect(bodies[4]!.equals(bodies[0]!)).toBe(true);
    }
    await expectLedger();
  });

  it("for Claude and Gemini models, writes each turn of a key's growing session as it writes that turn for a new key", async () => {
    // the turns written for the messages a key sent before are kept and put back (providers/shared/turns-kept.ts)
    const code = (t: number) => `  // fichier ${t} é✓ 😀 \t"q"\n${"  const x = 1;\n".repeat(400)}`;
    const turn = (t: number, parallel: boolean) => {
      const ids = parallel ? [`call_${t}a`, `call_${t}b`] : [`call_${t}a`];
      return [
        { role: "assistant", content: `Je lis ${t}.`, tool_calls: ids.map((id) => ({ id, type: "function", function: { name: "read", arguments: JSON.stringify({ path: `src/${id}.ts` }) } })) },
        ...ids.map((id) => ({ role: "tool", tool_call_id: id, content: t % 3 === 0 ? JSON.stringify({ lignes: t, texte: code(t) }) : code(t) })),
      ];
    };
    for (const [model, cost] of [["anthropic/claude-haiku-4-5", CLAUDE_NONSTREAM_COST], ["google/gemini-2.5-flash-lite", 8 * 0.1 + 8 * 0.4]] as const) {
      const fresh = () => createKey(g.base, g.gw.managementKey, {}).then((k) => k.key);
      const session = await fresh();
      let messages: unknown[] = [{ role: "system", content: `Vous êtes un agent. ${"règle ".repeat(1_000)}` }, { role: "user", content: "Corrige le module." }];
      for (let t = 0; t < 5; t++) {
        messages = [...messages, ...turn(t, t % 2 === 0)];
        const text = JSON.stringify({ model, max_tokens: 64, messages });
        const bodies: Buffer[] = [];
        for (const key of [session, await fresh()]) {
          const res = await fetch(`${g.base}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: text });
          expect(res.status).toBe(200);
          expect(res.headers.get("x-svc-cost-micros")).toBe(String(Math.ceil(cost)));
          await res.json();
          bodies.push(g.mock.requests.at(-1)!.bodyBytes);
          spent += cost;
        }
        expect(bodies[0]!.toString(), `${model}, turn ${t}`).toBe(bodies[1]!.toString());
      }
      // what the provider got of the last turn: every text as sent, in order
      const last = g.mock.requests.at(-1)!.bodyText;
      expect(last).toContain(JSON.stringify(code(4)).slice(1, -1));
      expect(last.indexOf("Je lis 3.")).toBeLessThan(last.indexOf("Je lis 4."));
    }
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

  it("reads a key's session turn after turn as it reads each turn alone: what changed is checked, the rest goes as sent", async () => {
    // the gateway reads only what changed since the key's last turn (ConversationMemo): an edit anywhere is still seen
    const audio = { role: "user", content: [{ type: "text", text: "écoute" }, { type: "input_audio", input_audio: { data: "AAAA", format: "wav" } }] };
    const base = agentConversation();
    const turns = [
      { messages: base, status: 200 },
      { messages: [...base, { role: "user", content: "et maintenant ?" }], status: 200 },
      { messages: [...base, { role: "user", content: "et maintenant ?" }, audio], status: 400 },
      { messages: base.map((m, i) => (i === 3 ? audio : m)), status: 400 },
      { messages: [...base, { role: "user", content: "et maintenant ?" }, { role: "user", content: "encore" }], status: 200 },
    ];
    for (const { messages, status } of turns) {
      const calls = g.mock.requests.length;
      const text = JSON.stringify({ model: "openai/gpt-4o", messages });
      const res = await post(text);
      expect(res.status).toBe(status);
      await res.text();
      if (status === 200) {
        expect(g.mock.requests.at(-1)!.bodyBytes.equals(Buffer.from(text.replace('"openai/gpt-4o"', '"gpt-4o"')))).toBe(true);
        spent += NONSTREAM_COST;
      } else expect(g.mock.requests.length).toBe(calls);
    }
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
