// POST /v1/audio/transcriptions driven with the official openai client, as a user would: a WAV the test writes, each
// provider the catalog carries, the money each call costs to the micro-USD, and the ledger afterwards.
import OpenAI, { toFile } from "openai";
import { describe, expect, it } from "vitest";
import { eventually, mediaUpstreamEnv, useEmbeddedGateway } from "../harness/gateway.ts";
import type { RecordedRequest } from "../harness/mock-upstream.ts";
import { makeWav } from "../harness/wav.ts";

const SECONDS = 3;
const wav = makeWav(SECONDS);
const OPENING_CREDIT = 10_000_000;
const WHISPER_MAX = 26_214_400;

// rates per minute in micro-USD (catalog/models/*.yaml), billed on SECONDS of audio, rounded up once
const perMinute = (micros: number) => Math.ceil((SECONDS * 1000 * micros) / 60_000);
const COST = {
  whisper: perMinute(6000), // 300
  gpt4oTranscribe: 14 * 6 + 45 * 10, // the API reference's example usage: 14 audio tokens in at $6, 45 out at $10 per Mtok
  deepgramKeyterms: perMinute(4300 + 1300),
  assemblyaiEntities: perMinute(3500 + 1334),
  elevenlabsKeyterms: perMinute(3667 + 834),
};

const f = useEmbeddedGateway({ env: (mock) => mediaUpstreamEnv(mock) });
let spent = 0;

const audio = () => toFile(wav, "speech.wav", { type: "audio/wav" });
/** Gateway-level fields (svc_json, the surcharged parameters) are not in the SDK's types; the SDK sends them as is. */
type Params = Parameters<OpenAI["audio"]["transcriptions"]["create"]>[0];
const params = (p: Record<string, unknown>) => p as unknown as Params & { stream?: false };

async function formOf(rec: RecordedRequest): Promise<{ fields: [string, string][]; file: Buffer | undefined }> {
  const fd = await new Response(new Uint8Array(rec.bodyBytes), { headers: { "content-type": rec.headers["content-type"] ?? "" } }).formData();
  const fields: [string, string][] = [];
  let file: Buffer | undefined;
  for (const [name, value] of fd.entries()) {
    if (typeof value === "string") fields.push([name, value]);
    else file = Buffer.from(await value.arrayBuffer());
  }
  return { fields, file };
}

describe("transcription through the official openai client", () => {
  it("whisper-1 verbose_json: the provider's answer as it wrote it, billed per minute of the audio sent", async () => {
    f.mock.reset();
    const { data, response } = await f.client.audio.transcriptions.create({ file: await audio(), model: "openai/whisper-1", response_format: "verbose_json" }).withResponse();
    expect(data.duration).toBe(SECONDS);
    expect(data.text).toMatch(/^Galileo was an American robotic space program/);
    expect(data.words?.[0]).toEqual({ word: "Galileo", start: 0, end: 0.6600000262260437 });
    expect(data.usage).toEqual({ type: "duration", seconds: SECONDS });
    expect(response.headers.get("x-svc-cost-micros")).toBe(String(COST.whisper));
    spent += COST.whisper;

    const upstream = f.mock.requests.at(-1)!;
    expect(upstream.path).toBe("/v1/audio/transcriptions");
    expect(upstream.headers.authorization).toBe("Bearer sk-upstream-test-credential");
    const form = await formOf(upstream);
    expect(form.fields).toEqual([["model", "whisper-1"], ["response_format", "verbose_json"]]);
    expect(form.file?.equals(wav)).toBe(true);
  });

  it("whisper-1 svc_json: the normalized transcript", async () => {
    const { data, response } = await f.client.audio.transcriptions.create(params({ file: await audio(), model: "whisper-1", response_format: "svc_json" })).withResponse();
    expect(data).toMatchObject({ model: "openai/whisper-1", language: "en", duration: SECONDS, speakers: null, entities: null, usage: { type: "duration", seconds: SECONDS } });
    const svc = data as unknown as { words: unknown[]; segments: unknown[] };
    expect(svc.words).toHaveLength(5);
    expect(svc.segments).toEqual([{ id: 0, start: 0, end: 3.319999933242798, text: "The beach was a popular spot on a hot summer day.", speaker: null }]);
    expect(response.headers.get("x-svc-cost-micros")).toBe(String(COST.whisper));
    spent += COST.whisper;
  });

  it("gpt-4o-transcribe json: billed on its tokens", async () => {
    const { data, response } = await f.client.audio.transcriptions.create({ file: await audio(), model: "openai/gpt-4o-transcribe", response_format: "json" }).withResponse();
    expect(data.text).toMatch(/^Imagine the wildest idea/);
    expect(data.usage).toMatchObject({ type: "tokens", input_tokens: 14, output_tokens: 45 });
    expect(response.headers.get("x-svc-cost-micros")).toBe(String(COST.gpt4oTranscribe));
    spent += COST.gpt4oTranscribe;
  });

  it("gpt-4o-transcribe streamed: the deltas as they come, the price on the done event", async () => {
    const stream = await f.client.audio.transcriptions.create({ file: await audio(), model: "gpt-4o-transcribe", response_format: "json", stream: true });
    let text = "";
    let done: { text: string; usage?: unknown } | undefined;
    for await (const event of stream) {
      if (event.type === "transcript.text.delta") text += event.delta;
      if (event.type === "transcript.text.done") done = event;
    }
    expect(text).toBe(done?.text);
    expect(done?.usage).toMatchObject({ type: "tokens", input_tokens: 14, output_tokens: 45, cost_micros: COST.gpt4oTranscribe });
    spent += COST.gpt4oTranscribe;
  });

  it("deepgram/nova-3 svc_json with keyterms: raw audio to /v1/listen with `Token` auth, billed at the keyterm rate", async () => {
    f.mock.reset();
    const { data, response } = await f.client.audio.transcriptions.create(params({ file: await audio(), model: "deepgram/nova-3", response_format: "svc_json", keyterms: ["Galileo", "Jupiter"] })).withResponse();
    expect(data).toMatchObject({ model: "deepgram/nova-3", language: "en", duration: SECONDS, speakers: ["0"], usage: { type: "duration", seconds: SECONDS } });
    expect(data.text).toMatch(/^galileo was an american robotic space program/);
    expect(response.headers.get("x-svc-cost-micros")).toBe(String(COST.deepgramKeyterms));
    spent += COST.deepgramKeyterms;

    const upstream = f.mock.requests.at(-1)!;
    const url = new URL(upstream.path, "http://mock");
    expect(url.pathname).toBe("/deepgram/v1/listen");
    expect(url.searchParams.getAll("keyterm")).toEqual(["Galileo", "Jupiter"]);
    expect(upstream.headers.authorization).toBe("Token deepgram-upstream-test-credential");
    expect(upstream.bodyBytes.equals(wav)).toBe(true);
  });

  it("assemblyai/universal-3.5-pro svc_json with entity detection: upload, job, poll; billed at the entity rate", async () => {
    f.mock.reset();
    const { data, response } = await f.client.audio.transcriptions
      .create(params({ file: await audio(), model: "assemblyai/universal-3.5-pro", response_format: "svc_json", entity_detection: true }))
      .withResponse();
    expect(data).toMatchObject({ model: "assemblyai/universal-3.5-pro", text: "This is an assembly AI test. My name is Calvin.", language: "en-US", duration: SECONDS });
    expect((data as unknown as { entities: unknown }).entities).toEqual([{ type: "person_name", text: "Calvin", start: 4.555, end: 4.887 }]);
    expect(response.headers.get("x-svc-cost-micros")).toBe(String(COST.assemblyaiEntities));
    spent += COST.assemblyaiEntities;

    expect(f.mock.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, "{id}")}`)).toEqual([
      "POST /assemblyai/v2/upload",
      "POST /assemblyai/v2/transcript",
      "GET /assemblyai/v2/transcript/{id}",
      "GET /assemblyai/v2/transcript/{id}",
    ]);
    for (const r of f.mock.requests) expect(r.headers.authorization).toBe("assemblyai-upstream-test-credential");
    expect(f.mock.requests[0]!.bodyBytes.equals(wav)).toBe(true);
    expect(f.mock.requests[1]!.json).toMatchObject({ speech_models: ["universal-3-5-pro"], entity_detection: true });
  });

  it("elevenlabs/scribe_v2 svc_json with keyterms: multipart with xi-api-key, billed at the keyterm rate", async () => {
    f.mock.reset();
    const { data, response } = await f.client.audio.transcriptions.create(params({ file: await audio(), model: "scribe_v2", response_format: "svc_json", keyterms: ["Vercel"] })).withResponse();
    expect(data).toMatchObject({ model: "elevenlabs/scribe_v2", text: "Hello from the Vercel AI SDK.", language: "en", duration: SECONDS, speakers: ["speaker_0"] });
    expect(response.headers.get("x-svc-cost-micros")).toBe(String(COST.elevenlabsKeyterms));
    spent += COST.elevenlabsKeyterms;

    const upstream = f.mock.requests.at(-1)!;
    expect(upstream.path).toBe("/elevenlabs/v1/speech-to-text");
    expect(upstream.headers["xi-api-key"]).toBe("elevenlabs-upstream-test-credential");
    const form = await formOf(upstream);
    expect(form.fields).toEqual([["model_id", "scribe_v2"], ["timestamps_granularity", "word"], ["keyterms", "Vercel"]]);
    expect(form.file?.equals(wav)).toBe(true);
  });

  it("a client that leaves while the provider works is still billed for the transcription the provider made", async () => {
    f.mock.reset();
    const leave = new AbortController();
    const form = new FormData();
    form.append("model", "assemblyai/universal-2");
    form.append("file", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "speech.wav");
    const request = fetch(`${f.base}/v1/audio/transcriptions`, { method: "POST", headers: { authorization: `Bearer ${f.key}` }, body: form, signal: leave.signal });
    // the job is submitted; the client goes before the first poll
    await eventually(async () => expect(f.mock.requests.map((r) => r.path)).toContain("/assemblyai/v2/transcript"));
    leave.abort();
    await expect(request).rejects.toThrow();
    await eventually(async () => expect(f.mock.requests.filter((r) => r.method === "GET")).toHaveLength(2));
    spent += perMinute(2500);
  });

  it("413 for a file over the model's max_file_bytes, refused before the provider sees anything, at no cost", async () => {
    f.mock.reset();
    const big = Buffer.alloc(WHISPER_MAX + 1);
    const attempt = f.client.audio.transcriptions.create({ model: "openai/whisper-1", file: await toFile(big, "big.wav") });
    await expect(attempt).rejects.toMatchObject({ status: 413, code: "request_too_large", param: "file", type: "invalid_request_error" });
    expect(f.mock.requests).toEqual([]);
  });

  it("a format that carries no usage is refused with the list of what is served", async () => {
    const attempt = f.client.audio.transcriptions.create({ file: await audio(), model: "openai/whisper-1", response_format: "srt" });
    await expect(attempt).rejects.toMatchObject({ status: 400, param: "response_format" });
    await expect(attempt).rejects.toThrow("serves: json, verbose_json, svc_json.");
  });

  it("GET /v1/models/{id} publishes the svc block the route enforces, and no surcharge rates", async () => {
    const model = (await f.client.models.retrieve("deepgram/nova-3")) as unknown as Record<string, unknown>;
    expect(model).toEqual({
      id: "deepgram/nova-3",
      object: "model",
      created: 0,
      owned_by: "deepgram",
      svc: { kind: "transcription", response_formats: ["json", "verbose_json", "svc_json"], supports_streaming: false, max_file_bytes: 2_000_000_000, surcharged_parameters: ["entity_detection", "entity_redaction", "keyterms"] },
    });
    const ids: string[] = [];
    for await (const m of f.client.models.list()) ids.push(m.id);
    expect(ids).toEqual(expect.arrayContaining(["openai/whisper-1", "deepgram/nova-3", "assemblyai/universal-3.5-pro", "elevenlabs/scribe_v2"]));
  });

  it("the ledger holds exactly what the calls cost: /v1/key spend and /v1/credits", async () => {
    expect(spent).toBe(2 * 300 + 2 * 534 + 280 + 242 + 226 + 125);
    const auth = { authorization: `Bearer ${f.key}` };
    await eventually(async () => {
      const me = (await (await fetch(`${f.base}/v1/key`, { headers: auth })).json()) as { spend_this_month_micros: number };
      expect(me.spend_this_month_micros).toBe(spent);
      const credits = (await (await fetch(`${f.base}/v1/credits`, { headers: auth })).json()) as { available_micros: number; available: number };
      expect(credits).toEqual({ available: (OPENING_CREDIT - spent) / 1e6, available_micros: OPENING_CREDIT - spent, currency: "USD" });
    });
    // and once the control plane's ledger has the events, its own record agrees
    await eventually(async () => {
      const keys = (await (await fetch(`${f.base}/v1/management/keys`, { headers: { authorization: `Bearer ${f.gw.managementKey}` } })).json()) as { data: { spend_this_month_micros: number }[] };
      expect(keys.data.map((k) => k.spend_this_month_micros)).toEqual([spent]);
    });
  });
});
