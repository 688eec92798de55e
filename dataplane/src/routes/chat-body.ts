import { z } from "zod";
import { GatewayError } from "../errors.ts";

/** Only what the gateway itself acts on is checked here; the rest of the body is the provider's to judge. */
export const ChatBody = z.object({
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).passthrough().nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  messages: z.array(z.unknown()).min(1, "`messages` must contain at least one message"),
});

export type ChatFields = z.infer<typeof ChatBody>;

const isBool = (v: unknown) => v === undefined || v === null || typeof v === "boolean";
const isCount = (v: unknown) => v === undefined || v === null || (typeof v === "number" && Number.isSafeInteger(v) && v > 0);

/**
 * The fields of a chat body the gateway acts on, as `ChatBody` reads them, or a 400 naming the first field it
 * refuses. A body ChatBody accepts is recognised by hand (zod's pass was ~2 µs of every request); any other is
 * handed to ChatBody for its exact refusal. A property test holds the two to the same verdict and fields.
 */
export function readChatBody(body: Record<string, unknown>): ChatFields {
  const { stream, stream_options: so, max_tokens, max_completion_tokens, messages } = body;
  if (
    isBool(stream) &&
    (so === undefined || so === null || (typeof so === "object" && !Array.isArray(so) && isBool((so as { include_usage?: unknown }).include_usage))) &&
    isCount(max_tokens) &&
    isCount(max_completion_tokens) &&
    Array.isArray(messages) &&
    messages.length > 0
  ) {
    return body as ChatFields;
  }
  const parsed = ChatBody.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new GatewayError("invalid_request_error", `Invalid \`${issue.path.join(".")}\`: ${issue.message}`, { param: issue.path.join(".") || null });
}
