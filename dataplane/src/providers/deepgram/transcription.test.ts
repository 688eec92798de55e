import { describe, expect, it } from "vitest";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { AUDIO, bodyOf, job, response, scriptedIo } from "../shared/transcription.test-helper.ts";
import { deepgramTranscription as adapter } from "./transcription.ts";

const FIXTURE = "deepgram/transcription.json";
const recorded = readJsonFixture<{ metadata: { duration: number }; results: { channels: { alternatives: { transcript: string; words: unknown[] }[] }[] } }>(FIXTURE);
const best = recorded.results.channels[0]!.alternatives[0]!;

describe("the Deepgram call", () => {
  it("posts the raw audio to /v1/listen with every option in the query and `Token` auth", async () => {
    const { io, sent } = scriptedIo([response(200, readFixture(FIXTURE))]);
    const j = job("deepgram/nova-3", "svc_json", { options: { entityDetection: true, entityRedaction: true, keyterms: ["Galileo", "Jupiter moons"] } });
    expect((await adapter.call(j, io)).ok).toBe(true);
    const req = sent[0]!;
    expect(req.url.origin + req.url.pathname).toBe("https://provider.test/base/v1/listen");
    expect([...req.url.searchParams]).toEqual([
      ["model", "nova-3"],
      ["smart_format", "true"],
      ["utterances", "true"],
      ["detect_language", "true"],
      ["detect_entities", "true"],
      ["redact", "pii"],
      ["keyterm", "Galileo"],
      ["keyterm", "Jupiter moons"],
    ]);
    expect(req.headers).toEqual({ authorization: "Token upstream-secret-credential", "content-type": "audio/wav", "content-length": String(AUDIO.length) });
    expect((await bodyOf(req)).equals(AUDIO)).toBe(true);
    expect(adapter.surcharges(j)).toEqual(["entity_detection", "entity_redaction", "keyterms"]);
  });

  it("names the language when the client does, instead of detecting it, and turns on no add-on unasked", async () => {
    const { io, sent } = scriptedIo([response(200, readFixture(FIXTURE))]);
    const j = job("deepgram/nova-3", "json", { options: { language: "en-US" } });
    await adapter.call(j, io);
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({ model: "nova-3", smart_format: "true", utterances: "true", language: "en-US" });
    expect(adapter.surcharges(j)).toEqual([]);
  });

  it("reads Deepgram's error envelope; its refusal of the credential is the gateway's", async () => {
    const bad = await adapter.call(job("deepgram/nova-3", "json"), scriptedIo([response(400, JSON.stringify({ err_code: "Bad Request", err_msg: "Bad Request: failed to process audio: corrupt or unsupported data", request_id: "x" }))]).io);
    expect(bad.ok === false && [bad.error.status, bad.error.message]).toEqual([400, "Bad Request: failed to process audio: corrupt or unsupported data"]);
    const auth = await adapter.call(job("deepgram/nova-3", "json"), scriptedIo([response(401, JSON.stringify({ err_code: "INVALID_AUTH", err_msg: "Invalid credentials." }))]).io);
    expect(auth.ok === false && auth.error.code).toBe("upstream_auth_failed");
  });
});

describe("a recorded Deepgram answer", () => {
  it("svc_json: transcript, language, duration, every word with its speaker and confidence", () => {
    const out = adapter.respond(readFixture(FIXTURE), job("deepgram/nova-3", "svc_json"));
    const svc = JSON.parse(out.body);
    expect(svc).toMatchObject({ model: "deepgram/nova-3", text: best.transcript, language: "en", duration: 36.744, segments: null, speakers: ["0"], entities: null, usage: { type: "duration", seconds: 36.744 } });
    expect(svc.words).toHaveLength(best.words.length);
    expect(svc.words[0]).toEqual({ word: "galileo", start: 0.16, end: 0.79999995, speaker: "0", confidence: 0.99641925 });
    expect(out.usage).toEqual({ audioSeconds: recorded.metadata.duration });
  });

  it("json and verbose_json in OpenAI's shapes", () => {
    expect(JSON.parse(adapter.respond(readFixture(FIXTURE), job("deepgram/nova-3", "json")).body)).toEqual({ text: best.transcript, usage: { type: "duration", seconds: 36.744 } });
    const verbose = JSON.parse(adapter.respond(readFixture(FIXTURE), job("deepgram/nova-3", "verbose_json")).body);
    expect(verbose).toMatchObject({ task: "transcribe", language: "en", duration: 36.744, text: best.transcript });
    expect(verbose.words[1]).toEqual({ word: "was", start: 0.79999995, end: 0.96 });
    expect(verbose).not.toHaveProperty("segments");
  });

  it("utterances become segments and entities are placed in time when asked for", () => {
    const json = readJsonFixture<Record<string, any>>(FIXTURE);
    json.results.utterances = [{ start: 0.16, end: 6.5, transcript: "galileo was an american robotic space program", speaker: 0, confidence: 0.99 }];
    json.results.channels[0].alternatives[0].entities = [{ label: "NAME", value: "galileo", raw_value: "galileo", confidence: 0.9, start_word: 0, end_word: 1 }];
    const svc = JSON.parse(adapter.respond(JSON.stringify(json), job("deepgram/nova-3", "svc_json", { options: { entityDetection: true } })).body);
    expect(svc.segments).toEqual([{ id: 0, start: 0.16, end: 6.5, text: "galileo was an american robotic space program", speaker: "0" }]);
    expect(svc.entities).toEqual([{ type: "NAME", text: "galileo", start: 0.16, end: 0.79999995 }]);
  });

  it("an answer without a transcript is the provider's failure, not an empty success", () => {
    expect(() => adapter.respond(JSON.stringify({ metadata: { duration: 3 }, results: { channels: [] } }), job("deepgram/nova-3", "json"))).toThrow(expect.objectContaining({ code: "upstream_error" }));
  });
});
