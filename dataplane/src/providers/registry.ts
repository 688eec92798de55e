import type { Model, Provider } from "../../../catalog/src/index.ts";
import { anthropicChat } from "./anthropic/chat.ts";
import { geminiChat } from "./google/chat.ts";
import { buildChatRequest, parseChatResponse } from "./openai-compat/chat.ts";
import { openAIUpstreamError } from "./openai-compat/errors.ts";
import { OpenAIStreamMeter } from "./openai-compat/stream.ts";
import type { ChatAdapter } from "./types.ts";
import { hasEmbeddingAdapter } from "./embedding-registry.ts";
import { hasImageAdapter } from "./image-registry.ts";
import { hasTranscriptionAdapter } from "./transcription-registry.ts";

const openAICompatChat: ChatAdapter = {
  conversation: "forwarded",
  buildRequest: buildChatRequest,
  parseResponse: parseChatResponse,
  createStreamTranslator: (ctx) => new OpenAIStreamMeter(ctx),
  upstreamError: openAIUpstreamError,
};

/** Explicit registration: a wire format serves a kind only once its adapter is listed here. */
const chatAdapters: Partial<Record<Provider["wire"], ChatAdapter>> = {
  openai: openAICompatChat,
  anthropic: anthropicChat,
  gemini: geminiChat,
};

export function chatAdapterFor(provider: Provider): ChatAdapter | undefined {
  return chatAdapters[provider.wire];
}

/** Whether the gateway has the code to serve this model's kind on its provider's wire format. */
export function hasAdapter(model: Model, provider: Provider): boolean {
  switch (model.kind) {
    case "chat":
      return chatAdapters[provider.wire] !== undefined;
    case "embedding":
      return hasEmbeddingAdapter(model, provider);
    case "image":
      return hasImageAdapter(model, provider);
    case "transcription":
      return hasTranscriptionAdapter(model, provider);
  }
}
