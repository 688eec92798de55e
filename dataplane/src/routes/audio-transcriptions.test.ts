// Every refusal of POST /v1/audio/transcriptions, as a client sees it: status and OpenAI-dialect body, nothing sent
// to a provider that should not be, and nothing billed for a refused request.
import { beforeEach, describe, expect, it } from "vitest";
import { createKey, mediaUpstreamEnv, useEmbeddedGateway } from "../../../test/harness/gateway.ts";
import { makeWav } from "../../../test/harness/wav.ts";

const WHISPER_MAX = 26_214_400;
const wav = makeWav(1);

// ElevenLabs has no credential here, so its models show the 503 and the checks that come before it
const f = useEmbeddedGateway({
  env: (mock) => Object.fromEntries(Object.entries(mediaUpstreamEnv(mock)).filter(([k]) => !k.startsWith("ELEVENLABS_"))),
});

type Part = [name: string, value: string | Buffer, filename?: string];

function formOf(parts: Part[]): FormData {
  const fd = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === "string" && filename === undefined) fd.append(name, value);
    else fd.append(name, new Blob([typeof value === "string" ? value : new Uint8Array(value)], { type: "audio/wav" }), filename ?? "a.wav");
  }
  return fd;
}

interface Answer {
  status: number;
  headers: Headers;
  error: { message: string; type: string; param: string | null; code: string };
}

async function post(body: FormData | string | Buffer, opts: { key?: string | null; contentType?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  const key = opts.key === undefined ? f.key : opts.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (opts.contentType !== undefined) headers["content-type"] = opts.contentType;
  const res = await fetch(`${f.base}/v1/audio/transcriptions`, { method: "POST", headers, body: typeof body === "string" || body instanceof FormData ? body : new Uint8Array(body) });
  const json = (await res.json()) as { error: Answer["error"] };
  return { status: res.status, headers: res.headers, error: json.error };
}

const transcribe = (model: string, more: Part[] = [], file: Buffer = wav) => post(formOf([["model", model], ...more, ["file", file]]));

async function spent(key = f.key): Promise<number> {
  const me = (await (await fetch(`${f.base}/v1/key`, { headers: { authorization: `Bearer ${key}` } })).json()) as { spend_this_month_micros: number };
  return me.spend_this_month_micros;
}

beforeEach(() => f.mock.reset());

describe("refusals before anything is read", () => {
  it("401 without a key, and for an unknown key", async () => {
    expect(await post(formOf([["model", "whisper-1"], ["file", wav]]), { key: null })).toMatchObject({ status: 401, error: { code: "missing_api_key", type: "authentication_error" } });
    expect(await post(formOf([["model", "whisper-1"], ["file", wav]]), { key: "svc_not_a_key" })).toMatchObject({ status: 401, error: { code: "invalid_api_key" } });
  });

  it("403 for a management key", async () => {
    expect(await post(formOf([["model", "whisper-1"], ["file", wav]]), { key: f.gw.managementKey })).toMatchObject({ status: 403, error: { code: "inference_key_required" } });
  });

  it("400 for a JSON body, saying multipart/form-data is required", async () => {
    const r = await post(JSON.stringify({ model: "whisper-1", file: "a.wav" }), { contentType: "application/json" });
    expect(r).toMatchObject({ status: 400, error: { type: "invalid_request_error", code: "invalid_request_error", param: null } });
    expect(r.error.message).toContain("takes multipart/form-data");
    expect(r.error.message).toContain("A JSON body is not accepted");
  });

  it("400 for multipart without a boundary", async () => {
    const r = await post("--x\r\n", { contentType: "multipart/form-data" });
    expect(r).toMatchObject({ status: 400, error: { code: "invalid_request_error" } });
    expect(r.error.message).toContain("no usable boundary");
  });
});

describe("refusals of the form", () => {
  it("400 for a truncated body", async () => {
    const req = new Request("http://x/", { method: "POST", body: formOf([["model", "whisper-1"], ["file", wav]]) });
    const whole = Buffer.from(await req.arrayBuffer());
    const r = await post(whole.subarray(0, whole.length - 50), { contentType: req.headers.get("content-type")! });
    expect(r).toMatchObject({ status: 400, error: { code: "invalid_request_error" } });
    expect(r.error.message).toContain("malformed or incomplete");
  });

  it.each<[string, Part[], string | null, string]>([
    ["no file part", [["model", "whisper-1"]], "file", "has no `file` part"],
    ["the file as a plain field", [["model", "whisper-1"], ["file", "hello"]], "file", "has no `file` part"],
    ["two files", [["model", "whisper-1"], ["file", wav], ["file", wav, "b.wav"]], "file", "more than one `file`"],
    ["an empty file", [["model", "whisper-1"], ["file", Buffer.alloc(0)]], "file", "The file is empty."],
    ["no model", [["file", wav]], "model", "`model` is required"],
    ["the model twice", [["model", "whisper-1"], ["model", "deepgram/nova-3"], ["file", wav]], "model", "sent twice"],
    ["a flag that is not a boolean", [["model", "deepgram/nova-3"], ["entity_detection", "yes"], ["file", wav]], "entity_detection", "must be true or false"],
    ["a parameter the provider does not take", [["model", "deepgram/nova-3"], ["prompt", "Galileo"], ["file", wav]], "prompt", "`prompt` is not a parameter deepgram/nova-3 takes"],
    ["an unknown parameter", [["model", "whisper-1"], ["temperatur", "0"], ["file", wav]], "temperatur", "is not a parameter openai/whisper-1 takes"],
  ])("400 for %s", async (_case, parts, param, message) => {
    const r = await post(formOf(parts));
    expect(r).toMatchObject({ status: 400, error: { type: "invalid_request_error", param } });
    expect(r.error.message).toContain(message);
    expect(f.mock.requests).toEqual([]);
  });
});

describe("refusals of the model and what it serves (SPEC 7)", () => {
  it.each<[string, string, Part[], number, string, string | null, string]>([
    ["an unknown model", "openai/whisper-9", [], 404, "model_not_found", "model", "does not exist"],
    ["a chat model", "gpt-4o", [], 400, "wrong_endpoint_for_model", "model", "POST /v1/chat/completions"],
    ["text (no usage to meter)", "whisper-1", [["response_format", "text"]], 400, "invalid_request_error", "response_format", "carries no usage, so the gateway cannot meter it and does not serve it. openai/whisper-1 serves: json, verbose_json, svc_json."],
    ["srt", "deepgram/nova-3", [["response_format", "srt"]], 400, "invalid_request_error", "response_format", "deepgram/nova-3 serves: json, verbose_json, svc_json."],
    ["vtt", "gpt-4o-transcribe", [["response_format", "vtt"]], 400, "invalid_request_error", "response_format", "openai/gpt-4o-transcribe serves: json, svc_json."],
    ["a format the model lacks", "gpt-4o-transcribe", [["response_format", "verbose_json"]], 400, "invalid_request_error", "response_format", "is not served for openai/gpt-4o-transcribe"],
    ["stream=true where supports_streaming is false", "whisper-1", [["stream", "true"]], 400, "invalid_request_error", "stream", "supports_streaming is false"],
    ["svc_json streamed", "gpt-4o-transcribe", [["response_format", "svc_json"], ["stream", "true"]], 400, "invalid_request_error", "stream", "with stream=true openai/gpt-4o-transcribe serves: json"],
    ["a surcharged parameter the model does not list", "whisper-1", [["keyterms[]", "Galileo"]], 400, "invalid_request_error", "keyterms", "it takes none of the surcharged parameters"],
    ["a surcharged parameter outside the model's list", "deepgram/nova-3", [["detect_speaker_roles", "true"]], 400, "invalid_request_error", "detect_speaker_roles", "its surcharged parameters are: entity_detection, entity_redaction, keyterms"],
    ["a local check before the missing credential", "elevenlabs/scribe_v2", [["response_format", "text"]], 400, "invalid_request_error", "response_format", "elevenlabs/scribe_v2 serves"],
    ["a provider without a credential", "elevenlabs/scribe_v2", [], 503, "no_usable_credential", null, "no usable credential"],
  ])("%s (%s)", async (_case, model, parts, status, code, param, message) => {
    const r = await transcribe(model, parts);
    expect(r).toMatchObject({ status, error: { code, param } });
    expect(r.error.message).toContain(message);
    expect(f.mock.requests).toEqual([]);
  });

  it("403 for a model outside the key's allowlist", async () => {
    const narrow = await createKey(f.base, f.gw.managementKey, { models: ["deepgram/nova-3"] });
    const r = await post(formOf([["model", "whisper-1"], ["file", wav]]), { key: narrow.key });
    expect(r).toMatchObject({ status: 403, error: { code: "model_not_allowed", param: "model" } });
  });

  it("402 when the key's budget cannot cover the worst case", async () => {
    const capped = await createKey(f.base, f.gw.managementKey, { limits: { monthly_budget_micros: 1 } });
    const r = await post(formOf([["model", "deepgram/nova-3"], ["file", wav]]), { key: capped.key });
    expect(r).toMatchObject({ status: 402, error: { code: "key_monthly_budget_exhausted", type: "insufficient_quota" } });
    expect(f.mock.requests).toEqual([]);
  });
});

describe("413: the upload ceiling", () => {
  const big = Buffer.alloc(WHISPER_MAX + 1, 1);

  it("named before the file, the model's max_file_bytes refuses the upload as it passes it", async () => {
    const r = await post(formOf([["model", "whisper-1"], ["file", big]]));
    expect(r).toMatchObject({ status: 413, error: { code: "request_too_large", type: "invalid_request_error", param: "file" } });
    expect(r.error.message).toBe(`The file is more than ${WHISPER_MAX} bytes; openai/whisper-1 accepts at most ${WHISPER_MAX} bytes (max_file_bytes).`);
  });

  it("named after the file (as the openai SDK sends it), the same ceiling once the form is in", async () => {
    const r = await post(formOf([["file", big], ["model", "whisper-1"]]));
    expect(r).toMatchObject({ status: 413, error: { code: "request_too_large", param: "file" } });
    expect(r.error.message).toBe(`The file is ${WHISPER_MAX + 1} bytes; openai/whisper-1 accepts at most ${WHISPER_MAX} bytes (max_file_bytes).`);
  });

  it("exactly max_file_bytes is accepted (the provider gets it)", async () => {
    const exact = Buffer.concat([wav, Buffer.alloc(WHISPER_MAX - wav.length)]);
    const other = await createKey(f.base, f.gw.managementKey, {});
    const res = await fetch(`${f.base}/v1/audio/transcriptions`, { method: "POST", headers: { authorization: `Bearer ${other.key}` }, body: formOf([["model", "whisper-1"], ["file", exact]]) });
    expect(res.status).toBe(200);
    expect(f.mock.requests).toHaveLength(1);
  });

  it("a model named before the file that cannot be used is refused before the upload is stored", async () => {
    const r = await post(formOf([["model", "openai/text-embedding-3-small"], ["file", big]]));
    expect(r).toMatchObject({ status: 400, error: { code: "wrong_endpoint_for_model" } });
    expect(r.error.message).toContain("POST /v1/embeddings");
  });
});

describe("the provider's refusals", () => {
  it("a client mistake keeps the provider's 4xx and message; nothing is billed", async () => {
    const before = await spent();
    f.mock.failNext(400, { error: { message: "Audio file might be corrupted or unsupported", type: "invalid_request_error", param: "file", code: "invalid_value" } });
    const r = await transcribe("whisper-1");
    expect(r).toMatchObject({ status: 400, error: { type: "invalid_request_error", param: "file", message: "Audio file might be corrupted or unsupported" } });
    expect(await spent()).toBe(before);
  });

  it("the provider failing is 502, its rate limit 429 with its retry-after", async () => {
    f.mock.failNext(500, { err_code: "INTERNAL", err_msg: "boom" });
    expect(await transcribe("deepgram/nova-3")).toMatchObject({ status: 502, error: { code: "upstream_error", type: "upstream_error" } });
    f.mock.failNext(429, { error: "Too many requests" }, { headers: { "retry-after": "7" } });
    const limited = await transcribe("assemblyai/universal-2");
    expect(limited).toMatchObject({ status: 429, error: { code: "upstream_rate_limited" } });
    expect(limited.headers.get("retry-after")).toBe("7");
  });

  it("the provider refusing the gateway's credential is the gateway's 502, never the client's 401", async () => {
    f.mock.failNext(401, { err_code: "INVALID_AUTH", err_msg: "Invalid credentials." });
    expect(await transcribe("deepgram/nova-3")).toMatchObject({ status: 502, error: { code: "upstream_auth_failed" } });
  });

  it("no refusal was billed", async () => {
    expect(await spent()).toBe(0);
  });
});
