import { describe, expect, it } from "vitest";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { AUDIO, formOf, job, response, scriptedIo } from "../shared/transcription.test-helper.ts";
import { elevenLabsTranscription as adapter } from "./transcription.ts";

const FIXTURE = "elevenlabs/transcription.json";
const recorded = readJsonFixture<{ text: string }>(FIXTURE);

describe("the ElevenLabs call", () => {
  it("posts multipart to /v1/speech-to-text with xi-api-key", async () => {
    const { io, sent } = scriptedIo([response(200, readFixture(FIXTURE))]);
    const j = job("elevenlabs/scribe_v2", "svc_json", { options: { keyterms: ["Vercel", "AI SDK"], detectSpeakerRoles: true, language: "en" } });
    expect((await adapter.call(j, io)).ok).toBe(true);
    const req = sent[0]!;
    expect(req.url.href).toBe("https://provider.test/base/v1/speech-to-text");
    expect(req.headers["xi-api-key"]).toBe("upstream-secret-credential");
    expect(req.headers.authorization).toBeUndefined();
    const form = await formOf(req);
    expect(Number(req.headers["content-length"])).toBe(form.bytes);
    expect(form.fields).toEqual([
      ["model_id", "scribe_v2"],
      ["timestamps_granularity", "word"],
      ["language_code", "en"],
      ["keyterms", "Vercel"],
      ["keyterms", "AI SDK"],
      ["diarize", "true"],
      ["detect_speaker_roles", "true"],
    ]);
    expect(form.file?.equals(AUDIO)).toBe(true);
    expect(adapter.surcharges(j)).toEqual(["keyterms", "detect_speaker_roles"]);
  });

  it("redaction turns entity detection on too, and both are billed", async () => {
    const { io, sent } = scriptedIo([response(200, readFixture(FIXTURE))]);
    const j = job("elevenlabs/scribe_v2", "json", { options: { entityRedaction: true } });
    await adapter.call(j, io);
    expect((await formOf(sent[0]!)).fields).toEqual([
      ["model_id", "scribe_v2"],
      ["timestamps_granularity", "word"],
      ["entity_detection", "pii"],
      ["entity_redaction", "pii"],
    ]);
    expect(adapter.surcharges(j)).toEqual(["entity_detection", "entity_redaction"]);
  });

  it("reads ElevenLabs' error envelopes", async () => {
    const detail = await adapter.call(job("elevenlabs/scribe_v2", "json"), scriptedIo([response(400, JSON.stringify({ detail: { status: "invalid_audio", message: "The audio file could not be decoded." } }))]).io);
    expect(detail.ok === false && detail.error.message).toBe("The audio file could not be decoded.");
    const validation = await adapter.call(job("elevenlabs/scribe_v2", "json"), scriptedIo([response(422, JSON.stringify({ detail: [{ loc: ["body", "model_id"], msg: "field required", type: "value_error.missing" }] }))]).io);
    expect(validation.ok === false && [validation.error.status, validation.error.message]).toEqual([422, "field required"]);
  });
});

describe("a recorded ElevenLabs answer", () => {
  it("svc_json: words without the spacing, speakers, eng → en; the duration where the last sound ends when none is stated", () => {
    const out = adapter.respond(readFixture(FIXTURE), job("elevenlabs/scribe_v2", "svc_json"));
    const svc = JSON.parse(out.body);
    expect(svc).toMatchObject({ model: "elevenlabs/scribe_v2", text: recorded.text, language: "en", duration: 2.479, segments: null, speakers: ["speaker_0"], entities: null });
    expect(svc.words.map((w: { word: string }) => w.word)).toEqual(["Hello", "from", "the", "Vercel", "AI", "SDK."]);
    expect(svc.words[0]).toEqual({ word: "Hello", start: 0.199, end: 0.479, speaker: "speaker_0", confidence: null });
    expect(out.usage).toEqual({ audioSeconds: 2.479 });
  });

  it("bills the stated audio_duration_secs, and at least 20 s with more than 100 keyterms", () => {
    const json = { ...readJsonFixture<Record<string, unknown>>(FIXTURE), audio_duration_secs: 3.1 };
    expect(adapter.respond(JSON.stringify(json), job("elevenlabs/scribe_v2", "json")).usage).toEqual({ audioSeconds: 3.1 });
    const many = Array.from({ length: 101 }, (_, i) => `term${i}`);
    const out = adapter.respond(JSON.stringify(json), job("elevenlabs/scribe_v2", "json", { options: { keyterms: many } }));
    expect(out.usage).toEqual({ audioSeconds: 20 });
    expect(JSON.parse(out.body).usage).toEqual({ type: "duration", seconds: 20 });
  });

  it("entities, when detection ran", () => {
    const json = { ...readJsonFixture<Record<string, unknown>>(FIXTURE), entities: [{ text: "Vercel", entity_type: "organization", start_char: 15, end_char: 21 }] };
    const out = JSON.parse(adapter.respond(JSON.stringify(json), job("elevenlabs/scribe_v2", "json", { options: { entityDetection: true } })).body);
    expect(out.entities).toEqual([{ type: "organization", text: "Vercel", start: null, end: null }]);
  });
});
