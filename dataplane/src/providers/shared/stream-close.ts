// How every stream the gateway serves ends: the same error for a stream cut short, and for translated streams the
// same closing events, so OpenAI clients see one ending whichever provider answered.
import { GatewayError } from "../../errors.ts";
import type { ChatContext, Usage } from "../types.ts";
import { DONE_EVENT, usageEvent } from "./openai-wire.ts";

/** The provider's stream ended without its end marker: the caller sends this as the stream's last event. */
export function streamCutShort(): GatewayError {
  return new GatewayError("upstream_error", "The provider's stream ended before it was complete.");
}

/** The usage chunk when the client asked for it (and the provider reported usage), then `data: [DONE]`. */
export function closingEvents(ctx: ChatContext, usage: Usage | undefined): string[] {
  const out: string[] = [];
  if (ctx.clientWantsUsage && usage) out.push(usageEvent(ctx, usage));
  out.push(DONE_EVENT);
  return out;
}
