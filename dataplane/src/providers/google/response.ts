import { GatewayError } from "../../errors.ts";
import { completionBody } from "../shared/openai-wire.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import type { ChatContext, Usage } from "../types.ts";
import { readGeminiResponse } from "./gemini-wire.ts";
import { finishReason, toolCall } from "./openai-wire.ts";
import { parseGeminiUsage } from "./usage.ts";

/**
 * A non-streamed GenerateContentResponse (https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse)
 * → the OpenAI `chat.completion` the client gets (https://platform.openai.com/docs/api-reference/chat/object):
 * - text parts, joined, are the content (null when there are none); thought parts (`thought: true`, sent with
 *   includeThoughts) are `reasoning_content`, the field OpenAI-compatible APIs such as DeepSeek's use;
 * - functionCall parts are tool_calls (ids call_0, call_1, … see openai-wire.ts);
 * - inline media the model made (images of image models) has no place in a chat completion and is left out.
 * Only the first candidate is read: the request never asks for more (`n` > 1 is refused).
 */
export function parseGenerateContentResponse(text: string, ctx: ChatContext): { body: string; usage: Usage | undefined } {
  const res = readGeminiResponse(parseResponseJson(text));
  if (!res) throw new GatewayError("upstream_error", "The provider sent a response the gateway could not read.");
  const candidate = res.candidates?.[0];
  if (!candidate) throw noCandidate(res.promptFeedback?.blockReason);

  const texts: string[] = [];
  const thoughts: string[] = [];
  const toolCalls: Array<Record<string, unknown>> = [];
  for (const part of candidate.content?.parts ?? []) {
    if (part.functionCall?.name !== undefined) toolCalls.push(toolCall(part, toolCalls.length));
    else if (typeof part.text === "string") (part.thought === true ? thoughts : texts).push(part.text);
  }

  const message: Record<string, unknown> = { role: "assistant", content: texts.length > 0 ? texts.join("") : null, refusal: null };
  if (thoughts.length > 0) message.reasoning_content = thoughts.join("");
  if (toolCalls.length > 0) message.tool_calls = toolCalls;

  const usage = parseGeminiUsage(res.usageMetadata);
  return { body: completionBody(ctx, message, finishReason(candidate.finishReason ?? "STOP", toolCalls.length), usage), usage };
}

/**
 * No candidate at all: Gemini blocked the prompt itself (promptFeedback.blockReason, e.g. SAFETY, BLOCKLIST,
 * PROHIBITED_CONTENT): the client's request, so a 400 naming the reason. Without a reason the provider failed.
 */
export function noCandidate(blockReason: string | undefined): GatewayError {
  if (blockReason && /^[A-Z_]{1,64}$/.test(blockReason)) {
    return new GatewayError("invalid_request_error", `The provider refused the prompt (block reason: ${blockReason}).`, { param: "messages" });
  }
  return new GatewayError("upstream_error", "The provider sent a response without an answer.");
}
