import type { SurchargedParameter } from "../../../../catalog/src/index.ts";
import { GatewayError } from "../../errors.ts";
import type { Access } from "../credentials.ts";
import { multipartBody, type FormPart } from "../shared/multipart-body.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import { num, str, type Transcript } from "../shared/svc-transcript.ts";
import { formatTranscript } from "../shared/transcript-formats.ts";
import { refusal, type TranscriptionAdapter, type TranscriptionJob } from "../shared/transcription.ts";
import type { UpstreamRequest, Usage } from "../types.ts";
import { elevenLabsUpstreamError } from "./errors.ts";

/**
 * ElevenLabs speech-to-text: POST /v1/speech-to-text, multipart with model_id and file, key in `xi-api-key`
 * (https://elevenlabs.io/docs/api-reference/speech-to-text/convert). Billed on audio_duration_secs.
 */

/** More keyterms than this and ElevenLabs bills at least KEYTERMS_MIN_SECONDS per request (API reference, keyterms). */
const KEYTERMS_MIN_BILLED_ABOVE = 100;
const KEYTERMS_MIN_SECONDS = 20;

function surcharges(job: TranscriptionJob): SurchargedParameter[] {
  const o = job.options;
  const out: SurchargedParameter[] = [];
  // redaction works on detected entities: ElevenLabs needs detection on too, and bills both
  if (o.entityDetection || o.entityRedaction) out.push("entity_detection");
  if (o.entityRedaction) out.push("entity_redaction");
  if (o.keyterms.length > 0) out.push("keyterms");
  if (o.detectSpeakerRoles) out.push("detect_speaker_roles");
  return out;
}

function buildRequest(job: TranscriptionJob, access: Access): UpstreamRequest {
  const o = job.options;
  const parts: FormPart[] = [
    { name: "model_id", value: job.model.upstream_id },
    { name: "timestamps_granularity", value: "word" },
  ];
  if (o.language !== undefined) parts.push({ name: "language_code", value: o.language });
  if (o.entityDetection) parts.push({ name: "entity_detection", value: "all" });
  else if (o.entityRedaction) parts.push({ name: "entity_detection", value: "pii" });
  if (o.entityRedaction) parts.push({ name: "entity_redaction", value: "pii" });
  for (const term of o.keyterms) parts.push({ name: "keyterms", value: term });
  // roles label diarized speakers, so diarization has to be on
  if (o.detectSpeakerRoles) parts.push({ name: "diarize", value: "true" }, { name: "detect_speaker_roles", value: "true" });
  parts.push({ name: "file", file: job.file });
  const form = multipartBody(parts);
  return {
    url: new URL(`${access.baseUrl}/v1/speech-to-text`),
    headers: { "xi-api-key": access.credential, "content-type": form.contentType, "content-length": String(form.length) },
    body: form.body,
  };
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
const list = (v: unknown): Json[] | null => (Array.isArray(v) ? (v as unknown[]).map((x) => obj(x) ?? {}) : null);

/** An answer, read: the words without the spacing entries; duration as stated, else where the last sound ends. */
export function readElevenLabs(json: Json, withEntities: boolean): Transcript {
  const all = list(json["words"]);
  const lastEnd = all?.reduce<number | null>((max, w) => Math.max(max ?? 0, num(w["end"]) ?? 0), null) ?? null;
  return {
    text: str(json["text"]) ?? "",
    language: str(json["language_code"]),
    duration: num(json["audio_duration_secs"]) ?? lastEnd,
    segments: null,
    words: all?.filter((w) => w["type"] === "word").map((w) => ({ word: str(w["text"]) ?? "", start: num(w["start"]), end: num(w["end"]), speaker: str(w["speaker_id"]), confidence: null })) ?? null,
    entities: withEntities ? (list(json["entities"]) ?? []).map((e) => ({ type: str(e["entity_type"]) ?? "", text: str(e["text"]) ?? "", start: null, end: null })) : null,
  };
}

function respond(text: string, job: TranscriptionJob): { body: string; usage: Usage | undefined } {
  const json = obj(parseResponseJson(text));
  if (json === undefined) throw new GatewayError("upstream_error", "The provider sent a transcription that is not a JSON object.");
  const t = readElevenLabs(json, job.options.entityDetection || job.options.entityRedaction);
  let usage: Usage | undefined;
  if (t.duration !== null) {
    const billed = job.options.keyterms.length > KEYTERMS_MIN_BILLED_ABOVE ? Math.max(t.duration, KEYTERMS_MIN_SECONDS) : t.duration;
    usage = { audioSeconds: billed };
  }
  return { body: formatTranscript(job.format, job.model.slug, t, usage), usage };
}

export const elevenLabsTranscription: TranscriptionAdapter = {
  parameters: new Set(["language"]),
  surcharges,
  async call(job, io) {
    const { up, access } = await io.send((a) => buildRequest(job, a));
    if (up.status >= 400) return refusal(up, access, elevenLabsUpstreamError);
    return { ok: true, up };
  },
  respond,
};
