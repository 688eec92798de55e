import type { Model, Provider, Wire } from "../../../catalog/src/index.ts";
import { cohereEmbeddings } from "./cohere/embeddings.ts";
import type { EmbeddingAdapter } from "./embedding-types.ts";
import { geminiEmbeddings } from "./google/embeddings.ts";
import { openAIEmbeddings, strictOpenAICompatEmbeddings } from "./openai-compat/embeddings.ts";
import { voyageEmbeddings } from "./voyage/embeddings.ts";

/** Explicit registration: a wire format serves embeddings only once its adapter is listed here. */
const byWire: Partial<Record<Wire, EmbeddingAdapter>> = {
  openai: strictOpenAICompatEmbeddings,
  voyage: voyageEmbeddings,
  gemini: geminiEmbeddings,
  cohere: cohereEmbeddings,
};

/**
 * OpenAI itself gets the client's body as it came (token ids, `user`, fields OpenAI adds later); every other
 * OpenAI-compatible vendor gets only what the shared wire defines, since they refuse fields they do not know.
 */
const byNamespace: ReadonlyMap<string, EmbeddingAdapter> = new Map([["openai", openAIEmbeddings]]);

export function embeddingAdapterFor(provider: Provider): EmbeddingAdapter | undefined {
  return byNamespace.get(provider.namespace) ?? byWire[provider.wire];
}

export function hasEmbeddingAdapter(model: Model, provider: Provider): boolean {
  return model.kind === "embedding" && embeddingAdapterFor(provider) !== undefined;
}
