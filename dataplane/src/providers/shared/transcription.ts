import type { SurchargedParameter, TranscriptionFormat, TranscriptionModel } from "../../../../catalog/src/index.ts";
import type { GatewayError } from "../../errors.ts";
import type { UpstreamResponse } from "../../upstream/client.ts";
import type { Access } from "../credentials.ts";
import type { UpstreamRequest, Usage } from "../types.ts";

/** The audio as the gateway spooled it to local disk. */
export interface AudioFile {
  readonly path: string;
  readonly bytes: number;
  readonly filename: string;
  readonly mimeType: string;
}

/** The gateway-level parameters (SPEC 4.1), read and checked against the model. */
export interface TranscriptionOptions {
  readonly entityDetection: boolean;
  readonly entityRedaction: boolean;
  readonly keyterms: readonly string[];
  readonly detectSpeakerRoles: boolean;
  /** The client's language hint, as sent. */
  readonly language: string | undefined;
}

/** One transcription as the route hands it to an adapter: everything checked, nothing sent yet. */
export interface TranscriptionJob {
  readonly model: TranscriptionModel;
  readonly format: TranscriptionFormat;
  readonly stream: boolean;
  readonly file: AudioFile;
  readonly options: TranscriptionOptions;
  /** The client's other fields this wire accepts (see `parameters`), as sent and in order. */
  readonly extra: readonly (readonly [name: string, value: string])[];
}

/** The only I/O an adapter does, injected by the route. */
export interface UpstreamIo {
  /** A job's first call: one of the provider's credentials, and once more on another when refused or failing. */
  send(build: (access: Access) => UpstreamRequest): Promise<{ up: UpstreamResponse; access: Access }>;
  /** A follow-up call on the credential of the first (an upload belongs to the account that made it). */
  sendAs(access: Access, req: UpstreamRequest): Promise<UpstreamResponse>;
  sleep(ms: number): Promise<void>;
}

/** The provider's final answer: a 2xx body still to read, or its refusal (nothing billable happened). */
export type ProviderAnswer = { ok: true; up: UpstreamResponse } | { ok: false; error: GatewayError };

export interface TranscriptionStream {
  /** One provider SSE event (without its blank line) → the events to send the client now. */
  push(block: string): string[];
  /** What the provider reported so far; undefined: nothing yet. */
  readonly usage: Usage | undefined;
}

/**
 * One provider wire's transcription, as translation plus the sequence of calls it takes. All I/O goes through
 * UpstreamIo, so adapters are tested against recorded answers without a network.
 */
export interface TranscriptionAdapter {
  /** Client fields besides the gateway's own that this wire takes (names without `[]`/`[key]` suffixes). */
  readonly parameters: ReadonlySet<string>;
  /** The surcharges a job incurs: the add-ons the adapter turns on upstream for the options asked. */
  surcharges(job: TranscriptionJob): SurchargedParameter[];
  /** Sends the job's call(s). */
  call(job: TranscriptionJob, io: UpstreamIo): Promise<ProviderAnswer>;
  /** A whole 2xx answer → the client's body in the job's format, and the usage to bill (undefined: not reported). */
  respond(text: string, job: TranscriptionJob): { body: string; usage: Usage | undefined };
  /** For stream=true, which the route lets through only for models whose block says supports_streaming. */
  streamTranslator?(job: TranscriptionJob, priceMicros: (usage: Usage) => number): TranscriptionStream;
}

/** A form field's name without the suffix clients use for lists and objects: `keyterms[]` → `keyterms`. */
export function baseName(field: string): string {
  const bracket = field.indexOf("[");
  return bracket === -1 ? field : field.slice(0, bracket);
}

/** Reads a refusal (non-2xx) into the client's error; the body is read whole (error bodies are small). */
export async function refusal(
  up: UpstreamResponse,
  access: Access,
  toError: (status: number, headers: UpstreamResponse["headers"], bodyText: string, credential: string) => GatewayError,
): Promise<ProviderAnswer> {
  return { ok: false, error: toError(up.status, up.headers, await up.body.text(), access.credential) };
}
