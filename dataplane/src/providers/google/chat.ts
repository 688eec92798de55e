import type { ChatAdapter } from "../types.ts";
import { geminiUpstreamError } from "./errors.ts";
import { buildGenerateContentRequest } from "./request.ts";
import { parseGenerateContentResponse } from "./response.ts";
import { GeminiStreamTranslator } from "./stream.ts";
import { geminiToolEntries } from "./tools.ts";

/** OpenAI-format chat completions served by Gemini's native generateContent API: every byte both ways is translated. */
export const geminiChat: ChatAdapter = {
  // a tool result that is JSON goes as data (messages.ts); nothing else is looked into; tools depend on nothing else
  conversation: { rebuilt: "texts as sent", closingTurnRead: false, toolResultsRead: true, toolEntries: geminiToolEntries },
  buildRequest: buildGenerateContentRequest,
  parseResponse: parseGenerateContentResponse,
  createStreamTranslator: (ctx) => new GeminiStreamTranslator(ctx),
  upstreamError: geminiUpstreamError,
};
