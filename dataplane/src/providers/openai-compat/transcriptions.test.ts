import { describe, expect, it } from "vitest";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { GatewayError } from "../../errors.ts";
import { SseSplitter } from "../../upstream/sse-splitter.ts";
import { AUDIO, bodyOf, formOf, job, response, scriptedIo } from "../shared/transcription.test-helper.ts";
import { openAITranscription as adapter } from "./transcriptions.ts";

const WORDS = "openai/transcription-whisper-1-verbose-json-words.json";
const SEGMENTS = "openai/DOC-EXAMPLE-transcription-whisper-verbose-json-segments.json";
const TOKENS = "openai/DOC-EXAMPLE-transcription-gpt-4o-transcribe-json.json";

async function sentForm(j: ReturnType<typeof job>) {
  const { io, sent } = scriptedIo([response(200, readFixture(WORDS))]);
  const answer = await adapter.call(j, io);
  expect(answer.ok).toBe(true);
  expect(sent).toHaveLength(1);
  const req = sent[0]!;
  return { req, form: await formOf(req) };
}

describe("the OpenAI transcription call", () => {
  it("posts the audio as multipart to /audio/transcriptions with the bearer credential and exact length", async () => {
    const { req, form } = await sentForm(job("openai/gpt-4o-transcribe", "json", { extra: [["language", "en"], ["prompt", "Galileo"], ["include[]", "logprobs"]] }));
    expect(req.url.href).toBe("https://provider.test/base/audio/transcriptions");
    expect(req.headers.authorization).toBe("Bearer upstream-secret-credential");
    expect(Number(req.headers["content-length"])).toBe(form.bytes);
    expect(form.fields).toEqual([["model", "gpt-4o-transcribe"], ["response_format", "json"], ["language", "en"], ["prompt", "Galileo"], ["include[]", "logprobs"]]);
    expect(form.file?.equals(AUDIO)).toBe(true);
    expect(form.filename).toBe("audio.wav");
  });

  it("asks a duration-priced model for verbose_json even when the client wants json, so the duration is always stated", async () => {
    const { form } = await sentForm(job("openai/whisper-1", "json"));
    expect(form.fields).toContainEqual(["response_format", "verbose_json"]);
  });

  it("asks for both timestamp granularities for svc_json, over whatever the client sent", async () => {
    const { form } = await sentForm(job("openai/whisper-1", "svc_json", { extra: [["timestamp_granularities[]", "segment"]] }));
    expect(form.fields.filter(([n]) => n === "timestamp_granularities[]")).toEqual([
      ["timestamp_granularities[]", "word"],
      ["timestamp_granularities[]", "segment"],
    ]);
  });

  it("gives the diarizing model diarized_json for svc_json, with the chunking strategy it needs", async () => {
    const { form } = await sentForm(job("openai/gpt-4o-transcribe-diarize", "svc_json"));
    expect(form.fields).toEqual([["model", "gpt-4o-transcribe-diarize"], ["response_format", "diarized_json"], ["chunking_strategy", "auto"]]);
  });

  it("passes stream=true on", async () => {
    const { form } = await sentForm(job("openai/gpt-4o-mini-transcribe", "json", { stream: true }));
    expect(form.fields).toContainEqual(["stream", "true"]);
  });

  it("builds a fresh body for a retry on another credential", async () => {
    const { io, sent } = scriptedIo([response(200, readFixture(WORDS))]);
    const j = job("openai/whisper-1", "json");
    const builds: Buffer[] = [];
    await adapter.call(j, { ...io, send: async (build) => {
      builds.push(await bodyOf(build({ baseUrl: "https://a.test/v1", credential: "one" })));
      return io.send(build);
    } });
    builds.push(await bodyOf(sent[0]!));
    expect(builds[0]!.includes(AUDIO)).toBe(true);
    expect(builds[1]!.includes(AUDIO)).toBe(true);
  });

  it("reads a refusal in OpenAI's envelope, keeping the client's 4xx and hiding the credential", async () => {
    const body = JSON.stringify({ error: { message: "Invalid file format. upstream-secret-credential", type: "invalid_request_error", param: "file", code: null } });
    const { io } = scriptedIo([response(400, body)]);
    const answer = await adapter.call(job("openai/whisper-1", "json"), io);
    expect(answer.ok).toBe(false);
    const e = (answer as { error: GatewayError }).error;
    expect({ status: e.status, param: e.param, message: e.message }).toEqual({ status: 400, param: "file", message: "Invalid file format. [redacted]" });
    const auth = await adapter.call(job("openai/whisper-1", "json"), scriptedIo([response(401, readFixture("openai/error-401-invalid-api-key.json"))]).io);
    expect(auth.ok === false && auth.error.code).toBe("upstream_auth_failed");
  });
});

describe("OpenAI transcription answers", () => {
  it("json from whisper: the text and the duration usage of the recorded verbose_json, billed on usage.seconds", () => {
    const out = adapter.respond(readFixture(WORDS), job("openai/whisper-1", "json"));
    const recorded = readJsonFixture<{ text: string }>(WORDS);
    expect(JSON.parse(out.body)).toEqual({ text: recorded.text, usage: { type: "duration", seconds: 37 } });
    expect(out.usage).toEqual({ audioSeconds: 37 });
  });

  it("verbose_json passes through byte for byte", () => {
    const text = readFixture(SEGMENTS);
    expect(adapter.respond(text, job("openai/whisper-1", "verbose_json"))).toEqual({ body: text, usage: { audioSeconds: 9 } });
  });

  it("json from a token-priced model passes through, billed on its tokens", () => {
    const text = readFixture(TOKENS);
    expect(adapter.respond(text, job("openai/gpt-4o-transcribe", "json"))).toEqual({ body: text, usage: { inputTokens: 14, outputTokens: 45 } });
  });

  it("svc_json from whisper's words", () => {
    const out = JSON.parse(adapter.respond(readFixture(WORDS), job("openai/whisper-1", "svc_json")).body);
    expect(out).toMatchObject({ model: "openai/whisper-1", language: "en", duration: 36.709999084472656, segments: null, speakers: null, entities: null, usage: { type: "duration", seconds: 37 } });
    expect(out.text).toMatch(/^Galileo was an American robotic space program/);
    expect(out.words).toHaveLength(5);
    expect(out.words[0]).toEqual({ word: "Galileo", start: 0, end: 0.6600000262260437, speaker: null, confidence: null });
  });

  it("svc_json from whisper's segments (the API reference's example)", () => {
    const out = JSON.parse(adapter.respond(readFixture(SEGMENTS), job("openai/whisper-1", "svc_json")).body);
    expect(out.segments).toEqual([{ id: 0, start: 0, end: 3.319999933242798, text: "The beach was a popular spot on a hot summer day.", speaker: null }]);
    expect(out.words).toBeNull();
  });

  it("svc_json from a token-priced model knows only the text", () => {
    const out = JSON.parse(adapter.respond(readFixture(TOKENS), job("openai/gpt-4o-transcribe", "svc_json")).body);
    expect(out).toMatchObject({ language: null, duration: null, segments: null, words: null, speakers: null });
    expect(out.usage).toEqual(readJsonFixture<{ usage: unknown }>(TOKENS).usage);
  });

  it("svc_json from diarized_json carries the speakers (shape of the API reference; no recording exists)", () => {
    const diarized = {
      task: "transcribe",
      duration: 12.8,
      text: "Hello. Hi, I need help with diarization.",
      segments: [
        { type: "transcript.text.segment", id: "seg_001", start: 0.1, end: 1.2, text: " Hello.", speaker: "A" },
        { type: "transcript.text.segment", id: "seg_002", start: 5.2, end: 12.8, text: "Hi, I need help with diarization.", speaker: "B" },
      ],
      usage: { type: "tokens", input_tokens: 40, output_tokens: 12, total_tokens: 52 },
    };
    const out = JSON.parse(adapter.respond(JSON.stringify(diarized), job("openai/gpt-4o-transcribe-diarize", "svc_json")).body);
    expect(out.speakers).toEqual(["A", "B"]);
    expect(out.segments[0]).toEqual({ id: 0, start: 0.1, end: 1.2, text: "Hello.", speaker: "A" });
  });

  it("an answer that is not JSON is the provider's failure", () => {
    expect(() => adapter.respond("<html>bad gateway</html>", job("openai/whisper-1", "json"))).toThrow(expect.objectContaining({ code: "upstream_error" }));
  });
});

describe("a streamed OpenAI transcription", () => {
  // The event shapes of the API reference (transcript.text.delta / transcript.text.done); no recording exists.
  const recorded = [
    { type: "transcript.text.delta", delta: "Imagine" },
    { type: "transcript.text.delta", delta: " the wildest idea" },
    { type: "transcript.text.done", text: "Imagine the wildest idea", usage: { type: "tokens", input_tokens: 14, input_token_details: { text_tokens: 0, audio_tokens: 14 }, output_tokens: 45, total_tokens: 59 } },
  ];
  const sse = recorded.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");

  it("passes the deltas through untouched and prices the usage on the done event", () => {
    const stream = adapter.streamTranslator!(job("openai/gpt-4o-transcribe", "json", { stream: true }), (u) => (u.inputTokens ?? 0) * 6 + (u.outputTokens ?? 0) * 10);
    const splitter = new SseSplitter();
    const out = splitter.push(Buffer.from(sse)).flatMap((b) => stream.push(b));
    expect(out.slice(0, 2)).toEqual([`data: ${JSON.stringify(recorded[0])}`, `data: ${JSON.stringify(recorded[1])}`]);
    expect(JSON.parse(out[2]!.slice("data: ".length))).toEqual({ ...recorded[2], usage: { ...recorded[2]!.usage, cost_micros: 534 } });
    expect(stream.usage).toEqual({ inputTokens: 14, outputTokens: 45 });
  });
});
