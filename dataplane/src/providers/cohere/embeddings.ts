import { z } from "zod";
import type { EmbeddingAdapter, EmbeddingRequest, EmbeddingTarget, UpstreamEmbeddings } from "../embedding-types.ts";
import { invalidUpstreamAnswer, textsOf } from "../shared/embedding-list.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import type { JsonUpstreamRequest } from "../types.ts";
import { cohereUpstreamError } from "./errors.ts";

/**
 * Cohere's v2 embed (https://docs.cohere.com/reference/embed). `input_type` is required for Embed v3 and later;
 * OpenAI's wire has no such notion, so a request that does not say (the gateway's `input_type` extension) is
 * embedded as `search_document`, the type for text that is stored and searched, which is what most embedding calls
 * are. Floats only are asked for: Cohere's other `embedding_types` are quantized (int8, binary…), not OpenAI's
 * float32, so base64 is encoded by the gateway. The width goes as `output_dimension` where the model has a choice.
 */
function buildCohereRequest(req: EmbeddingRequest, _body: Readonly<Record<string, unknown>>, target: EmbeddingTarget): JsonUpstreamRequest {
  const out: Record<string, unknown> = {
    model: target.upstreamModel,
    texts: textsOf(req),
    input_type: req.inputType === "query" ? "search_query" : "search_document",
    embedding_types: ["float"],
  };
  if (req.widthIsChoice) out.output_dimension = req.dimensions;
  return {
    url: new URL(`${target.baseUrl.replace(/\/+$/, "")}/v2/embed`),
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${target.credential}` },
    body: JSON.stringify(out),
  };
}

const CohereEmbedResponse = z.looseObject({
  embeddings: z.looseObject({ float: z.array(z.array(z.number())) }),
  /** What Cohere bills: `billed_units.input_tokens` (embeddings have no output). */
  meta: z
    .looseObject({ billed_units: z.looseObject({ input_tokens: z.number().int().nonnegative().optional().catch(undefined) }).nullish().catch(undefined) })
    .nullish()
    .catch(undefined),
});

function parseCohereResponse(text: string): UpstreamEmbeddings {
  const parsed = CohereEmbedResponse.safeParse(parseResponseJson(text));
  if (!parsed.success) throw invalidUpstreamAnswer();
  const billed = parsed.data.meta?.billed_units?.input_tokens;
  return { vectors: parsed.data.embeddings.float, usage: billed === undefined ? undefined : { inputTokens: billed } };
}

export const cohereEmbeddings: EmbeddingAdapter = {
  tokenInput: false,
  buildRequest: buildCohereRequest,
  parseResponse: parseCohereResponse,
  upstreamError: cohereUpstreamError,
};
