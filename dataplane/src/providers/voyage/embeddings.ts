import { z } from "zod";
import type { EmbeddingAdapter, EmbeddingRequest, EmbeddingTarget, UpstreamEmbeddings } from "../embedding-types.ts";
import { invalidUpstreamAnswer, textsOf } from "../shared/embedding-list.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import type { JsonUpstreamRequest } from "../types.ts";
import { voyageUpstreamError } from "./errors.ts";

/**
 * Voyage's text embeddings (https://docs.voyageai.com/reference/embeddings-api): OpenAI's shape with its own names.
 * The width always goes as `output_dimension` where the model has a choice, so the answer has the width the svc
 * block promises even if Voyage's default moves. Its `encoding_format: "base64"` is "a base64-encoded NumPy array
 * of single-precision floats", little-endian as OpenAI's (voyage/embeddings.json decodes to a unit vector that way),
 * so base64 is asked of Voyage and passed on. `input_type` query/document makes Voyage prepend its retrieval prompt;
 * left out, it embeds the text as is.
 */
function buildVoyageRequest(req: EmbeddingRequest, _body: Readonly<Record<string, unknown>>, target: EmbeddingTarget): JsonUpstreamRequest {
  const out: Record<string, unknown> = { model: target.upstreamModel, input: textsOf(req) };
  if (req.inputType) out.input_type = req.inputType;
  if (req.widthIsChoice) out.output_dimension = req.dimensions;
  if (req.encodingFormat === "base64") out.encoding_format = "base64";
  return {
    url: new URL(`${target.baseUrl.replace(/\/+$/, "")}/embeddings`),
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${target.credential}` },
    body: JSON.stringify(out),
  };
}

const VoyageList = z.looseObject({
  data: z.array(z.looseObject({ index: z.number().int().nonnegative(), embedding: z.union([z.array(z.number()), z.string()]) })),
  /** Voyage counts only `total_tokens`: every token of an embeddings call is an input token. */
  usage: z.looseObject({ total_tokens: z.number().int().nonnegative().optional().catch(undefined) }).nullish().catch(undefined),
});

function parseVoyageResponse(text: string): UpstreamEmbeddings {
  const parsed = VoyageList.safeParse(parseResponseJson(text));
  if (!parsed.success) throw invalidUpstreamAnswer();
  const data = [...parsed.data.data].sort((a, b) => a.index - b.index);
  const total = parsed.data.usage?.total_tokens;
  return { vectors: data.map((d) => d.embedding), usage: total === undefined ? undefined : { inputTokens: total } };
}

export const voyageEmbeddings: EmbeddingAdapter = {
  tokenInput: false,
  buildRequest: buildVoyageRequest,
  parseResponse: parseVoyageResponse,
  upstreamError: voyageUpstreamError,
};
