import { describe, expect, it } from "vitest";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { AUDIO, bodyOf, job, response, scriptedIo } from "../shared/transcription.test-helper.ts";
import { REDACTED_PII, assemblyAITranscription as adapter } from "./transcription.ts";

const FIXTURE = "assemblyai/transcript-completed.json";
const recorded = readJsonFixture<{ id: string; text: string; audio_url: string }>(FIXTURE);
const queued = (status: string) => response(200, JSON.stringify({ id: recorded.id, status, audio_url: recorded.audio_url }));

describe("the AssemblyAI job", () => {
  it("uploads, submits, polls until completed, all on the first call's credential with the bare key", async () => {
    const { io, sent, sleeps } = scriptedIo([
      response(200, JSON.stringify({ upload_url: recorded.audio_url })),
      queued("queued"),
      queued("processing"),
      response(200, readFixture(FIXTURE)),
    ]);
    const j = job("assemblyai/universal-3.5-pro", "svc_json", { options: { keyterms: ["Calvin"], entityDetection: true } });
    const answer = await adapter.call(j, io);
    expect(answer.ok).toBe(true);
    expect(answer.ok && (await answer.up.body.text())).toBe(readFixture(FIXTURE));

    expect(sent.map((r) => `${r.method ?? "POST"} ${r.url.href}`)).toEqual([
      "POST https://provider.test/base/v2/upload",
      "POST https://provider.test/base/v2/transcript",
      `GET https://provider.test/base/v2/transcript/${recorded.id}`,
      `GET https://provider.test/base/v2/transcript/${recorded.id}`,
    ]);
    for (const r of sent) expect(r.headers.authorization).toBe("upstream-secret-credential");
    expect((await bodyOf(sent[0]!)).equals(AUDIO)).toBe(true);
    expect(sent[0]!.headers["content-length"]).toBe(String(AUDIO.length));
    expect(JSON.parse((await bodyOf(sent[1]!)).toString())).toEqual({
      audio_url: recorded.audio_url,
      speech_models: ["universal-3-5-pro"],
      punctuate: true,
      format_text: true,
      language_detection: true,
      entity_detection: true,
      keyterms_prompt: ["Calvin"],
    });
    expect(sleeps).toHaveLength(2);
  });

  it("asks for PII redaction with its policies, and speaker roles with the labels they need", async () => {
    const { io, sent } = scriptedIo([response(200, JSON.stringify({ upload_url: "u" })), queued("queued"), response(200, readFixture(FIXTURE))]);
    const j = job("assemblyai/universal-2", "json", { options: { entityRedaction: true, detectSpeakerRoles: true, language: "en_us" } });
    await adapter.call(j, io);
    expect(JSON.parse((await bodyOf(sent[1]!)).toString())).toEqual({
      audio_url: "u",
      speech_models: ["universal-2"],
      punctuate: true,
      format_text: true,
      language_code: "en_us",
      redact_pii: true,
      redact_pii_policies: [...REDACTED_PII],
      redact_pii_sub: "entity_name",
      speaker_labels: true,
      speech_understanding: { request: { speaker_identification: { speaker_type: "role", known_values: ["agent", "customer"] } } },
    });
    expect(adapter.surcharges(j)).toEqual(["entity_redaction", "detect_speaker_roles"]);
  });

  it("a failed job is a refusal of the audio, not billed; a refused upload keeps the provider's 4xx", async () => {
    const failed = await adapter.call(
      job("assemblyai/universal-2", "json"),
      scriptedIo([response(200, JSON.stringify({ upload_url: "u" })), queued("queued"), response(200, JSON.stringify({ id: recorded.id, status: "error", error: "Transcoding failed. File does not appear to contain audio." }))]).io,
    );
    expect(failed.ok === false && [failed.error.status, failed.error.param, failed.error.message]).toEqual([400, "file", "The provider could not transcribe the audio: Transcoding failed. File does not appear to contain audio."]);
    const upload = await adapter.call(job("assemblyai/universal-2", "json"), scriptedIo([response(422, JSON.stringify({ error: "Upload is empty" }))]).io);
    expect(upload.ok === false && [upload.error.status, upload.error.message]).toEqual([422, "Upload is empty"]);
    const auth = await adapter.call(job("assemblyai/universal-2", "json"), scriptedIo([response(401, JSON.stringify({ error: "Authentication error, API token missing/invalid" }))]).io);
    expect(auth.ok === false && auth.error.code).toBe("upstream_auth_failed");
  });
});

describe("a recorded AssemblyAI transcript", () => {
  it("svc_json: milliseconds become seconds, en_us becomes en-US", () => {
    const out = adapter.respond(readFixture(FIXTURE), job("assemblyai/universal-2", "svc_json"));
    const svc = JSON.parse(out.body);
    expect(svc).toMatchObject({ model: "assemblyai/universal-2", text: recorded.text, language: "en-US", duration: 5, segments: null, speakers: null, entities: null, usage: { type: "duration", seconds: 5 } });
    expect(svc.words).toHaveLength(10);
    expect(svc.words[0]).toEqual({ word: "This", start: 1.437, end: 1.597, speaker: null, confidence: 1 });
    expect(out.usage).toEqual({ audioSeconds: 5 });
  });

  it("utterances with identified roles become segments and speakers", () => {
    const json = readJsonFixture<Record<string, any>>(FIXTURE);
    json.utterances = [{ speaker: "A", text: "This is an assembly AI test.", start: 1437, end: 3682, confidence: 0.99 }, { speaker: "B", text: "My name is Calvin.", start: 3835, end: 4887, confidence: 0.99 }];
    json.speech_understanding = { response: { speaker_identification: { status: "success", mapping: { A: "agent", B: "customer" } } } };
    const svc = JSON.parse(adapter.respond(JSON.stringify(json), job("assemblyai/universal-2", "svc_json")).body);
    expect(svc.segments).toEqual([
      { id: 0, start: 1.437, end: 3.682, text: "This is an assembly AI test.", speaker: "agent" },
      { id: 1, start: 3.835, end: 4.887, text: "My name is Calvin.", speaker: "customer" },
    ]);
    expect(svc.speakers).toEqual(["agent", "customer"]);
  });

  it("verbose_json in OpenAI's shape", () => {
    const verbose = JSON.parse(adapter.respond(readFixture(FIXTURE), job("assemblyai/universal-2", "verbose_json")).body);
    expect(verbose).toMatchObject({ task: "transcribe", language: "en-US", duration: 5, text: recorded.text, usage: { type: "duration", seconds: 5 } });
    expect(verbose.words.at(-1)).toEqual({ word: "Calvin.", start: 4.555, end: 4.887 });
  });
});
