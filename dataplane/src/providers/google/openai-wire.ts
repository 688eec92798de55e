import { type FinishReason, functionToolCall } from "../shared/openai-wire.ts";
import type { GeminiPart } from "./gemini-wire.ts";

// Gemini's values in OpenAI's terms; the OpenAI shapes themselves are built in shared/openai-wire.ts.

/** Gemini's reasons for stopping that are a filter's verdict (https://ai.google.dev/api/generate-content#FinishReason). */
const FILTERED = new Set(["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION"]);

/**
 * Gemini's finishReason → OpenAI's finish_reason. Gemini ends a function-calling turn with STOP (its
 * finishMessage says "Model generated function call(s)."), so STOP with calls is OpenAI's tool_calls. Reasons
 * with no OpenAI counterpart (LANGUAGE, OTHER, MALFORMED_FUNCTION_CALL…) end the turn as "stop".
 */
export function finishReason(reason: string, toolCalls: number): FinishReason {
  if (reason === "MAX_TOKENS") return "length";
  if (FILTERED.has(reason)) return "content_filter";
  return toolCalls > 0 ? "tool_calls" : "stop";
}

/**
 * A functionCall part → an OpenAI tool call. Gemini's ids are optional and the Gemini API leaves them out, so ids
 * are `call_<n>`, n counting the calls of this response: deterministic, and the gateway finds the function's name
 * again by the id when the client sends the result back. The part's thought signature rides where Google's own
 * OpenAI-compatible endpoint puts it, `extra_content.google.thought_signature`
 * (https://ai.google.dev/gemini-api/docs/thought-signatures), so a client that echoes the tool call back keeps it.
 */
export function toolCall(part: GeminiPart, n: number): Record<string, unknown> {
  const call = functionToolCall(`call_${n}`, part.functionCall?.name ?? "", JSON.stringify(part.functionCall?.args ?? {}));
  if (part.thoughtSignature) call.extra_content = { google: { thought_signature: part.thoughtSignature } };
  return call;
}
