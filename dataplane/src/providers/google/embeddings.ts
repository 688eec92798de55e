import { z } from "zod";
import type { EmbeddingAdapter, EmbeddingRequest, EmbeddingTarget, TokenCounter, UpstreamEmbeddings } from "../embedding-types.ts";
import { invalidUpstreamAnswer, textsOf } from "../shared/embedding-list.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import type { JsonUpstreamRequest } from "../types.ts";
import { geminiUpstreamError } from "./errors.ts";

const TASK_TYPE = { query: "RETRIEVAL_QUERY", document: "RETRIEVAL_DOCUMENT" } as const;

function modelPath(target: EmbeddingTarget, method: string): URL {
  const model = target.upstreamModel.replace(/^models\//, "");
  return new URL(`${target.baseUrl.replace(/\/+$/, "")}/models/${encodeURIComponent(model)}:${method}`);
}

function headers(target: EmbeddingTarget): Record<string, string> {
  // the key in a header, never the URL's `key=`, so a logged URL cannot leak it
  return { "x-goog-api-key": target.credential, "content-type": "application/json", accept: "application/json" };
}

/**
 * Gemini's batchEmbedContents (https://ai.google.dev/api/embeddings#method:-models.batchembedcontents): one
 * EmbedContentRequest per input, each naming the model again as `models/<id>`. The width always goes as
 * `outputDimensionality` where the model has a choice, so the answer has the width the svc block promises.
 */
function buildGeminiRequest(req: EmbeddingRequest, _body: Readonly<Record<string, unknown>>, target: EmbeddingTarget): JsonUpstreamRequest {
  const model = `models/${target.upstreamModel.replace(/^models\//, "")}`;
  const requests = textsOf(req).map((text) => {
    const one: Record<string, unknown> = { model, content: { parts: [{ text }] } };
    if (req.widthIsChoice) one.outputDimensionality = req.dimensions;
    if (req.inputType) one.taskType = TASK_TYPE[req.inputType];
    return one;
  });
  return { url: modelPath(target, "batchEmbedContents"), headers: headers(target), body: JSON.stringify({ requests }) };
}

const GeminiEmbeddings = z.looseObject({
  embeddings: z.array(z.looseObject({ values: z.array(z.number()) })),
  /** EmbeddingUsageMetadata: documented, but absent from the answers recorded so far (gemini/embeddings-*.json). */
  usageMetadata: z.looseObject({ promptTokenCount: z.number().int().nonnegative().optional().catch(undefined) }).optional().catch(undefined),
});

/**
 * Vectors come back scaled to unit length. OpenAI's are (clients compare them with a plain dot product); Google's
 * embeddings guide says gemini-embedding-001 is normalized only at its full 3072 width and asks callers to normalize
 * smaller ones (https://ai.google.dev/gemini-api/docs/embeddings): the 768-wide recording
 * gemini/embeddings-batch-768.json has length 0.57.
 */
function parseGeminiResponse(text: string): UpstreamEmbeddings {
  const parsed = GeminiEmbeddings.safeParse(parseResponseJson(text));
  if (!parsed.success) throw invalidUpstreamAnswer();
  const prompt = parsed.data.usageMetadata?.promptTokenCount;
  return { vectors: parsed.data.embeddings.map((e) => unitLength(e.values)), usage: prompt === undefined ? undefined : { inputTokens: prompt } };
}

function unitLength(v: number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm > 0 ? v.map((x) => x / norm) : v;
}

const CountTokensResponse = z.looseObject({ totalTokens: z.number().int().nonnegative() });

/**
 * countTokens on the embedding model itself counts with the tokenizer the call is billed by; Google serves it on
 * embedding models (gemini/count-tokens.json is a real answer of gemini-embedding-2-preview) and documents the call
 * as carrying no charge (https://firebase.google.com/docs/vertex-ai/count-tokens). One content per input, as
 * batchEmbedContents embeds them.
 */
const geminiTokenCounter: TokenCounter = {
  buildRequest(req, target) {
    const contents = textsOf(req).map((text) => ({ role: "user", parts: [{ text }] }));
    return { url: modelPath(target, "countTokens"), headers: headers(target), body: JSON.stringify({ contents }) };
  },
  parseResponse(text) {
    try {
      const parsed = CountTokensResponse.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.totalTokens : undefined;
    } catch {
      return undefined;
    }
  },
};

export const geminiEmbeddings: EmbeddingAdapter = {
  tokenInput: false,
  buildRequest: buildGeminiRequest,
  parseResponse: parseGeminiResponse,
  upstreamError: geminiUpstreamError,
  tokenCounter: geminiTokenCounter,
};
