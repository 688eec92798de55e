import { createReadStream } from "node:fs";
import type { SurchargedParameter } from "../../../../catalog/src/index.ts";
import { GatewayError } from "../../errors.ts";
import type { Access } from "../credentials.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import { num, str, type Transcript, type TranscriptEntity, type TranscriptWord } from "../shared/svc-transcript.ts";
import { formatTranscript } from "../shared/transcript-formats.ts";
import { refusal, type TranscriptionAdapter, type TranscriptionJob } from "../shared/transcription.ts";
import type { UpstreamRequest, Usage } from "../types.ts";
import { deepgramUpstreamError } from "./errors.ts";

/**
 * Deepgram pre-recorded transcription: POST /v1/listen with the raw audio as the body and every option in the
 * query string, `Authorization: Token <key>` (https://developers.deepgram.com/reference/speech-to-text/listen-pre-recorded).
 * Billed on metadata.duration, seconds of audio.
 */

function buildRequest(job: TranscriptionJob, access: Access): UpstreamRequest {
  const q = new URLSearchParams({ model: job.model.upstream_id, smart_format: "true", utterances: "true" });
  const o = job.options;
  if (o.language !== undefined) q.set("language", o.language);
  else q.set("detect_language", "true");
  if (o.entityDetection) q.set("detect_entities", "true");
  if (o.entityRedaction) q.set("redact", "pii");
  for (const term of o.keyterms) q.append("keyterm", term);
  return {
    url: new URL(`${access.baseUrl}/v1/listen?${q.toString()}`),
    headers: { authorization: `Token ${access.credential}`, "content-type": job.file.mimeType || "application/octet-stream", "content-length": String(job.file.bytes) },
    body: createReadStream(job.file.path),
  };
}

function surcharges(job: TranscriptionJob): SurchargedParameter[] {
  const o = job.options;
  const out: SurchargedParameter[] = [];
  if (o.entityDetection) out.push("entity_detection");
  if (o.entityRedaction) out.push("entity_redaction");
  if (o.keyterms.length > 0) out.push("keyterms");
  return out;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
const list = (v: unknown): Json[] | null => (Array.isArray(v) ? (v as unknown[]).map((x) => obj(x) ?? {}) : null);
const speaker = (v: unknown): string | null => (typeof v === "number" || typeof v === "string" ? String(v) : null);

/** A Deepgram answer, read: the first channel's best alternative, utterances as segments. */
export function readDeepgram(json: Json, withEntities: boolean): Transcript {
  const results = obj(json["results"]);
  const channel = list(results?.["channels"])?.[0];
  const best = list(channel?.["alternatives"])?.[0];
  if (best === undefined) throw new GatewayError("upstream_error", "The provider sent a transcription without a transcript.");
  const rawWords = list(best["words"]);
  const words: TranscriptWord[] | null =
    rawWords?.map((w) => ({ word: str(w["punctuated_word"]) ?? str(w["word"]) ?? "", start: num(w["start"]), end: num(w["end"]), speaker: speaker(w["speaker"]), confidence: num(w["confidence"]) })) ?? null;
  const entities: TranscriptEntity[] | null = withEntities
    ? (list(best["entities"]) ?? []).map((e) => {
        const first = num(e["start_word"]);
        const last = num(e["end_word"]);
        return {
          type: str(e["label"]) ?? "",
          text: str(e["value"]) ?? "",
          start: first === null ? null : (words?.[first]?.start ?? null),
          end: last === null || first === null ? null : (words?.[Math.max(first, last - 1)]?.end ?? null),
        };
      })
    : null;
  return {
    text: str(best["transcript"]) ?? "",
    language: str(channel?.["detected_language"]),
    duration: num(obj(json["metadata"])?.["duration"]),
    segments: list(results?.["utterances"])?.map((u) => ({ start: num(u["start"]) ?? 0, end: num(u["end"]) ?? 0, text: str(u["transcript"]) ?? "", speaker: speaker(u["speaker"]) })) ?? null,
    words,
    entities,
  };
}

function respond(text: string, job: TranscriptionJob): { body: string; usage: Usage | undefined } {
  const json = obj(parseResponseJson(text));
  if (json === undefined) throw new GatewayError("upstream_error", "The provider sent a transcription that is not a JSON object.");
  const t = readDeepgram(json, job.options.entityDetection);
  // the language the client named is the language Deepgram transcribed in
  if (t.language === null && job.options.language !== undefined) t.language = job.options.language;
  const usage = t.duration === null ? undefined : { audioSeconds: t.duration };
  return { body: formatTranscript(job.format, job.model.slug, t, usage), usage };
}

export const deepgramTranscription: TranscriptionAdapter = {
  parameters: new Set(["language"]),
  surcharges,
  async call(job, io) {
    const { up, access } = await io.send((a) => buildRequest(job, a));
    if (up.status >= 400) return refusal(up, access, deepgramUpstreamError);
    return { ok: true, up };
  },
  respond,
};
