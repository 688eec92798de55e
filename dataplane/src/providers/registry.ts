import type { Model, Provider } from "../../../catalog/src/index.ts";
import type { GatewayError } from "../errors.ts";
import { buildChatRequest, chatResponseUsage } from "./openai-compat/chat.ts";
import { openAIUpstreamError } from "./openai-compat/errors.ts";
import { OpenAIStreamMeter } from "./openai-compat/stream.ts";
import type { UpstreamRequest, UpstreamTarget, Usage } from "./types.ts";

/** What the chat route needs from a provider's wire format. */
export interface ChatAdapter {
  buildRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): UpstreamRequest;
  responseUsage(json: unknown): Usage | undefined;
  createStreamMeter(clientWantsUsage: boolean): { push(block: string): string | undefined; usage: Usage | undefined; dataEvents: number; sawDone: boolean };
  upstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError;
}

const openAICompatChat: ChatAdapter = {
  buildRequest: buildChatRequest,
  responseUsage: chatResponseUsage,
  createStreamMeter: (clientWantsUsage) => new OpenAIStreamMeter(clientWantsUsage),
  upstreamError: openAIUpstreamError,
};

/** Explicit registration: a wire format serves a kind only once its adapter is listed here. */
const chatAdapters: Partial<Record<Provider["wire"], ChatAdapter>> = {
  openai: openAICompatChat,
};

export function chatAdapterFor(provider: Provider): ChatAdapter | undefined {
  return chatAdapters[provider.wire];
}

/** Whether the gateway has the code to serve this model's kind on its provider's wire format. */
export function hasAdapter(model: Model, provider: Provider): boolean {
  switch (model.kind) {
    case "chat":
      return chatAdapters[provider.wire] !== undefined;
    default:
      return false;
  }
}
