import type { SurchargedParameter, TranscriptionFormat, TranscriptionModel } from "../../../catalog/src/index.ts";
import { SURCHARGED_PARAMETERS, UNMETERABLE_TRANSCRIPTION_FORMATS } from "../../../catalog/src/index.ts";
import { GatewayError } from "../errors.ts";

/**
 * What POST /v1/audio/transcriptions accepts for a model, and the `svc` block (SPEC 2.2 kind=transcription) that
 * publishes it. The block's fields and the route's checks read the same four accessors, so what GET
 * /v1/models/{id} advertises is exactly what the route lets through.
 */

/** Formats a provider sends as it transcribes; svc_json is assembled from a whole answer, so it is never streamed. */
const STREAMED_FORMATS: readonly TranscriptionFormat[] = ["json", "diarized_json"];
/** OpenAI's default when response_format is not sent. */
const DEFAULT_FORMAT = "json";

const servedFormats = (m: TranscriptionModel): readonly TranscriptionFormat[] => m.svc.response_formats;
const streams = (m: TranscriptionModel): boolean => m.svc.supports_streaming;
const maxFileBytes = (m: TranscriptionModel): number => m.svc.max_file_bytes;
const surchargedParameters = (m: TranscriptionModel): readonly SurchargedParameter[] => m.svc.surcharged_parameters;

export function transcriptionBlock(model: TranscriptionModel): Record<string, unknown> {
  return {
    kind: "transcription",
    response_formats: [...servedFormats(model)],
    supports_streaming: streams(model),
    max_file_bytes: maxFileBytes(model),
    surcharged_parameters: [...surchargedParameters(model)],
  };
}

/** What the route asks of a model once the whole form is in. */
export interface TranscriptionAsk {
  /** As sent; undefined when absent (OpenAI's default, json, applies). */
  responseFormat: string | undefined;
  stream: boolean;
  /** Gateway-level surcharged parameter names the form carries, whatever their value. */
  surcharged: readonly string[];
  fileBytes: number;
}

/** Every local check of SPEC 2.2 / 8 for one request, in the order a client fixes them; returns the format to serve. */
export function checkTranscriptionRequest(model: TranscriptionModel, ask: TranscriptionAsk): TranscriptionFormat {
  checkFileSize(model, ask.fileBytes);
  const format = checkResponseFormat(model, ask.responseFormat);
  checkStream(model, ask.stream, format);
  checkSurchargedParameters(model, ask.surcharged);
  return format;
}

export function checkResponseFormat(model: TranscriptionModel, requested: string | undefined): TranscriptionFormat {
  const format = requested ?? DEFAULT_FORMAT;
  const served = servedFormats(model);
  const match = served.find((f) => f === format);
  if (match !== undefined) return match;
  const shown = format.slice(0, 64);
  const why = (UNMETERABLE_TRANSCRIPTION_FORMATS as readonly string[]).includes(format)
    ? `response_format \`${shown}\` carries no usage, so the gateway cannot meter it and does not serve it.`
    : `response_format \`${shown}\` is not served for ${model.slug}.`;
  throw new GatewayError("invalid_request_error", `${why} ${model.slug} serves: ${served.join(", ")}.`, { param: "response_format" });
}

export function checkStream(model: TranscriptionModel, stream: boolean, format: TranscriptionFormat): void {
  if (!stream) return;
  if (!streams(model)) {
    throw new GatewayError("invalid_request_error", `stream=true is not available for ${model.slug}: it answers with whole documents only (supports_streaming is false).`, { param: "stream" });
  }
  if (!STREAMED_FORMATS.includes(format)) {
    const streamed = servedFormats(model).filter((f) => STREAMED_FORMATS.includes(f));
    throw new GatewayError("invalid_request_error", `response_format \`${format}\` is a whole document and is not streamed; with stream=true ${model.slug} serves: ${streamed.join(", ")}.`, {
      param: "stream",
    });
  }
}

export function checkSurchargedParameters(model: TranscriptionModel, names: readonly string[]): void {
  const listed = surchargedParameters(model);
  for (const name of names) {
    if ((listed as readonly string[]).includes(name)) continue;
    const offer = listed.length === 0 ? "it takes none of the surcharged parameters" : `its surcharged parameters are: ${listed.join(", ")}`;
    throw new GatewayError("invalid_request_error", `\`${name}\` is not available for ${model.slug}; ${offer}.`, { param: name });
  }
}

export function checkFileSize(model: TranscriptionModel, bytes: number): void {
  if (bytes > maxFileBytes(model)) throw fileTooLarge(model, bytes);
}

/** The 413 for a file over the model's ceiling; `bytes` when the whole size is known, else "more than". */
export function fileTooLarge(model: TranscriptionModel, bytes?: number): GatewayError {
  const size = bytes === undefined ? `more than ${maxFileBytes(model)} bytes` : `${bytes} bytes`;
  return new GatewayError("request_too_large", `The file is ${size}; ${model.slug} accepts at most ${maxFileBytes(model)} bytes (max_file_bytes).`, { param: "file" });
}

/** The upload ceiling while the model is not yet known: the largest any of these models accepts. */
export function largestFileBytes(models: Iterable<TranscriptionModel>): number {
  let max = 0;
  for (const m of models) max = Math.max(max, maxFileBytes(m));
  return max;
}

/** Whether a form field names a surcharged parameter (`keyterms[]`, as the openai SDK spells lists, included). */
export function surchargedName(field: string): SurchargedParameter | undefined {
  const bare = field.endsWith("[]") ? field.slice(0, -2) : field;
  return SURCHARGED_PARAMETERS.find((p) => p === bare);
}
