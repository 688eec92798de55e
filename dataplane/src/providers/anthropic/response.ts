import { GatewayError } from "../../errors.ts";
import { completionBody, functionToolCall } from "../shared/openai-wire.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import type { ChatContext, Usage } from "../types.ts";
import { MessageResponse } from "./anthropic-wire.ts";
import { JSON_TOOL_NAME } from "./json-mode.ts";
import { finishReason } from "./openai-wire.ts";
import { parseAnthropicUsage } from "./usage.ts";

/**
 * A non-streamed Anthropic message (https://docs.anthropic.com/en/api/messages) → the OpenAI `chat.completion` the
 * client gets (https://platform.openai.com/docs/api-reference/chat/object):
 * - text blocks, joined (Anthropic splits text around citations), are the content; null when there is none;
 * - tool_use blocks are tool_calls with their input as a JSON text; the JSON-mode tool's input is the content;
 * - thinking blocks are `reasoning_content` (the field OpenAI-compatible APIs such as DeepSeek's use); redacted
 *   thinking carries nothing readable and server-tool blocks nothing the client can act on, so both are left out.
 */
export function parseMessagesResponse(text: string, ctx: ChatContext): { body: string; usage: Usage | undefined } {
  const parsed = MessageResponse.safeParse(parseResponseJson(text));
  if (!parsed.success) throw new GatewayError("upstream_error", "The provider sent a response the gateway could not read.");
  const msg = parsed.data;

  const texts: string[] = [];
  const thoughts: string[] = [];
  const toolCalls: Array<Record<string, unknown>> = [];
  let jsonAnswer: string | undefined;
  for (const block of msg.content) {
    if (block.type === "text" && "text" in block && typeof block.text === "string") texts.push(block.text);
    else if (block.type === "thinking" && "thinking" in block && typeof block.thinking === "string") thoughts.push(block.thinking);
    else if (block.type === "tool_use" && "name" in block && typeof block.name === "string" && "id" in block && typeof block.id === "string") {
      const args = JSON.stringify(block.input ?? {});
      if (block.name === JSON_TOOL_NAME) jsonAnswer = args;
      else toolCalls.push(functionToolCall(block.id, block.name, args));
    }
  }

  const message: Record<string, unknown> = {
    role: "assistant",
    // In JSON mode the answer is the JSON alone: any text beside it would make the content unparseable.
    content: jsonAnswer ?? (texts.length > 0 ? texts.join("") : null),
    refusal: null,
  };
  if (thoughts.length > 0) message.reasoning_content = thoughts.join("\n\n");
  if (toolCalls.length > 0) message.tool_calls = toolCalls;

  const usage = parseAnthropicUsage(msg.usage);
  return { body: completionBody(ctx, message, finishReason(msg.stop_reason, toolCalls.length), usage), usage };
}
