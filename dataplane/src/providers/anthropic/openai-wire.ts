import type { FinishReason } from "../shared/openai-wire.ts";

/**
 * Anthropic's stop_reason → OpenAI's finish_reason. https://docs.anthropic.com/en/api/messages#response-stop-reason
 * pause_turn (a server-tool loop paused) ends the turn as far as an OpenAI client can tell; tool_use names only
 * the client's tools, so a turn whose one "tool call" was the JSON-mode answer ends with "stop".
 * The OpenAI shapes themselves are built in shared/openai-wire.ts.
 */
export function finishReason(stopReason: string | null | undefined, clientToolCalls: number): FinishReason {
  switch (stopReason) {
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "tool_use":
      return clientToolCalls > 0 ? "tool_calls" : "stop";
    case "refusal":
      return "content_filter";
    default:
      return "stop";
  }
}
