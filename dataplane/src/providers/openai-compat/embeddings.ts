import { z } from "zod";
import type { GatewayError } from "../../errors.ts";
import type { EmbeddingAdapter, EmbeddingRequest, EmbeddingTarget, UpstreamEmbeddings } from "../embedding-types.ts";
import { invalidUpstreamAnswer } from "../shared/embedding-list.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import { retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";
import type { JsonUpstreamRequest, Usage } from "../types.ts";
import { upstreamUrl } from "../shared/upstream-url.ts";
import { scanEmbeddingList } from "./embedding-list-scan.ts";

/** The gateway's own fields: never part of an upstream's wire. */
const GATEWAY_FIELDS = ["stream", "input_type"] as const;

/**
 * OpenAI itself (https://platform.openai.com/docs/api-reference/embeddings/create): the client's body goes upstream
 * as it came, with the provider's model id and without the gateway's own fields, so OpenAI's later additions and
 * its token-id input pass through. `dimensions` is dropped only where the model publishes a single width.
 */
function buildOpenAIRequest(req: EmbeddingRequest, body: Readonly<Record<string, unknown>>, target: EmbeddingTarget): JsonUpstreamRequest {
  const out: Record<string, unknown> = { ...body, model: target.upstreamModel };
  for (const f of GATEWAY_FIELDS) delete out[f];
  if (!req.widthIsChoice) delete out.dimensions;
  return post(target, out);
}

/**
 * Other OpenAI-compatible upstreams validate the body strictly: Mistral answers 422 `extra_forbidden` for any field
 * it does not know (`user`, `dimensions`), calls the width `output_dimension`, and answers 400 "This model does not
 * support output_dimension" for a model with one width (https://docs.mistral.ai/api/endpoint/embeddings). So they
 * get only what their wire defines, and a width only when the model has a choice and the client made one. Floats
 * are always asked for: their base64 layout is not documented, so the gateway encodes OpenAI's itself.
 */
function buildStrictRequest(req: EmbeddingRequest, body: Readonly<Record<string, unknown>>, target: EmbeddingTarget): JsonUpstreamRequest {
  const out: Record<string, unknown> = { model: target.upstreamModel, input: body.input };
  if (req.widthIsChoice && req.dimensionsSent) out.output_dimension = req.dimensions;
  return post(target, out);
}

function post(target: EmbeddingTarget, body: Record<string, unknown>): JsonUpstreamRequest {
  return {
    url: upstreamUrl(target.baseUrl, "/embeddings"),
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${target.credential}` },
    body: JSON.stringify(body),
  };
}

const count = z.number().int().nonnegative().optional().catch(undefined);
const OpenAIEmbeddingUsage = z.looseObject({ prompt_tokens: count, total_tokens: count }).nullish().catch(undefined);
const OpenAIEmbeddingList = z.looseObject({
  data: z.array(z.looseObject({ index: z.number().int().nonnegative(), embedding: z.union([z.array(z.number()), z.string()]) })),
  usage: OpenAIEmbeddingUsage,
});

/**
 * OpenAI's list, in index order; usage is `prompt_tokens` (embeddings have no output tokens). An answer that
 * already is the list the client asked for is kept as text (embedding-list-scan.ts), its usage read from the scan.
 */
export function parseOpenAIEmbeddings(text: string, req: Pick<EmbeddingRequest, "encodingFormat">): UpstreamEmbeddings {
  const shape = scanEmbeddingList(text, req.encodingFormat);
  if (shape !== undefined) return { asSent: { text, members: shape.members, count: shape.count }, usage: usageOf(shape.usage) };
  const parsed = OpenAIEmbeddingList.safeParse(parseResponseJson(text));
  if (!parsed.success) throw invalidUpstreamAnswer();
  const data = [...parsed.data.data].sort((a, b) => a.index - b.index);
  return { vectors: data.map((d) => d.embedding), usage: usageOf(parsed.data.usage) };
}

function usageOf(value: unknown): Usage | undefined {
  const u = OpenAIEmbeddingUsage.parse(value);
  const prompt = u?.prompt_tokens ?? u?.total_tokens;
  return prompt === undefined ? undefined : { inputTokens: prompt };
}

const CompatError = z.looseObject({
  error: z.looseObject({ message: z.string().optional(), param: z.string().nullish() }).optional().catch(undefined),
  message: z.unknown().optional(),
});

/**
 * OpenAI's `{error: {message, param}}`, or the top-level `message` Mistral's validation answers carry (a string, or
 * a list of pydantic issues: then the generic wording of the policy stands), by the shared policy.
 */
export function openAICompatEmbeddingError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  let message: string | undefined;
  let param: string | undefined;
  try {
    const parsed = CompatError.safeParse(JSON.parse(bodyText));
    if (parsed.success) {
      message = parsed.data.error?.message ?? (typeof parsed.data.message === "string" ? parsed.data.message : undefined);
      param = parsed.data.error?.param ?? undefined;
    }
  } catch {
    // not JSON (a proxy's page): the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, { message: message || undefined, param, retryAfter: retryAfterHeader(headers) }, credential);
}

export const openAIEmbeddings: EmbeddingAdapter = {
  tokenInput: true,
  buildRequest: buildOpenAIRequest,
  parseResponse: parseOpenAIEmbeddings,
  upstreamError: openAICompatEmbeddingError,
};

export const strictOpenAICompatEmbeddings: EmbeddingAdapter = {
  tokenInput: false,
  buildRequest: buildStrictRequest,
  parseResponse: parseOpenAIEmbeddings,
  upstreamError: openAICompatEmbeddingError,
};
