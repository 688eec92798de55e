import type { ChatAdapter } from "../types.ts";
import { anthropicUpstreamError } from "./errors.ts";
import { buildMessagesRequest } from "./request.ts";
import { parseMessagesResponse } from "./response.ts";
import { AnthropicStreamTranslator } from "./stream.ts";
import { anthropicToolEntries } from "./tools.ts";

/** OpenAI-format chat completions served by Anthropic's Messages API: every byte both ways is translated. */
export const anthropicChat: ChatAdapter = {
  // a prefill's trailing whitespace is trimmed (messages.ts); tool results go as text; tools depend on nothing else
  conversation: { rebuilt: "texts as sent", closingTurnRead: true, toolResultsRead: false, toolEntries: anthropicToolEntries },
  buildRequest: buildMessagesRequest,
  parseResponse: parseMessagesResponse,
  createStreamTranslator: (ctx) => new AnthropicStreamTranslator(ctx),
  upstreamError: anthropicUpstreamError,
};
