import type { ImageModel } from "../../../catalog/src/index.ts";
import type { GatewayError } from "../errors.ts";
import type { MemoryPart } from "./shared/multipart-body.ts";
import type { UpstreamRequest, UpstreamTarget, Usage } from "./types.ts";

/** One part of a multipart/form-data body, in the order the client sent it. */
export type FormPart = MemoryPart;

/**
 * A picture given to POST /v1/images/edits: an uploaded file, a URL (http(s) or a base64 data: URL), or an OpenAI
 * Files API id. `param` names it as the client sent it (`image[]`, `images[2].image_url`, `mask.file_id`), for errors.
 */
export type InputPicture = { param: string } & (
  | { source: "upload"; data: Uint8Array; filename: string; contentType: string | undefined }
  | { source: "url"; url: string }
  | { source: "file_id"; fileId: string }
);

/**
 * An OpenAI images request as the route read it. `params` holds every field but the pictures, JSON values as
 * sent (multipart text fields as strings, but for n, output_compression, partial_images and stream, read as the
 * numbers and booleans they spell). `wire` keeps the body in the encoding the client chose, so an
 * OpenAI-format provider receives it in kind.
 */
export interface ImageRequest {
  operation: "generations" | "edits";
  params: Readonly<Record<string, unknown>>;
  prompt: string;
  images: readonly InputPicture[];
  mask: InputPicture | undefined;
  wire: { encoding: "json"; body: Readonly<Record<string, unknown>> } | { encoding: "multipart"; parts: readonly FormPart[] };
}

/** What an adapter knows of the call beyond the request: for the `created` field and a multipart boundary. */
export interface ImageCall {
  requestId: string;
  createdSec: number;
}

/** A provider's 2xx answer, read. */
export interface ImageResult {
  /** The OpenAI images JSON (`{created, data: [{b64_json}], usage, …}`) the client gets. */
  body: string;
  /** As the provider reported it; undefined: not reported. */
  usage: Usage | undefined;
  /** Pictures returned. */
  pictures: number;
  /** The tier the provider says it produced, where it says so (OpenAI resolves `auto` in its answer). */
  tier: { quality?: string; size?: string };
  /** The provider answered without a picture (a safety block): what the client gets instead of `body`. */
  refusal?: GatewayError;
}

/**
 * One provider's images wire format as pure translation: no I/O, no clock, no randomness beyond ImageCall.
 */
export interface ImageAdapter {
  /**
   * Refuses what this provider cannot carry out (a mask, a parameter without a counterpart, a picture it cannot
   * be given); runs with the gateway's other local checks, before any credential is looked at.
   */
  refuse(req: ImageRequest, model: ImageModel): void;
  buildRequest(req: ImageRequest, target: UpstreamTarget, call: ImageCall): UpstreamRequest;
  parseResponse(text: string, req: ImageRequest, call: ImageCall): ImageResult;
  /** A non-2xx answer → the error the client gets (OpenAI dialect); never echoes the credential. */
  upstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError;
}
