import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GatewayError } from "../errors.ts";
import { MAX_JSON_DEPTH, SCANNED_BODY_MIN } from "../http/json-body.ts";
import { readChatBody } from "./chat-body.ts";
import { LONG_TEXT, readChatRequestBody } from "./chat-body-bytes.ts";
import { labelsUsed } from "./chat-capabilities.ts";
import { anthropicChat } from "../providers/anthropic/chat.ts";
import { geminiChat } from "../providers/google/chat.ts";
import { sessionChange, sessionTurns } from "../http/conversation-session.test-helper.ts";
import { toolsAside } from "../providers/shared/tools-aside.ts";
import { turnsKeeper } from "../providers/shared/turns-kept.ts";
import type { ChatAdapter, TextsAsSent } from "../providers/types.ts";

/** A text long enough to be scanned, with non-ASCII on either side of the members the tests look at. */
const PAD = `"pad é✓😀 ${"p".repeat(SCANNED_BODY_MIN)}"`;

/** The verdict a reading gives: the route's fields and labels, or the 400 it answers. */
function verdict(read: () => { object: Record<string, unknown> }): unknown {
  try {
    const { object } = read();
    const fields = readChatBody(object);
    return {
      model: object.model,
      fields: { stream: fields.stream, stream_options: fields.stream_options, max_tokens: fields.max_tokens, max_completion_tokens: fields.max_completion_tokens },
      messages: fields.messages.length,
      labels: [...labelsUsed(object)].sort(),
    };
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    return `${err.status} ${err.message}`;
  }
}

// A JSON writer that also writes what JSON.stringify never does: keys escaped, repeated, and whitespace anywhere.
type Json = null | boolean | number | string | Json[] | { entries: Array<[string, Json]> };

const ws = fc.constantFrom("", " ", "\n  ", "\t");
const opts = fc.record({ escapeKeys: fc.boolean(), space: ws });

function write(v: Json, o: { escapeKeys: boolean; space: string }): string {
  if (Array.isArray(v)) return `[${o.space}${v.map((e) => write(e, o)).join(`,${o.space}`)}${o.space}]`;
  if (v !== null && typeof v === "object") {
    const key = (k: string) => (o.escapeKeys && k.length > 0 ? `"\\u${k.charCodeAt(0).toString(16).padStart(4, "0")}${JSON.stringify(k).slice(2)}` : JSON.stringify(k));
    return `{${v.entries.map(([k, e]) => `${o.space}${key(k)}${o.space}:${o.space}${write(e, o)}`).join(",")}${o.space}}`;
  }
  return JSON.stringify(v);
}

const obj = (entries: fc.Arbitrary<Array<[string, Json]>>) => entries.map((e) => ({ entries: e }) as Json);
const entry = (key: string, value: fc.Arbitrary<Json>) => value.map((v) => [key, v] as [string, Json]);
// values whose truthiness differs, as cache_control markers
const marker: fc.Arbitrary<Json> = fc.constantFrom<Json>(null, false, true, 0, 1, "", "x", [], { entries: [["type", "ephemeral"]] });
const text = fc.string({ unit: fc.constantFrom("a", "é", "😀", '"', "\\", "\n", "]", "}", "{", ",") });
const part: fc.Arbitrary<Json> = fc.oneof(
  obj(
    fc.array(
      fc.oneof(
        entry("type", fc.constantFrom<Json>("text", "image_url", "input_audio", "file", "other", 1, null)),
        entry("text", text),
        entry("cache_control", marker),
        entry(
          "file",
          fc.oneof(
            obj(fc.array(entry("file_data", fc.constantFrom<Json>("data:image/png;base64,AA", "data:application/pdf;base64,AA", 5, null)), { maxLength: 2 })),
            fc.constantFrom<Json>(null, "data:image/png", 3),
          ),
        ),
        entry("image_url", obj(fc.constant([["url", "https://x.test/a.png"]]))),
      ),
      { maxLength: 5 },
    ),
  ),
  fc.constantFrom<Json>(null, "part", 7, []),
);
const message: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: obj(
    fc.array(
      fc.oneof(
        entry("role", fc.constantFrom<Json>("user", "assistant", "tool", "system", "developer", 0, null)),
        entry("content", fc.oneof(text, fc.array(part, { maxLength: 4 }), fc.constantFrom<Json>(null, 5, { entries: [] }))),
        entry("tool_calls", fc.oneof(fc.array(obj(fc.constant([["id", "c1"]])), { maxLength: 2 }), fc.constantFrom<Json>(null, "x", { entries: [] }))),
        entry("cache_control", marker),
        entry("name", text),
      ),
      { maxLength: 6 },
    ),
  ) },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, "hi", 3, [], [{ entries: [["role", "tool"]] }]) },
);
const chatBody = fc.record({
  head: fc.array(
    fc.oneof(
      entry("model", fc.constantFrom<Json>("openai/gpt-4o", 4, null)),
      entry("stream", fc.constantFrom<Json>(true, false, null, "yes")),
      entry("stream_options", fc.constantFrom<Json>(null, { entries: [["include_usage", true]] }, { entries: [["include_usage", 1]] })),
      entry("max_tokens", fc.constantFrom<Json>(1, 0, 2.5, null)),
      entry("tools", fc.constantFrom<Json>([], [{ entries: [["type", "function"]] }, 2], null, { entries: [] }, "x")),
      // names an object literal would inherit, were the reader's table one
      entry("constructor", fc.constantFrom<Json>(1, null, [])),
      entry("toString", fc.constantFrom<Json>("x", [[]])),
      entry("tool_choice", fc.constantFrom<Json>("none", "auto")),
      entry("response_format", fc.constantFrom<Json>({ entries: [["type", "json_object"]] }, { entries: [["type", "text"]] })),
      entry("reasoning_effort", fc.constantFrom<Json>("none", "low")),
    ),
    { maxLength: 6 },
  ),
  messages: fc.oneof({ weight: 8, arbitrary: fc.array(message, { maxLength: 6 }) }, { weight: 1, arbitrary: fc.constantFrom<Json>(null, "hi", { entries: [] }) }),
  opts,
});

/** The body as text, padded to be scanned; top-level keys unique (a repeated one is parsed whole, tested below). */
function bodyText(b: { head: Array<[string, Json]>; messages: Json; opts: { escapeKeys: boolean; space: string } }): string {
  const head = [...new Map(b.head)].map(([k, v]) => `${JSON.stringify(k)}:${write(v, b.opts)}`);
  return `{${[`"pad":${PAD}`, ...head, `"messages":${write(b.messages, b.opts)}`].join(",")}}`;
}

describe("readChatRequestBody", () => {
  it("gives a forwarding adapter the fields, message count and capability labels JSON.parse gives, for any generated body", () => {
    fc.assert(
      fc.property(chatBody, (b) => {
        const raw = Buffer.from(bodyText(b));
        const whole = verdict(() => ({ object: JSON.parse(raw.toString()) as Record<string, unknown> }));
        expect(verdict(() => readChatRequestBody(raw).forwarded())).toEqual(whole);
        expect(verdict(() => readChatRequestBody(raw).whole())).toEqual(whole);
      }),
      { numRuns: 3_000 },
    );
  });

  it("projects a forwarded body's conversation without its text, and keeps the client's bytes with their members", () => {
    const raw = Buffer.from(
      `{"pad":${PAD},"model":"openai/gpt-4o","messages":[{"role":"user","content":"héllo ✓","name":"x"},{"role":"assistant","tool_calls":[{"id":"a"},{"id":"b"}]},` +
        `{"role":"tool","content":[{"type":"text","text":"42","cache_control":{"type":"ephemeral"}},{"type":"file","file":{"file_data":"data:image/png;base64,AA"}}]}],"stream":true}`,
    );
    const read = readChatRequestBody(raw);
    expect(read.model).toBe("openai/gpt-4o");
    const { object, source } = read.forwarded();
    expect(object.messages).toEqual([
      { role: "user", content: null },
      { role: "assistant", tool_calls: [null, null] },
      { role: "tool", content: [{ type: "text", cache_control: { type: "ephemeral" } }, { type: "file", file: { file_data: "data:image/png;base64,AA" } }] },
    ]);
    expect(object.stream).toBe(true);
    expect(source.text).toBeUndefined();
    expect(source.bytes).toBe(raw);
    const span = source.byteMembers!.get("model")!;
    expect(raw.toString("utf8", span.valueStart, span.valueEnd)).toBe('"openai/gpt-4o"');
    // the adapter that translates gets the conversation itself
    expect(read.whole().object.messages).toEqual(JSON.parse(raw.toString()).messages);
  });

  it("leaves a conversation's faults to the forwarding adapter's provider, but the translating one's body is refused", () => {
    const raw = Buffer.from(`{"pad":${PAD},"model":"openai/gpt-4o","messages":[{"role":"user","content":"hi","x":tru}, nope]}`);
    expect(verdict(() => readChatRequestBody(raw).forwarded())).toEqual({ model: "openai/gpt-4o", fields: expect.anything(), messages: 2, labels: [] });
    expect(verdict(() => readChatRequestBody(raw).whole())).toBe("400 The request body is not valid JSON.");
  });

  it("refuses a member it parses that is not JSON, for either adapter, and a model that is not before knowing one", () => {
    for (const member of ['"tools":[1 2]', '"tools":{"a" 1}', '"stream_options":{"include_usage" true}', '"tool_choice":nul']) {
      const raw = Buffer.from(`{"pad":${PAD},"model":"openai/gpt-4o",${member},"messages":[{"role":"user","content":"hi"}]}`);
      expect(verdict(() => readChatRequestBody(raw).forwarded())).toBe("400 The request body is not valid JSON.");
      expect(verdict(() => readChatRequestBody(raw).whole())).toBe("400 The request body is not valid JSON.");
    }
    expect(() => readChatRequestBody(Buffer.from(`{"pad":${PAD},"model":{"a" 1},"messages":[]}`))).toThrow("The request body is not valid JSON.");
  });

  it("reads a role or a part's type written with escapes, or with a control character JSON refuses, as JSON.parse reads it", () => {
    const cases = [
      '[{"role":"\\u0075ser","content":[{"type":"te\\u0078t","text":"hi"},{"type":"image\\u005furl","image_url":{"url":"https://x.test/a.png"}}]}]',
      '[{"role":"user","content":[{"type":"input\\u005faudio","input_audio":{"data":"AA","format":"wav"}}]}]',
      '[{"role":"us\ter","content":"hi"}]',
      '[{"role":"user","content":[{"type":"image_url\n","image_url":{"url":"https://x.test/a.png"}}]}]',
    ];
    for (const messages of cases) {
      const raw = Buffer.from(`{"pad":${PAD},"model":"openai/gpt-4o","messages":${messages}}`);
      expect([messages, verdict(() => readChatRequestBody(raw).forwarded())]).toEqual([messages, verdict(() => readChatRequestBody(raw).whole())]);
    }
    // the escaped type is read: the model named cannot take audio
    expect(verdict(() => readChatRequestBody(Buffer.from(`{"pad":${PAD},"model":"openai/gpt-4o","messages":${cases[1]}}`)).forwarded())).toMatchObject({ labels: ["audio"] });
  });

  it.each([
    ["a conversation whose members the projection cannot find", `[{"role":"user" "content":"hi"}]`, "400 The request body is not valid JSON."],
    ["a role that is not JSON", `[{"role":tool,"content":"hi"}]`, "400 The request body is not valid JSON."],
    ["messages that are not an array", `{"role":"user"}`, "400 Invalid `messages`: Invalid input: expected array, received object"],
    ["no messages", "[]", "400 Invalid `messages`: `messages` must contain at least one message"],
  ])("reads whole, for JSON.parse's or the schema's verdict, %s", (_, messages, expected) => {
    const raw = Buffer.from(`{"pad":${PAD},"model":"openai/gpt-4o","messages":${messages}}`);
    expect(verdict(() => readChatRequestBody(raw).forwarded())).toBe(expected);
  });

  it("refuses a body nested deeper than the limit wherever the projection meets it, and reads one at the limit", () => {
    const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    // the depth around each place: the body 1, messages 2, a message 3, its content or tool calls 4, a part 5
    const places: Array<[number, (v: string) => string]> = [
      [5, (v) => `"messages":[{"role":"user","content":[{"type":"text","x":${v}}]}]`],
      [5, (v) => `"messages":[{"role":"user","content":[{"type":"text","cache_control":${v}}]}]`],
      [4, (v) => `"messages":[{"role":"user","content":[${v}]}]`],
      [3, (v) => `"messages":[{"role":"user","name":${v},"content":"hi"}]`],
      [4, (v) => `"messages":[{"role":"assistant","tool_calls":[${v}]}]`],
      [2, (v) => `"messages":[${v},{"role":"user","content":"hi"}]`],
      [2, (v) => `"tools":[${v}],"messages":[{"role":"user","content":"hi"}]`],
    ];
    for (const [above, place] of places) {
      const body = (levels: number) => Buffer.from(`{"pad":${PAD},"model":"openai/gpt-4o",${place(nested(levels))}}`);
      expect(verdict(() => readChatRequestBody(body(MAX_JSON_DEPTH - above)).forwarded())).toMatchObject({ model: "openai/gpt-4o" });
      expect(verdict(() => readChatRequestBody(body(MAX_JSON_DEPTH - above + 1)).forwarded())).toBe(`400 The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    }
  });

  it.each([
    ["short", '{"model":"openai/gpt-4o","messages":[{"role":"user","content":"hi"}]}'],
    ["with a top-level key repeated", `{"pad":${PAD},"model":"openai/gpt-4o","messages":[{"role":"user","content":"hi"}],"model":"openai/gpt-4o-mini"}`],
    ["with a top-level __proto__", `{"pad":${PAD},"__proto__":{"model":"x"},"model":"openai/gpt-4o","messages":[{"role":"user","content":"hi"}]}`],
    ["without messages", `{"pad":${PAD},"model":"openai/gpt-4o"}`],
  ])("parses a body whole when it is %s", (_, text) => {
    const read = readChatRequestBody(Buffer.from(text));
    const expected = JSON.parse(text) as Record<string, unknown>;
    expect(read.model).toBe(expected.model);
    expect(read.forwarded().object).toEqual(expected);
    expect(Object.getPrototypeOf(read.forwarded().object)).toBe(Object.prototype);
    expect(read.forwarded().source.text).toBe(text);
  });
});

const asSent = (adapter: ChatAdapter): TextsAsSent => adapter.conversation as TextsAsSent;
const ANTHROPIC = asSent(anthropicChat);
const GEMINI = asSent(geminiChat);

describe("long texts set aside for an adapter that copies them as sent (textsAside)", () => {
  const target = { baseUrl: "http://127.0.0.1:1", credential: "k", upstreamModel: "claude-haiku-4-5", maxOutputTokens: 1024 };
  const long = (tag: string) => `${tag} é✓😀 "quoted" \\ \n\t\u0001 ${"lorem ipsum ".repeat(100)}`;
  const spaces = " ".repeat(LONG_TEXT);

  /** The request the adapter writes, or its 400, from the body as textsAside gives it and parsed whole. */
  function written(adapter: ChatAdapter, raw: Buffer, read: "whole" | "aside", scope = "k"): unknown {
    try {
      const r = readChatRequestBody(raw);
      const { object, restore } = read === "whole" ? r.whole() : r.textsAside(asSent(adapter), scope);
      const body = adapter.buildRequest(object, target, true).body as string;
      if (restore === undefined) return { json: JSON.parse(body), restored: false };
      const pieces = restore(body);
      return pieces === undefined ? "not restored" : { json: JSON.parse(Buffer.concat(pieces).toString()), restored: true, toolsAside: toolsAside(object) !== undefined };
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      return `${err.status} ${err.message}`;
    }
  }

  const text = fc.oneof(fc.constantFrom("", "hi", "   ", "é✓😀 court"), fc.constantFrom("a", "b", "c").map(long), fc.constantFrom("a", "b").map((t) => `${long(t)}   \n`));
  // what tool results hold: files read with line numbers, JSON, and texts JSON.parse reads as one number or literal
  const toolText = fc.oneof(
    text,
    fc.constantFrom(
      `     1→import x from "y";\n${"     2→// é✓😀 \"q\"\n".repeat(60)}`,
      `-1 ${long("t")}`,
      JSON.stringify({ output: long("o"), exit: 0 }),
      `\n\t ${JSON.stringify([long("p"), 1])}`,
      `42${spaces}`,
      `\n-4.5e3 ${spaces}`,
      `true${spaces}`,
      `nul${spaces}`,
      `${spaces}\n`,
    ),
  );
  const part = fc.oneof({ weight: 4, arbitrary: text.map((t) => ({ type: "text", text: t })) }, { weight: 1, arbitrary: fc.constant({ type: "image_url", image_url: { url: "https://x.test/a.png" } }) });
  const content = fc.oneof(text, fc.array(part, { minLength: 1, maxLength: 3 }));
  const message = fc.oneof(
    fc.record({ role: fc.constantFrom("user", "system", "developer"), content }),
    fc.record({ role: fc.constant("assistant"), content: fc.oneof(text, fc.array(text.map((t) => ({ type: "text", text: t })), { minLength: 1, maxLength: 2 }), fc.constant(null)) }),
    fc.constant({ role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "read", arguments: '{"path":"a.ts"}' } }] }),
    fc.record({ role: fc.constant("tool"), tool_call_id: fc.constant("call_1"), content: fc.oneof(toolText, fc.array(toolText.map((t) => ({ type: "text", text: t })), { minLength: 1, maxLength: 2 })) }),
  );

  for (const [name, adapter, model] of [["Anthropic", anthropicChat, "anthropic/claude-haiku-4-5"], ["Gemini", geminiChat, "google/gemini-2.5-flash"]] as const) {
    it(`writes the request the whole body writes, for any generated conversation, its long texts as the client sent them (${name})`, () => {
      let restored = 0;
      fc.assert(
        fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), fc.boolean(), (messages, pretty) => {
          const raw = Buffer.from(JSON.stringify({ model, pad: PAD, messages }, null, pretty ? 2 : undefined));
          const aside = written(adapter, raw, "aside") as { json?: unknown; restored?: boolean };
          const whole = written(adapter, raw, "whole") as { json?: unknown };
          if (typeof whole === "string") expect(aside).toBe(whole);
          else expect(aside.json).toEqual(whole.json);
          if (aside.restored) restored++;
        }),
        { numRuns: 1_000 },
      );
      // the property ran on texts set aside, not only on bodies read whole
      expect(restored).toBeGreaterThan(200);
    });
  }

  // tools as clients send them, and as they must not: schemas Gemini's translation changes, a member named
  // __proto__, the name Anthropic's JSON mode reserves, tools that are not function tools
  const schema = fc.constantFrom<unknown>(
    undefined,
    { type: "object", properties: { path: { type: "string", description: "chemin é✓😀 \"q\"" } }, required: ["path"] },
    { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { mode: { const: "r" } } },
    { $ref: "#/$defs/a", description: "dropped for Gemini", $defs: { a: { type: "string" } } },
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","const":1}}}'),
  );
  const tool = fc.oneof(
    { weight: 8, arbitrary: fc.record({ name: fc.constantFrom("read", "ls", "gateway_json_output"), description: fc.option(fc.constantFrom("Lit un fichier", long("d")), { nil: undefined }), parameters: schema }).map((f) => ({ type: "function", function: JSON.parse(JSON.stringify(f)) as unknown })) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({ type: "function" }, { type: "function", function: { name: 3 } }, null, "x") },
  );
  const toolParams = fc.record({
    tools: fc.oneof({ weight: 6, arbitrary: fc.array(tool, { minLength: 1, maxLength: 4 }) }, { weight: 1, arbitrary: fc.constantFrom<unknown>([], null, "x", {}) }),
    tool_choice: fc.constantFrom<unknown>(undefined, "auto", "none", "required", { type: "function", function: { name: "read" } }, { type: "function", function: { name: "nope" } }, { type: "allowed_tools", allowed_tools: { mode: "auto", tools: [{ type: "function", function: { name: "ls" } }] } }, 5),
    response_format: fc.constantFrom<unknown>(undefined, { type: "json_object" }, { type: "json_schema", json_schema: { name: "r", schema: { type: "object" } } }),
    parallel_tool_calls: fc.constantFrom<unknown>(undefined, false, true),
  });

  for (const [name, adapter, model] of [["Anthropic", anthropicChat, "anthropic/claude-haiku-4-5"], ["Gemini", geminiChat, "google/gemini-2.5-flash"]] as const) {
    it(`writes the request the whole body writes, its tools written again or as written for the key before (${name})`, () => {
      let remembered = 0;
      fc.assert(
        fc.property(fc.array(message, { minLength: 1, maxLength: 4 }), toolParams, fc.boolean(), fc.boolean(), (messages, params, toolsFirst, pretty) => {
          const body = toolsFirst ? { model, ...params, pad: PAD, messages } : { model, pad: PAD, messages, ...params };
          const raw = Buffer.from(JSON.stringify(body, null, pretty ? 2 : undefined));
          const whole = written(adapter, raw, "whole") as { json?: unknown };
          // the first time for the key, its tools are written; the second, they are those written the first time
          for (let i = 0; i < 2; i++) {
            const aside = written(adapter, raw, "aside", "key-1") as { json?: unknown; toolsAside?: boolean };
            if (typeof whole === "string") expect(aside).toBe(whole);
            else expect(aside.json).toEqual(whole.json);
            if (aside.toolsAside) remembered++;
          }
        }),
        { numRuns: 600 },
      );
      // the property ran on tools set aside, not only on tools written again
      expect(remembered).toBeGreaterThan(120);
    });
  }

  it("reads the closing turn off the body as JSON.parse reads it: a text a repeated key replaces ends no turn", () => {
    const j = JSON.stringify;
    for (const closing of [`{"role":"user","content":${j(long("u2"))},"content":""}`, `{"role":"user","content":[{"type":"text","text":${j(long("u2"))},"text":""}]}`]) {
      const raw = Buffer.from(`{"model":"anthropic/claude-haiku-4-5","messages":[{"role":"user","content":${j(long("u1"))}},{"role":"assistant","content":${j(`${long("a")}  `)}},${closing}]}`);
      const aside = written(anthropicChat, raw, "aside") as { json: { messages: Array<{ content: Array<{ text: string }> }> }; restored: boolean };
      expect(aside.json).toEqual((written(anthropicChat, raw, "whole") as { json: unknown }).json);
      // the prefill, trimmed: the user message after it adds no turn
      expect(aside.json.messages.at(-1)!.content).toEqual([{ type: "text", text: long("a").trimEnd() }]);
      expect(aside.restored).toBe(true);
    }
  });

  const placeholder = expect.stringMatching(/^svc-text-[\da-f-]{36}-\d+$/);

  it("keeps the texts of the last message and of those after the last user or tool message, and short texts, for Anthropic", () => {
    const messages = [
      { role: "system", content: long("s") },
      { role: "user", content: [{ type: "text", text: long("u") }, { type: "text", text: "short" }] },
      { role: "tool", tool_call_id: "c", content: long("t") },
      { role: "assistant", content: long("a1") },
      { role: "system", content: long("s2") },
      { role: "assistant", content: `${long("a2")}  ` },
    ];
    const raw = Buffer.from(JSON.stringify({ model: "anthropic/claude-haiku-4-5", messages }));
    const { object, restore } = readChatRequestBody(raw).textsAside(ANTHROPIC, "k");
    const got = object.messages as Array<{ content: unknown }>;
    expect(got.map((m) => m.content)).toEqual([placeholder, [{ type: "text", text: placeholder }, { type: "text", text: "short" }], placeholder, long("a1"), long("s2"), `${long("a2")}  `]);
    // what a writer does with them: placeholders put back as the client's bytes, wherever the writer moved them
    const moved = JSON.stringify({ b: got[2]!.content, a: [got[0]!.content], c: (got[1]!.content as Array<{ text: string }>)[0]!.text });
    expect(JSON.parse(Buffer.concat(restore!(moved)!).toString())).toEqual({ b: long("t"), a: [long("s")], c: long("u") });
  });

  it("keeps a tool result's texts that may be JSON, and every text of the closing turn aside, for Gemini", () => {
    const file = `     1→import x;\n${"     2→// é✓😀\n".repeat(80)}`;
    const messages = [
      { role: "system", content: long("s") },
      { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "read", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "c", content: file },
      { role: "tool", tool_call_id: "c", content: JSON.stringify({ out: long("j") }) },
      { role: "tool", tool_call_id: "c", content: [{ type: "text", text: long("p") }] },
      { role: "tool", tool_call_id: "c", content: `7${spaces}` },
      { role: "assistant", content: `${long("a")}  ` },
    ];
    const raw = Buffer.from(JSON.stringify({ model: "google/gemini-2.5-flash", messages }));
    const { object, restore } = readChatRequestBody(raw).textsAside(GEMINI, "k");
    const got = (object.messages as Array<{ content: unknown }>).map((m) => m.content);
    expect(got).toEqual([placeholder, null, placeholder, JSON.stringify({ out: long("j") }), [{ type: "text", text: long("p") }], `7${spaces}`, placeholder]);
    expect(restore).toBeDefined();
  });

  it("restores only placeholders that stand as whole strings", () => {
    const raw = Buffer.from(JSON.stringify({ model: "anthropic/claude-haiku-4-5", messages: [{ role: "user", content: long("u") }, { role: "user", content: "go" }] }));
    const { object, restore } = readChatRequestBody(raw).textsAside(ANTHROPIC, "k");
    const p = (object.messages as Array<{ content: string }>)[0]!.content;
    expect(JSON.parse(Buffer.concat(restore!(JSON.stringify([p, p]))!).toString())).toEqual([long("u"), long("u")]);
    expect(restore!(JSON.stringify({ t: "nothing set aside" }))!.map((b) => Buffer.from(b).toString()).join("")).toBe('{"t":"nothing set aside"}');
    for (const bad of [JSON.stringify({ t: `joined ${p}` }), JSON.stringify({ t: `${p} joined` }), JSON.stringify({ t: `"${p}"` }), JSON.stringify({ t: p.replace(/\d+$/, "9") }), JSON.stringify({ t: p.replace(/\d+$/, "") })]) {
      expect(restore!(bad)).toBeUndefined();
    }
  });

  it("sets nothing aside from a body read whole, or with no long text before the closing turn", () => {
    expect(readChatRequestBody(Buffer.from('{"model":"m","messages":[{"role":"user","content":"hi"}]}')).textsAside(ANTHROPIC, "k").restore).toBeUndefined();
    const closing = Buffer.from(JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }, { role: "assistant", content: long("a") }] }));
    const aside = readChatRequestBody(closing).textsAside(ANTHROPIC, "k");
    expect(aside.object).toEqual(JSON.parse(closing.toString()));
    expect(aside.restore).toBeUndefined();
  });
});

describe("a key's conversation read from where it changed since its last request", () => {
  const target = { baseUrl: "http://127.0.0.1:1", credential: "k", upstreamModel: "m", maxOutputTokens: 1024 };
  const long = (tag: string) => `${tag} é✓😀 "q" \\ [{ ${"lorem ipsum ".repeat(100)}`;
  // turns of the kinds a coding agent sends, each long enough that a few make a conversation the memo keeps
  const turn = (i: number, tag: string): unknown =>
    [
      { role: "user", content: [{ type: "text", text: long(`${tag}${i}`) }, { type: "image_url", image_url: { url: "https://x.test/a.png" } }] },
      { role: "assistant", content: long(`${tag}${i}`), tool_calls: [{ id: `c${i}`, type: "function", function: { name: "read", arguments: "{}" } }] },
      { role: "tool", tool_call_id: `c${i}`, content: long(`${tag}${i}`) },
      { role: "user", content: `court ${tag}${i}`, cache_control: { type: "ephemeral" } },
    ][i % 4];
  const tool = (i: number, tag: string) => ({ type: "function", function: { name: `t${i}`, description: `${tag} outil ${i} é✓😀 "q" \\ ${"décrit ".repeat(150)}`, parameters: { type: "object", properties: { p: { type: "string" } } } } });
  const toolsChange = fc.constantFrom("same" as const, "same" as const, "edit" as const, "grow" as const, "none" as const);
  const seen = (read: () => unknown): unknown => {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      return `${err.status} ${err.message}`;
    }
  };
  const writtenBy = (adapter: ChatAdapter, raw: Buffer, scope: string | undefined) =>
    seen(() => {
      const { object, restore } = readChatRequestBody(raw, scope).textsAside(asSent(adapter), "k");
      const body = adapter.buildRequest(object, target, true).body as string;
      const pieces = restore === undefined ? [Buffer.from(body)] : restore(body);
      return pieces === undefined ? "not restored" : Buffer.concat(pieces).toString();
    });

  it("reads each request of a key as it reads it alone, whatever changed since the key's last", () => {
    let session = 0;
    fc.assert(
      fc.property(fc.array(sessionChange, { minLength: 1, maxLength: 8 }), fc.constantFrom("openai/gpt-4o", "anthropic/claude-haiku-4-5", "google/gemini-2.5-flash"), fc.array(toolsChange, { minLength: 8, maxLength: 8 }), (changes, model, toolsChanges) => {
        const scope = `key-${++session}`;
        let tools = Array.from({ length: 10 }, (_, i) => tool(i, "a"));
        sessionTurns(8, changes, turn).forEach((turns, r) => {
          const c = changes[r]!;
          // the tools too, long enough to be remembered (http/conversation-memo.ts, valueEnd): the same, one changed, one more, none
          const t = toolsChanges[r]!;
          if (t === "edit") tools = tools.map((x, i) => (i === r % tools.length ? tool(i, `e${r}`) : x));
          else if (t === "grow") tools = [...tools, tool(tools.length, "g")];
          let text = JSON.stringify({ model, ...(t === "none" ? {} : { tools }), messages: turns, max_tokens: 5 });
          if (c.kind === "break") {
            const at = '{"model":"'.length + model.length + 14 + (c.n % (text.length - 40));
            text = text.slice(0, at) + c.text + text.slice(at);
          }
          const raw = Buffer.from(text);
          // the projection a forwarding adapter gets, and the request a translating one writes
          expect(seen(() => readChatRequestBody(raw, scope).forwarded().object)).toEqual(seen(() => readChatRequestBody(raw).forwarded().object));
          for (const adapter of [anthropicChat, geminiChat]) expect(writtenBy(adapter, raw, scope)).toEqual(writtenBy(adapter, raw, undefined));
        });
      }),
      { numRuns: 150 },
    );
  });

  // a coding agent's turn: a long system prompt, then reads and their results, and the ask that closes it
  const agentTurn = (reads: number) => [
    { role: "system", content: long("sys") },
    { role: "user", content: long("ask") },
    ...Array.from({ length: reads }, (_, i) => [
      { role: "assistant", content: `je lis ${i}`, tool_calls: [{ id: `c${i}`, type: "function", function: { name: "read", arguments: `{"p":"f${i}"}` } }] },
      { role: "tool", tool_call_id: `c${i}`, content: long(`file ${i}`) },
    ]).flat(),
  ];
  const aside = (adapter: ChatAdapter, raw: Buffer, scope: string) => readChatRequestBody(raw, scope).textsAside(asSent(adapter), scope);

  for (const [name, adapter, model] of [["Anthropic", anthropicChat, "anthropic/claude-haiku-4-5"], ["Gemini", geminiChat, "google/gemini-2.5-flash"]] as const) {
    it(`takes the messages a key sent before its last closing turn as it parsed them, and writes what a whole parse writes (${name})`, () => {
      const first = Buffer.from(JSON.stringify({ model, stream: true, messages: agentTurn(6) }));
      // the next turn: the agent's answer to the last result, another result, and a short ask
      const more = [...agentTurn(7), { role: "user", content: "Lance les tests." }];
      const next = Buffer.from(JSON.stringify({ model, stream: true, messages: more }));
      const before = aside(adapter, first, `key-${name}`).object.messages as unknown[];
      const after = aside(adapter, next, `key-${name}`).object.messages as unknown[];
      // kept: the messages before the last tool result (where Anthropic's closing turn starts), and all but the last
      // for Gemini, which reads no closing turn; here the same
      const kept = before.length - 1;
      for (let i = 0; i < after.length; i++) expect(after[i] === before[i], `message ${i}`).toBe(i < kept);
      expect(writtenBy(adapter, next, `key-${name}`)).toEqual(writtenBy(adapter, next, undefined));
    });
  }

  for (const [name, adapter, model] of [["Anthropic", anthropicChat, "anthropic/claude-haiku-4-5"], ["Gemini", geminiChat, "google/gemini-2.5-flash"]] as const) {
    it(`offers the adapter the turns it wrote for the key's last request, and writes what a whole parse writes, turn after turn (${name})`, () => {
      const scope = `key-turns-${name}`;
      const found: number[] = [];
      for (let reads = 5; reads <= 9; reads++) {
        const raw = Buffer.from(JSON.stringify({ model, stream: true, messages: [...agentTurn(reads), { role: "user", content: "Lance les tests." }] }));
        const { object, restore } = aside(adapter, raw, scope);
        found.push(turnsKeeper(object)?.found?.messages ?? 0);
        const pieces = restore!(adapter.buildRequest(object, target, true).body as string);
        expect(Buffer.concat(pieces!).toString()).toEqual(writtenBy(adapter, raw, undefined));
      }
      // the first request finds none; each next one the turns before the last one's last tool result, whose turn the
      // ask joins: the system message, the ask, and two messages a read
      expect(found).toEqual([0, 11, 13, 15, 17]);
    });
  }

  it("reads a body with `messages` repeated as JSON.parse reads it, after a key's long conversation was kept", () => {
    const model = "anthropic/claude-haiku-4-5";
    const scope = "key-repeated";
    const first = Buffer.from(JSON.stringify({ model, messages: agentTurn(6) }));
    expect(writtenBy(anthropicChat, first, scope)).toEqual(writtenBy(anthropicChat, first, undefined));
    // the same conversation with one more message, then `messages` again: JSON.parse keeps the last
    const conversation = JSON.stringify([...agentTurn(6), { role: "user", content: "court" }]);
    for (const last of ['"x"', "[]", '[{"role":"user","content":"seul"}]']) {
      const raw = Buffer.from(`{"model":"${model}","messages":${conversation},"messages":${last}}`);
      expect(writtenBy(anthropicChat, raw, scope)).toEqual(writtenBy(anthropicChat, raw, undefined));
    }
  });

  it("changes no message it keeps when a later request reads a text of one back, and writes each text as the client sent it", () => {
    // texts escaped as JSON.stringify never escapes them: a text decoded and written again would not be these bytes
    const escaped = (messages: unknown[]) => Buffer.from(JSON.stringify({ model: "anthropic/claude-haiku-4-5", messages }).replaceAll("é", "\\u00e9"));
    const big = (tag: string) => long(tag).repeat(3);
    const call = (i: number) => [{ id: `c${i}`, type: "function", function: { name: "read", arguments: "{}" } }];
    const messages = [
      { role: "system", content: long("sys") },
      { role: "user", content: long("ask") },
      { role: "assistant", content: long("a0"), tool_calls: call(0) },
      { role: "tool", tool_call_id: "c0", content: big("t0") },
      { role: "assistant", content: big("a1"), tool_calls: call(1) },
      { role: "tool", tool_call_id: "c1", content: big("t1") },
    ];
    // kept: the messages before the last tool result
    const first = escaped(messages);
    // those messages and a prefill: the closing turn now starts after the first tool result, so a kept message's text
    // (the second assistant's) is read back into the objects this request gets; what it would keep in their place is
    // too short to keep, so the next request finds the first's messages
    const prefill = escaped([...messages.slice(0, 5), { role: "assistant", content: "prefill " }]);
    const ask = escaped([...messages, { role: "user", content: "court" }]);
    const scope = "key-closing";
    for (const raw of [first, prefill, ask, prefill, ask]) {
      const written = writtenBy(anthropicChat, raw, scope);
      expect(written).toEqual(writtenBy(anthropicChat, raw, undefined));
      expect(written).toContain("\\u00e9");
    }
  });
});
