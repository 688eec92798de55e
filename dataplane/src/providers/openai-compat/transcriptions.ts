import type { TranscriptionFormat } from "../../../../catalog/src/index.ts";
import { GatewayError } from "../../errors.ts";
import { sseData } from "../../upstream/sse-splitter.ts";
import type { Access } from "../credentials.ts";
import { multipartBody, type FormPart } from "../shared/multipart-body.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import { num, str, svcJson, usageObject, type Transcript } from "../shared/svc-transcript.ts";
import { baseName, refusal, type TranscriptionAdapter, type TranscriptionJob, type TranscriptionStream } from "../shared/transcription.ts";
import type { UpstreamRequest, Usage } from "../types.ts";
import { openAIUpstreamError } from "./errors.ts";

/**
 * POST /v1/audio/transcriptions of OpenAI and OpenAI-compatible vendors
 * (https://platform.openai.com/docs/api-reference/audio/createTranscription): the client's own formats pass
 * through as the provider wrote them; svc_json is read from the richest format the model has.
 */

/** OpenAI's own parameters, forwarded as sent (the SDK spells lists `name[]` and objects `name[key]`). */
const PARAMETERS = new Set(["language", "prompt", "temperature", "timestamp_granularities", "include", "chunking_strategy", "known_speaker_names", "known_speaker_references"]);

type UpstreamFormat = Exclude<TranscriptionFormat, "svc_json">;

/**
 * What to ask the provider for. svc_json reads the richest format the model has. A duration-priced model is
 * always asked for verbose_json, which always states the duration: json would leave the bill to an optional field.
 */
function upstreamFormat(job: TranscriptionJob): UpstreamFormat {
  const served = job.model.svc.response_formats;
  if (job.format === "svc_json") return served.includes("verbose_json") ? "verbose_json" : served.includes("diarized_json") ? "diarized_json" : "json";
  if (job.format === "json" && job.model.rates.unit === "minute" && served.includes("verbose_json")) return "verbose_json";
  return job.format;
}

function buildRequest(job: TranscriptionJob, access: Access): UpstreamRequest {
  const format = upstreamFormat(job);
  const parts: FormPart[] = [
    { name: "model", value: job.model.upstream_id },
    { name: "response_format", value: format },
  ];
  if (job.stream) parts.push({ name: "stream", value: "true" });
  const svcFromVerbose = job.format === "svc_json" && format === "verbose_json";
  for (const [name, value] of job.extra) {
    // svc_json asks for both granularities itself
    if (svcFromVerbose && baseName(name) === "timestamp_granularities") continue;
    parts.push({ name, value });
  }
  if (svcFromVerbose) parts.push({ name: "timestamp_granularities[]", value: "word" }, { name: "timestamp_granularities[]", value: "segment" });
  // the diarizing model needs a chunking strategy for audio over 30 s; "auto" is what the API reference suggests
  if (format === "diarized_json" && !job.extra.some(([n]) => baseName(n) === "chunking_strategy")) parts.push({ name: "chunking_strategy", value: "auto" });
  parts.push({ name: "file", file: job.file });
  const form = multipartBody(parts);
  return {
    url: new URL(`${access.baseUrl}/audio/transcriptions`),
    headers: { authorization: `Bearer ${access.credential}`, "content-type": form.contentType, "content-length": String(form.length) },
    body: form.body,
  };
}

/** OpenAI's usage object → the gateway's Usage; a duration-priced answer without one is billed on its duration. */
export function openAITranscriptionUsage(json: Record<string, unknown>): Usage | undefined {
  const u = json["usage"];
  if (typeof u === "object" && u !== null) {
    const usage = u as Record<string, unknown>;
    if (usage["type"] === "duration" && num(usage["seconds"]) !== null) return { audioSeconds: num(usage["seconds"])! };
    if (usage["type"] === "tokens") {
      const out: Usage = {};
      const input = num(usage["input_tokens"]);
      const output = num(usage["output_tokens"]);
      if (input !== null) out.inputTokens = input;
      if (output !== null) out.outputTokens = output;
      return out;
    }
  }
  const duration = num(json["duration"]);
  return duration === null ? undefined : { audioSeconds: duration };
}

/** verbose_json, diarized_json or json, read. */
export function readOpenAITranscript(json: Record<string, unknown>): Transcript {
  const segments = Array.isArray(json["segments"]) ? (json["segments"] as Record<string, unknown>[]) : null;
  const words = Array.isArray(json["words"]) ? (json["words"] as Record<string, unknown>[]) : null;
  return {
    text: str(json["text"]) ?? "",
    language: str(json["language"]),
    duration: num(json["duration"]),
    segments: segments?.map((s) => ({ start: num(s["start"]) ?? 0, end: num(s["end"]) ?? 0, text: (str(s["text"]) ?? "").trim(), speaker: str(s["speaker"]) })) ?? null,
    words: words?.map((w) => ({ word: str(w["word"]) ?? "", start: num(w["start"]), end: num(w["end"]), speaker: null, confidence: null })) ?? null,
    entities: null,
  };
}

function respond(text: string, job: TranscriptionJob): { body: string; usage: Usage | undefined } {
  const value = parseResponseJson(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new GatewayError("upstream_error", "The provider sent a transcription that is not a JSON object.");
  const json = value as Record<string, unknown>;
  const usage = openAITranscriptionUsage(json);
  // the provider's own usage object where it sent one: it is what the provider bills
  const usageOut = typeof json["usage"] === "object" && json["usage"] !== null ? json["usage"] : usageObject(usage);
  if (job.format === "svc_json") return { body: JSON.stringify(svcJson(job.model.slug, readOpenAITranscript(json), usageOut as Record<string, unknown> | null)), usage };
  if (job.format === "json" && upstreamFormat(job) !== "json") {
    const logprobs = json["logprobs"] === undefined ? {} : { logprobs: json["logprobs"] };
    return { body: JSON.stringify({ text: json["text"], ...logprobs, usage: usageOut }), usage };
  }
  return { body: text, usage };
}

/**
 * Passes the provider's stream through event by event. The usage arrives on transcript.text.done; the gateway's
 * price of the call is added to it as `usage.cost_micros`, as on a chat stream.
 */
class OpenAITranscriptionStream implements TranscriptionStream {
  usage: Usage | undefined;
  readonly #price: (usage: Usage) => number;

  constructor(price: (usage: Usage) => number) {
    this.#price = price;
  }

  push(block: string): string[] {
    const data = sseData(block);
    if (data === undefined) return [block];
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return [block];
    }
    if (typeof event !== "object" || event === null || (event as { type?: unknown }).type !== "transcript.text.done") return [block];
    const done = event as Record<string, unknown>;
    const usage = openAITranscriptionUsage({ usage: done["usage"] });
    if (usage === undefined || typeof done["usage"] !== "object") return [block];
    this.usage = usage;
    const priced = { ...done, usage: { ...(done["usage"] as Record<string, unknown>), cost_micros: this.#price(usage) } };
    const kept = block.split(/\r?\n/).filter((l) => !l.startsWith("data:"));
    return [[...kept, `data: ${JSON.stringify(priced)}`].join("\n")];
  }
}

export const openAITranscription: TranscriptionAdapter = {
  parameters: PARAMETERS,
  surcharges: () => [],
  async call(job, io) {
    const { up, access } = await io.send((a) => buildRequest(job, a));
    if (up.status >= 400) return refusal(up, access, openAIUpstreamError);
    return { ok: true, up };
  },
  respond,
  streamTranslator: (_job, price) => new OpenAITranscriptionStream(price),
};
