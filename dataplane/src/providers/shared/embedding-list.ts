// The OpenAI embeddings answer every provider's vectors are rendered into, and the one encoding of a vector as text
// that OpenAI's base64 format means: the vector's float32 values, little-endian, back to back, in standard base64
// (https://platform.openai.com/docs/api-reference/embeddings/create#embeddings-create-encoding_format). The official
// clients decode exactly that (openai-node's toFloat32Array), so it is what a client sees whoever served the call.
import { GatewayError } from "../../errors.ts";
import type { EmbeddingRequest, UpstreamEmbeddings } from "../embedding-types.ts";
import { invalid } from "./invalid.ts";
import { setTopLevelValues } from "./json-top-level.ts";

export function floatsToBase64(vector: readonly number[]): string {
  const bytes = Buffer.allocUnsafe(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i]!, i * 4);
  return bytes.toString("base64");
}

/** The inverse of floatsToBase64; a GatewayError when the text cannot be float32 values (the provider's fault). */
export function base64ToFloats(text: string): number[] {
  const bytes = Buffer.from(text, "base64");
  if (bytes.length % 4 !== 0) throw new GatewayError("upstream_error", "The provider sent an embedding that is not a float32 vector.");
  const out = new Array<number>(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}

/** A 2xx answer that is not what the provider's wire promises: the provider's failure, never the client's. */
export function invalidUpstreamAnswer(): GatewayError {
  return new GatewayError("upstream_error", "The provider sent an embeddings answer the gateway cannot read.");
}

/** The texts of a request served by a wire that takes text only (token ids were refused before, by tokenInput). */
export function textsOf(req: EmbeddingRequest): readonly string[] {
  if (req.input.kind !== "text") throw invalid("input", "This model embeds text only; send `input` as a string or an array of strings.");
  return req.input.texts;
}

/** How many vectors the request must get back. */
export function inputCount(req: EmbeddingRequest): number {
  return req.input.kind === "text" ? req.input.texts.length : req.input.tokens.length;
}

/**
 * `{object: "list", data: [{object: "embedding", index, embedding}], model, usage}` in the encoding the client
 * asked for, named by the gateway's slug. `promptTokens` is what the request is billed for. A provider that
 * answered another number of vectors than inputs failed: nothing is rendered.
 */
export function renderEmbeddingList(up: UpstreamEmbeddings, req: EmbeddingRequest, slug: string, promptTokens: number): string {
  const count = "asSent" in up ? up.asSent.count : up.vectors.length;
  if (count !== inputCount(req)) throw new GatewayError("upstream_error", `The provider answered ${count} embeddings for ${inputCount(req)} inputs.`);
  const usage = { prompt_tokens: promptTokens, total_tokens: promptTokens };
  if ("asSent" in up) return setTopLevelValues(up.asSent.text, up.asSent.members, { model: JSON.stringify(slug), usage: JSON.stringify(usage) });
  const data = up.vectors.map((v, index) => ({ object: "embedding", index, embedding: encode(v, req.encodingFormat) }));
  return JSON.stringify({ object: "list", data, model: slug, usage });
}

function encode(vector: readonly number[] | string, format: EmbeddingRequest["encodingFormat"]): readonly number[] | string {
  if (format === "base64") return typeof vector === "string" ? vector : floatsToBase64(vector);
  return typeof vector === "string" ? base64ToFloats(vector) : vector;
}
