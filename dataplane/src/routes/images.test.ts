// POST /v1/images/generations and /v1/images/edits over HTTP, on a data plane app with its real admission,
// metering and adapters, a snapshot set by hand instead of a control plane, and the mock upstream replaying the
// recordings. Every refusal is checked as the client sees it (status, OpenAI error body) and for its money: a
// local refusal reaches no provider and emits no usage; a provider's refusal is metered at zero.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { hashKey } from "../../../proto/key-hash.ts";
import { KeyHashes } from "../auth/key-hashes.ts";
import { createLogger } from "../../../proto/log.ts";
import type { UsageEvent } from "../../../proto/messages.ts";
import { readJsonFixture } from "../../../test/harness/fixtures.ts";
import { MOCK_PNG_BASE64 } from "../../../test/harness/mock-images.ts";
import { type MockUpstream, startMockUpstream } from "../../../test/harness/mock-upstream.ts";
import { RateLimiter } from "../admission/rate-limiter.ts";
import { SpendTracker } from "../admission/spend-tracker.ts";
import { SnapshotStore } from "../auth/snapshot-store.ts";
import { loadDataPlaneConfig } from "../config.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { buildApp, listen } from "../http/server.ts";
import type { UsagePublisher } from "../metering/usage-publisher.ts";
import { DataPlaneMetrics } from "../metrics/metrics.ts";
import { CredentialPool } from "../providers/credentials.ts";
import { UpstreamClient } from "../upstream/client.ts";

const SECRET = "images-route-test-secret-0123456789";
const KEY = "svc_images_all_models_000000000000000000000";
const NARROW = "svc_images_chat_only_0000000000000000000000";
const POOR = "svc_images_poor_org_00000000000000000000000";
const MAX_BODY = 256 * 1024;
const PNG = Buffer.from(MOCK_PNG_BASE64, "base64");

interface Gateway {
  base: string;
  events: UsageEvent[];
  close(): void;
}

/** One data plane app on an ephemeral port; `env` holds the provider credentials it has. */
async function startGateway(env: Record<string, string>): Promise<Gateway> {
  const catalog = loadCatalog();
  const config = loadDataPlaneConfig({ PORT: "0", SVC_KEY_HASH_SECRET: SECRET, SVC_MAX_BODY_BYTES: String(MAX_BODY), ...env });
  const store = new SnapshotStore();
  store.applyFull(
    {
      epoch: "e",
      sequence: 1,
      orgs: [
        { id: "org", balanceMicros: 10_000_000 },
        { id: "poor", balanceMicros: 100 },
      ],
      keys: [
        { id: "key_all", hash: hashKey(SECRET, KEY), orgId: "org", kind: "inference", allModels: true },
        { id: "key_narrow", hash: hashKey(SECRET, NARROW), orgId: "org", kind: "inference", allModels: false, models: ["openai/gpt-4o"] },
        { id: "key_poor", hash: hashKey(SECRET, POOR), orgId: "poor", kind: "inference", allModels: true },
      ],
    },
    Date.now(),
  );
  const events: UsageEvent[] = [];
  // the bus is not under test: events are kept to read what was billed
  const usage = { publish: (e: UsageEvent) => events.push(e), fullReason: undefined, unsent: 0, memoryBytes: 0 } as unknown as UsagePublisher;
  const zero = () => 0;
  const deps: DataPlaneDeps = {
    config,
    catalog,
    credentials: new CredentialPool(catalog, config.env),
    store,
    tracker: new SpendTracker(),
    rateLimiter: new RateLimiter(),
    metrics: new DataPlaneMetrics({
      sequence: zero,
      snapshotAgeMs: zero,
      spoolDepth: zero,
      reservationsOpen: zero,
      inFlight: zero,
      spoolBytes: zero,
      spoolMaxBytes: zero,
      usageMemoryBytes: zero,
      pendingEvents: zero,
    }),
    keyHashSecret: SECRET,
    keyHashes: new KeyHashes(SECRET),
    upstream: new UpstreamClient({ headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 }),
    usage,
    controlPlane: () => Promise.reject(new Error("no control plane in this test")),
    log: createLogger({ LOG_LEVEL: "silent" }, { service: "dataplane" }),
  };
  const listener = await listen(buildApp(deps).app, "127.0.0.1", 0);
  return { base: `http://127.0.0.1:${listener.port}`, events, close: () => listener.close() };
}

let mock: MockUpstream;
let gw: Gateway;
let noGoogle: Gateway;
let unreachable: Gateway;

beforeAll(async () => {
  mock = await startMockUpstream();
  gw = await startGateway({ OPENAI_API_KEY: "sk-upstream-test", OPENAI_BASE_URL: mock.openaiBaseUrl, GOOGLE_API_KEY: "goog-upstream-test", GOOGLE_BASE_URL: `${mock.origin}/v1beta` });
  noGoogle = await startGateway({ OPENAI_API_KEY: "sk-upstream-test", OPENAI_BASE_URL: mock.openaiBaseUrl });
  // port 9 (discard) on the loopback: nothing listens, the connection is refused
  unreachable = await startGateway({ OPENAI_API_KEY: "sk-upstream-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
});
afterAll(async () => {
  gw?.close();
  noGoogle?.close();
  unreachable?.close();
  await mock?.close();
});
beforeEach(() => {
  mock.reset();
  gw.events.length = 0;
});

type Body = string | FormData | Buffer;
interface Call {
  path?: "generations" | "edits";
  body: Body | Record<string, unknown>;
  key?: string | null;
  contentType?: string;
  /** the gateway whose only provider credential is OpenAI's */
  noGoogle?: true;
  /** the gateway whose OpenAI cannot be reached */
  unreachable?: true;
}

async function post(c: Call): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (c.key !== null) headers.authorization = `Bearer ${c.key ?? KEY}`;
  let body: BodyInit;
  if (c.body instanceof FormData || typeof c.body === "string" || Buffer.isBuffer(c.body)) body = c.body as BodyInit;
  else {
    body = JSON.stringify(c.body);
    headers["content-type"] = "application/json";
  }
  if (c.contentType !== undefined) headers["content-type"] = c.contentType;
  const res = await fetch(`${(c.noGoogle ? noGoogle : c.unreachable ? unreachable : gw).base}/v1/images/${c.path ?? "generations"}`, { method: "POST", headers, body });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

function form(fields: Record<string, string>, files: [string, Buffer, string?][] = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [name, data, type] of files) f.append(name, new Blob([new Uint8Array(data)], type === undefined ? {} : { type }), `${name.replace("[]", "")}.png`);
  return f;
}
function withField(f: FormData, name: string, value: string): FormData {
  f.append(name, value);
  return f;
}
const BOUNDARY = "unnamedPartBoundary";
/** A form whose part `name` has a stray byte before `name=` in its Content-Disposition (found by the hostile fuzz). */
function unnamedPart(name: string, file: boolean): Buffer {
  const part = (disposition: Buffer, body: Buffer, type?: string) =>
    Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; `), disposition, Buffer.from(`\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`), body, Buffer.from("\r\n")]);
  const plain = (n: string, v: string) => part(Buffer.from(`name="${n}"`), Buffer.from(v));
  const stray = Buffer.concat([Buffer.from([0x80]), Buffer.from(`name="${name}"${file ? '; filename="in.png"' : ""}`)]);
  const parts = [plain("model", "gpt-image-1.5"), ...(name === "prompt" ? [] : [plain("prompt", "x")]), part(stray, file ? PNG : Buffer.from("x"), file ? "image/png" : undefined)];
  if (!file) parts.push(part(Buffer.from('name="image"; filename="in.png"'), PNG, "image/png"));
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}
const pngs = (count: number, name = "image[]") => Array.from({ length: count }, (): [string, Buffer, string] => [name, PNG, "image/png"]);

const gen = (model: string, extra: Record<string, unknown> = {}) => ({ model, prompt: "a small otter", ...extra });

/** The refusal as a client reads it: status, and the OpenAI error's code and param. */
const seen = (r: { status: number; json: Record<string, unknown> }) => {
  const e = r.json.error as { code: string; param: string | null; type: string; message: string };
  return `${r.status} ${e.code} ${e.param}`;
};

describe("local refusals: in OpenAI's dialect, before any provider is called, nothing billed", () => {
  it.each<[string, Call, string]>([
    ["no key", { body: gen("gpt-image-1.5"), key: null }, "401 missing_api_key null"],
    ["a management key's look-alike", { body: gen("gpt-image-1.5"), key: "svc_nobody" }, "401 invalid_api_key null"],
    ["a multipart body on generations", { body: form({ model: "gpt-image-1.5", prompt: "x" }) }, "415 unsupported_media_type null"],
    ["a text body", { body: "prompt=x", contentType: "text/plain" }, "415 unsupported_media_type null"],
    ["JSON that does not parse", { body: "{", contentType: "application/json" }, "400 invalid_json null"],
    ["JSON that is not an object", { body: "[]", contentType: "application/json" }, "400 invalid_json null"],
    ["no model", { body: { prompt: "x" } }, "400 invalid_request_error model"],
    ["an unknown model", { body: gen("openai/dall-e-9") }, "404 model_not_found model"],
    ["a chat model", { body: gen("gpt-4o") }, "400 wrong_endpoint_for_model model"],
    ["a model outside the key's allowlist", { body: gen("gpt-image-1.5"), key: NARROW }, "403 model_not_allowed model"],
    ["a provider without credential", { body: gen("google/gemini-3-pro-image"), noGoogle: true }, "503 no_usable_credential null"],
    ["no prompt", { body: { model: "gpt-image-1.5" } }, "400 invalid_request_error prompt"],
    ["a blank prompt", { body: gen("gpt-image-1.5", { prompt: "  " }) }, "400 invalid_request_error prompt"],
    ["a prompt that is not text", { body: gen("gpt-image-1.5", { prompt: ["x"] }) }, "400 invalid_request_error prompt"],
    ["stream: true", { body: gen("gpt-image-1.5", { stream: true }) }, "400 invalid_request_error stream"],
    ["stream that is not a boolean", { body: gen("gpt-image-1.5", { stream: "yes" }) }, "400 invalid_request_error stream"],
    ["response_format", { body: gen("gpt-image-1.5", { response_format: "b64_json" }) }, "400 invalid_request_error response_format"],
    ["n over max_n", { body: gen("gpt-image-1.5", { n: 11 }) }, "400 invalid_request_error n"],
    ["n of 0", { body: gen("gpt-image-1-mini", { n: 0 }) }, "400 invalid_request_error n"],
    ["a quality not listed", { body: gen("gpt-image-1.5", { quality: "hd" }) }, "400 invalid_request_error quality"],
    ["a size not listed", { body: gen("gpt-image-1.5", { size: "512x512" }) }, "400 invalid_request_error size"],
    ["an edge under min_edge", { body: gen("gpt-image-2", { size: "256x1024" }) }, "400 invalid_request_error size"],
    ["an output_format not listed", { body: gen("gpt-image-1.5", { output_format: "gif" }) }, "400 invalid_request_error output_format"],
    ["Gemini: n over its max_n of 1", { body: gen("gemini-2.5-flash-image", { n: 2 }) }, "400 invalid_request_error n"],
    ["Gemini: a quality tier it has not", { body: gen("gemini-3-pro-image", { quality: "high" }) }, "400 invalid_request_error quality"],
    ["Gemini: jpeg output", { body: gen("gemini-3-pro-image", { output_format: "jpeg" }) }, "400 invalid_request_error output_format"],
    ["Gemini: a parameter without counterpart", { body: gen("gemini-3-pro-image", { background: "transparent" }) }, "400 invalid_request_error background"],
    ["an organization without the credit for the worst case", { body: gen("gpt-image-1.5"), key: POOR }, "402 organization_credit_exhausted null"],
    ["a body over the size limit", { body: gen("gpt-image-1.5", { prompt: "x".repeat(MAX_BODY) }) }, "413 request_too_large null"],
  ])("%s", async (_, call, expected) => {
    const r = await post(call);
    expect(seen(r)).toBe(expected);
    expect((r.json.error as { type: string }).type).toEqual(expect.any(String));
    expect(mock.requests).toHaveLength(0);
    expect(gw.events).toHaveLength(0);
  });

  it("a chat model is told where it belongs; response_format is refused as OpenAI refuses it", async () => {
    expect(((await post({ body: gen("gpt-4o") })).json.error as { message: string }).message).toContain("POST /v1/chat/completions");
    expect(((await post({ body: gen("gpt-image-1.5", { response_format: "url" }) })).json.error as { message: string }).message).toMatch(/^Unknown parameter: 'response_format'\./);
  });

  it("a block check comes before the credential check: a local 400 even where the provider has no credential", async () => {
    expect(seen(await post({ body: gen("google/gemini-3-pro-image", { n: 2 }), noGoogle: true }))).toBe("400 invalid_request_error n");
  });

  it.each<[string, Call, string]>([
    ["no Content-Type", { path: "edits", body: Buffer.from("{}"), contentType: "" }, "415 unsupported_media_type null"],
    ["text/plain", { path: "edits", body: "hello", contentType: "text/plain" }, "415 unsupported_media_type null"],
    ["multipart without a boundary", { path: "edits", body: "--x\r\n\r\n", contentType: "multipart/form-data" }, "400 invalid_request_error null"],
    ["multipart without a picture", { path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x" }) }, "400 invalid_request_error image"],
    ["one picture over max_input_images (OpenAI, 16)", { path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x" }, pngs(17)) }, "400 invalid_request_error image"],
    ["one picture over max_input_images (Gemini, 3)", { path: "edits", body: form({ model: "gemini-2.5-flash-image", prompt: "x" }, pngs(4)) }, "400 invalid_request_error image"],
    ["a mask where the provider takes none", { path: "edits", body: form({ model: "gemini-2.5-flash-image", prompt: "x" }, [["image", PNG], ["mask", PNG]]) }, "400 invalid_request_error mask"],
    ["two masks", { path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x" }, [["image", PNG], ["mask", PNG], ["mask", PNG]]) }, "400 invalid_request_error mask"],
    ["a picture field sent as text", { path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x", image: "https://example.com/a.png" }) }, "400 invalid_request_error image"],
    ["a file in an unknown field", { path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x" }, [["image", PNG], ["photo", PNG]]) }, "400 invalid_request_error photo"],
    ["a file part whose name cannot be read", { path: "edits", body: unnamedPart("image", true), contentType: `multipart/form-data; boundary=${BOUNDARY}` }, "400 invalid_request_error null"],
    ["a text part whose name cannot be read", { path: "edits", body: unnamedPart("prompt", false), contentType: `multipart/form-data; boundary=${BOUNDARY}` }, "400 invalid_request_error null"],
    ["a field sent twice", { path: "edits", body: withField(form({ model: "gpt-image-1.5", prompt: "x" }, [["image", PNG]]), "prompt", "y") }, "400 invalid_request_error prompt"],
    ["multipart stream=true", { path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x", stream: "true" }, [["image", PNG]]) }, "400 invalid_request_error stream"],
    ["multipart n that is not a number", { path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x", n: "two" }, [["image", PNG]]) }, "400 invalid_request_error n"],
    ["an upload Gemini cannot read", { path: "edits", body: form({ model: "gemini-2.5-flash-image", prompt: "x" }, [["image", Buffer.from("%PDF-1.4"), "image/png"]]) }, "400 invalid_request_error image"],
    ["JSON without pictures", { path: "edits", body: gen("gpt-image-1.5") }, "400 invalid_request_error images"],
    ["JSON `images` that is not a list", { path: "edits", body: gen("gpt-image-1.5", { images: { image_url: "data:image/png;base64,AA" } }) }, "400 invalid_request_error images"],
    ["JSON picture with both a URL and a file id", { path: "edits", body: gen("gpt-image-1.5", { images: [{ image_url: "https://example.com/a.png", file_id: "file-1" }] }) }, "400 invalid_request_error images[0]"],
    ["JSON `image` (the multipart field)", { path: "edits", body: gen("gpt-image-1.5", { image: "data:image/png;base64,AA" }) }, "400 invalid_request_error image"],
    ["JSON Gemini picture by file id", { path: "edits", body: gen("gemini-3-pro-image", { images: [{ file_id: "file-1" }] }) }, "400 invalid_request_error images[0].file_id"],
    ["JSON Gemini picture by link", { path: "edits", body: gen("gemini-3-pro-image", { images: [{ image_url: "https://example.com/a.png" }] }) }, "400 invalid_request_error images[0].image_url"],
  ])("edits: %s", async (_, call, expected) => {
    expect(seen(await post(call))).toBe(expected);
    expect(mock.requests).toHaveLength(0);
    expect(gw.events).toHaveLength(0);
  });
});

describe("the provider's refusals: its status and message in OpenAI's dialect, metered at zero", () => {
  it("OpenAI's 400 keeps its message and param", async () => {
    mock.failNext(400, readJsonFixture("openai/error-400-gpt-image-response-format.json"));
    const r = await post({ body: gen("gpt-image-1.5") });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: { message: "Unknown parameter: 'response_format'.", type: "invalid_request_error", param: "response_format", code: "invalid_request_error" } });
    expect(gw.events).toMatchObject([{ status: 400, costMicros: 0, endpoint: "/v1/images/generations", model: "openai/gpt-image-1.5" }]);
  });

  it("a provider's rate limit is a 429 with its retry-after", async () => {
    mock.failNext(429, { error: { message: "Rate limit reached", type: "requests" } }, { headers: { "retry-after": "7" } });
    const r = await post({ path: "edits", body: form({ model: "gpt-image-1.5", prompt: "x" }, [["image", PNG]]) });
    expect([seen(r), r.headers.get("retry-after")]).toEqual(["429 upstream_rate_limited null", "7"]);
    expect(gw.events).toMatchObject([{ status: 429, costMicros: 0, endpoint: "/v1/images/edits" }]);
  });

  it("a provider's failure is the gateway's 502", async () => {
    mock.failNext(500, { error: { message: "internal" } });
    expect(seen(await post({ body: gen("gemini-3-pro-image") }))).toBe("502 upstream_error null");
    expect(gw.events).toMatchObject([{ status: 502, costMicros: 0 }]);
  });

  it("a provider that cannot be reached is a 502 that bills nothing: no provider saw the call", async () => {
    const r = await post({ body: gen("gpt-image-1.5", { n: 3, quality: "high" }), unreachable: true });
    expect(seen(r)).toBe("502 upstream_error null");
    expect(unreachable.events).toMatchObject([{ status: 502, costMicros: 0 }]);
  });

  it("Gemini answering without a picture is a 400 that still bills the usage Google reported", async () => {
    const answer = readJsonFixture<{ candidates: { content: { parts: unknown[] }; finishReason: string }[] }>("gemini/generatecontent-image-output.json");
    answer.candidates[0]!.content.parts.splice(1);
    answer.candidates[0]!.finishReason = "IMAGE_SAFETY";
    mock.failNext(200, answer);
    const r = await post({ body: gen("gemini-2.5-flash-image") });
    expect(seen(r)).toBe("400 invalid_request_error prompt");
    // 17 × $0.30 + 1336 × $30 per Mtok, rounded up once
    expect(r.headers.get("x-svc-cost-micros")).toBe("40086");
    expect(gw.events).toMatchObject([{ status: 400, costMicros: 40086, inputTokens: 17, outputTokens: 1336 }]);
  });
});

describe("served: the answer, its price in x-svc-cost-micros, the same price metered", () => {
  it("an OpenAI generation passes through and is billed from its usage", async () => {
    const r = await post({ body: gen("openai/gpt-image-1.5", { n: 2, quality: "high", size: "1024x1024" }) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ data: [{ b64_json: MOCK_PNG_BASE64 }, { b64_json: MOCK_PNG_BASE64 }], usage: { input_tokens: 36, output_tokens: 4160 } });
    // 36 × $5 + 4160 × $32 per Mtok
    expect(r.headers.get("x-svc-cost-micros")).toBe("133300");
    expect(gw.events).toMatchObject([{ status: 200, costMicros: 133300, inputTokens: 36, outputTokens: 4160 }]);
    expect(mock.requests[0]!.json).toEqual({ model: "gpt-image-1.5", prompt: "a small otter", n: 2, quality: "high", size: "1024x1024" });
  });

  it("an OpenAI multipart edit arrives upstream as multipart, and without reported usage is billed by its tier", async () => {
    const r = await post({ path: "edits", body: form({ model: "gpt-image-1.5", prompt: "add a red hat", n: "1" }, [["image[]", PNG, "image/png"], ["mask", PNG, "image/png"]]) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ quality: "high", size: "1024x1024", data: [{ b64_json: MOCK_PNG_BASE64 }] });
    // no usage in the answer: prompt 13 bytes → 4 tokens, 2 pictures read at 272, one high 1024x1024 picture (4160)
    const cost = (4 + 2 * 272) * 5 + 4160 * 32;
    expect(r.headers.get("x-svc-cost-micros")).toBe(String(cost));
    expect(gw.events).toMatchObject([{ status: 200, costMicros: cost }]);
    const up = mock.requests[0]!;
    expect(up.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const upstreamForm = await new Response(new Uint8Array(up.bodyBytes), { headers: { "content-type": up.headers["content-type"]! } }).formData();
    expect(upstreamForm.get("model")).toBe("gpt-image-1.5");
    expect(Buffer.from(await (upstreamForm.get("image[]") as File).arrayBuffer())).toEqual(PNG);
    expect(upstreamForm.has("mask")).toBe(true);
  });

  it("a Gemini generation is translated both ways and billed from usageMetadata", async () => {
    const r = await post({ body: gen("google/gemini-3-pro-image", { size: "2752x1536" }) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ data: [{ b64_json: MOCK_PNG_BASE64 }], output_format: "png", size: "2752x1536", usage: { input_tokens: 17, output_tokens: 1336 } });
    // 17 × $2 + 1336 × $120 per Mtok
    expect(r.headers.get("x-svc-cost-micros")).toBe("160354");
    expect(gw.events).toMatchObject([{ status: 200, costMicros: 160354 }]);
    expect(mock.requests[0]!.json).toMatchObject({ generationConfig: { responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "16:9", imageSize: "2K" } } });
  });
});
