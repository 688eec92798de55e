import type { GatewayError } from "../errors.ts";
import type { MemberSpan } from "./shared/json-top-level.ts";
import type { JsonUpstreamRequest, Usage } from "./types.ts";

/** What to embed: texts, or token-id arrays (OpenAI's own wire takes those too). One vector comes back per entry. */
export type EmbeddingInput = { kind: "text"; texts: readonly string[] } | { kind: "tokens"; tokens: readonly (readonly number[])[] };

/** A POST /v1/embeddings body as the gateway checked it (capabilities/embedding.ts), whatever provider serves it. */
export interface EmbeddingRequest {
  input: EmbeddingInput;
  /** The width the answer has: `dimensions` as sent, else the model's default_dimensions. */
  dimensions: number;
  /** The client named a width. */
  dimensionsSent: boolean;
  /** The model has more than one width; where it has exactly one, no upstream is asked for a width at all. */
  widthIsChoice: boolean;
  encodingFormat: "float" | "base64";
  /** The gateway's extension for providers that embed queries and documents differently; undefined: not said. */
  inputType: "query" | "document" | undefined;
}

export interface EmbeddingTarget {
  /** Base URL as the provider's SDK spells it. */
  baseUrl: string;
  credential: string;
  upstreamModel: string;
}

/**
 * A provider's answer, read: one vector per input in input order (floats, or base64 little-endian float32), or
 * OpenAI's list as the provider wrote it when it already is what the client asked for (the vectors are not
 * copied: openai-compat/embedding-list-scan.ts); and its usage either way.
 */
export type UpstreamEmbeddings = { vectors: readonly (readonly number[] | string)[]; usage: Usage | undefined } | { asSent: OpenAIListText; usage: Usage | undefined };

/** OpenAI's list in the encoding the client asked for, its indexes 0, 1, 2, … in order: only model and usage are set. */
export interface OpenAIListText {
  readonly text: string;
  /** Its top-level members (json-top-level.ts). */
  readonly members: ReadonlyMap<string, MemberSpan>;
  /** How many vectors it holds. */
  readonly count: number;
}

/** A second call that counts the request's tokens, for a provider whose embeddings answer carries no count. */
export interface TokenCounter {
  buildRequest(req: EmbeddingRequest, target: EmbeddingTarget): JsonUpstreamRequest;
  /** The count from a 2xx answer; undefined when the answer does not say. Never throws. */
  parseResponse(text: string): number | undefined;
}

/**
 * One provider wire's embeddings, as pure translation: no I/O (that is upstream/'s), no clock. The OpenAI list the
 * client gets is rendered by shared/embedding-list.ts from what parseResponse read.
 */
export interface EmbeddingAdapter {
  /** Whether token-id arrays may be sent; elsewhere they are a local 400. */
  readonly tokenInput: boolean;
  /** The upstream call; `body` is the client's JSON as received, for wires that pass it through. */
  buildRequest(req: EmbeddingRequest, body: Readonly<Record<string, unknown>>, target: EmbeddingTarget): JsonUpstreamRequest;
  /** A 2xx body → the vectors and usage; a GatewayError (upstream_error) when it is not what the wire promises. */
  parseResponse(text: string, req: EmbeddingRequest): UpstreamEmbeddings;
  /** A non-2xx answer → the error the client gets (OpenAI dialect); never echoes the credential. */
  upstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError;
  readonly tokenCounter?: TokenCounter;
}
