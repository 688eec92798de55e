import { createReadStream } from "node:fs";
import type { SurchargedParameter } from "../../../../catalog/src/index.ts";
import { GatewayError } from "../../errors.ts";
import type { UpstreamResponse } from "../../upstream/client.ts";
import type { Access } from "../credentials.ts";
import { redact } from "../redact.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import { num, str, type Transcript } from "../shared/svc-transcript.ts";
import { formatTranscript } from "../shared/transcript-formats.ts";
import { refusal, type ProviderAnswer, type TranscriptionAdapter, type TranscriptionJob, type UpstreamIo } from "../shared/transcription.ts";
import type { UpstreamRequest, Usage } from "../types.ts";
import { assemblyAIUpstreamError } from "./errors.ts";

/**
 * AssemblyAI is asynchronous (https://www.assemblyai.com/docs/api-reference/transcripts): upload the audio
 * (POST /v2/upload, raw bytes → upload_url), submit a job (POST /v2/transcript), then poll GET /v2/transcript/{id}
 * until it is completed or failed. The key goes bare in `authorization`. An upload belongs to the account that made
 * it, so every call after the first uses the first call's credential. Billed on audio_duration, seconds.
 */

/** PII the gateway's entity_redaction removes: what identifies or reaches a person, or pays for something. */
export const REDACTED_PII = [
  "person_name",
  "email_address",
  "phone_number",
  "location_address",
  "date_of_birth",
  "us_social_security_number",
  "drivers_license",
  "passport_number",
  "credit_card_number",
  "credit_card_cvv",
  "credit_card_expiration",
  "banking_information",
  "account_number",
  "ip_address",
  "healthcare_number",
] as const;

/** Speaker roles the gateway asks for; the same two ElevenLabs detects. */
export const SPEAKER_ROLES = ["agent", "customer"] as const;

/** From the first look to the last: quick for short files, then no more often than every few seconds. */
const POLL_DELAYS_MS = [250, 500, 1_000, 2_000, 3_000];
/** A job still unfinished after this long is given up on (the API turns ten hours of audio around in minutes). */
const POLL_DEADLINE_MS = 60 * 60_000;

function surcharges(job: TranscriptionJob): SurchargedParameter[] {
  const o = job.options;
  const out: SurchargedParameter[] = [];
  if (o.entityDetection) out.push("entity_detection");
  if (o.entityRedaction) out.push("entity_redaction");
  if (o.keyterms.length > 0) out.push("keyterms");
  if (o.detectSpeakerRoles) out.push("detect_speaker_roles");
  return out;
}

export function submitBody(job: TranscriptionJob, audioUrl: string): Record<string, unknown> {
  const o = job.options;
  // one model, no fallback list: a fallback to another model would be billed at that model's rate
  const body: Record<string, unknown> = { audio_url: audioUrl, speech_models: [job.model.upstream_id], punctuate: true, format_text: true };
  if (o.language !== undefined) body["language_code"] = o.language;
  else body["language_detection"] = true;
  if (o.entityDetection) body["entity_detection"] = true;
  if (o.entityRedaction) Object.assign(body, { redact_pii: true, redact_pii_policies: [...REDACTED_PII], redact_pii_sub: "entity_name" });
  if (o.keyterms.length > 0) body["keyterms_prompt"] = [...o.keyterms];
  if (o.detectSpeakerRoles) {
    body["speaker_labels"] = true;
    body["speech_understanding"] = { request: { speaker_identification: { speaker_type: "role", known_values: [...SPEAKER_ROLES] } } };
  }
  return body;
}

const headers = (access: Access, extra: Record<string, string> = {}) => ({ authorization: access.credential, ...extra });

function uploadRequest(job: TranscriptionJob, access: Access): UpstreamRequest {
  return {
    url: new URL(`${access.baseUrl}/v2/upload`),
    headers: headers(access, { "content-type": "application/octet-stream", "content-length": String(job.file.bytes) }),
    body: createReadStream(job.file.path),
  };
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
const list = (v: unknown): Json[] | null => (Array.isArray(v) ? (v as unknown[]).map((x) => obj(x) ?? {}) : null);
const seconds = (ms: unknown): number | null => {
  const n = num(ms);
  return n === null ? null : n / 1000;
};

/** A completed answer's body, already read, handed on as if it had just arrived. */
function answered(up: UpstreamResponse, text: string): UpstreamResponse {
  const bytes = Buffer.from(text);
  return {
    status: up.status,
    headers: up.headers,
    body: {
      text: () => Promise.resolve(text),
      dump: () => Promise.resolve(),
      async *[Symbol.asyncIterator]() {
        yield bytes;
      },
    },
  };
}

async function readJson(up: UpstreamResponse): Promise<{ text: string; json: Json }> {
  const text = await up.body.text();
  const json = obj(parseResponseJson(text));
  if (json === undefined) throw new GatewayError("upstream_error", "The provider sent an answer that is not a JSON object.");
  return { text, json };
}

async function call(job: TranscriptionJob, io: UpstreamIo): Promise<ProviderAnswer> {
  const { up: uploaded, access } = await io.send((a) => uploadRequest(job, a));
  if (uploaded.status >= 400) return refusal(uploaded, access, assemblyAIUpstreamError);
  const audioUrl = str((await readJson(uploaded)).json["upload_url"]);
  if (audioUrl === null) throw new GatewayError("upstream_error", "The provider accepted the upload without saying where it is.");

  const submitted = await io.sendAs(access, { url: new URL(`${access.baseUrl}/v2/transcript`), headers: headers(access, { "content-type": "application/json" }), body: JSON.stringify(submitBody(job, audioUrl)) });
  if (submitted.status >= 400) return refusal(submitted, access, assemblyAIUpstreamError);
  const id = str((await readJson(submitted)).json["id"]);
  if (id === null || !/^[A-Za-z0-9_-]+$/.test(id)) throw new GatewayError("upstream_error", "The provider accepted the job without a usable id.");

  const poll: UpstreamRequest = { method: "GET", url: new URL(`${access.baseUrl}/v2/transcript/${id}`), headers: headers(access) };
  const deadline = Date.now() + POLL_DEADLINE_MS;
  for (let i = 0; Date.now() < deadline; i++) {
    await io.sleep(POLL_DELAYS_MS[Math.min(i, POLL_DELAYS_MS.length - 1)]!);
    const up = await io.sendAs(access, poll);
    if (up.status >= 400) return refusal(up, access, assemblyAIUpstreamError);
    const { text, json } = await readJson(up);
    if (json["status"] === "completed") return { ok: true, up: answered(up, text) };
    if (json["status"] === "error") {
      // AssemblyAI bills completed transcripts only, and a failed job is nearly always the audio's fault
      const why = str(json["error"]);
      return { ok: false, error: new GatewayError("invalid_request_error", `The provider could not transcribe the audio${why === null ? "." : `: ${redact(why, access.credential)}`}`, { param: "file" }) };
    }
  }
  throw new GatewayError("upstream_timeout", "The provider did not finish the transcription in time.");
}

/** A completed transcript, read; times in milliseconds become seconds. */
export function readAssemblyAI(json: Json, withEntities: boolean): Transcript {
  // speaker identification maps the diarization labels (A, B) to the roles it found
  const mapping = obj(obj(obj(obj(json["speech_understanding"])?.["response"])?.["speaker_identification"])?.["mapping"]) ?? {};
  const who = (v: unknown): string | null => {
    const label = str(v);
    return label === null ? null : (str(mapping[label]) ?? label);
  };
  return {
    text: str(json["text"]) ?? "",
    language: str(json["language_code"]),
    duration: num(json["audio_duration"]),
    segments: list(json["utterances"])?.map((u) => ({ start: seconds(u["start"]) ?? 0, end: seconds(u["end"]) ?? 0, text: str(u["text"]) ?? "", speaker: who(u["speaker"]) })) ?? null,
    words: list(json["words"])?.map((w) => ({ word: str(w["text"]) ?? "", start: seconds(w["start"]), end: seconds(w["end"]), speaker: who(w["speaker"]), confidence: num(w["confidence"]) })) ?? null,
    entities: withEntities ? (list(json["entities"]) ?? []).map((e) => ({ type: str(e["entity_type"]) ?? "", text: str(e["text"]) ?? "", start: seconds(e["start"]), end: seconds(e["end"]) })) : null,
  };
}

function respond(text: string, job: TranscriptionJob): { body: string; usage: Usage | undefined } {
  const json = obj(parseResponseJson(text));
  if (json === undefined) throw new GatewayError("upstream_error", "The provider sent a transcription that is not a JSON object.");
  const t = readAssemblyAI(json, job.options.entityDetection);
  const usage = t.duration === null ? undefined : { audioSeconds: t.duration };
  return { body: formatTranscript(job.format, job.model.slug, t, usage), usage };
}

export const assemblyAITranscription: TranscriptionAdapter = {
  parameters: new Set(["language"]),
  surcharges,
  call,
  respond,
};
