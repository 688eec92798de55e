// Test support for the request translation tests: build a translated body, or catch the refusal.
import { GatewayError } from "../../errors.ts";
import type { UpstreamTarget } from "../types.ts";
import { buildMessagesRequest } from "./request.ts";

export const target: UpstreamTarget = { baseUrl: "https://api.anthropic.com/", credential: "sk-ant-test", upstreamModel: "claude-sonnet-4-5-20250929", maxOutputTokens: 64000 };
export const hi = [{ role: "user", content: "Hi" }];

export function build(body: Record<string, unknown>, opts: { stream?: boolean; model?: string } = {}): Record<string, unknown> {
  const req = buildMessagesRequest({ model: "anthropic/claude-sonnet-4-5", ...body }, { ...target, upstreamModel: opts.model ?? target.upstreamModel }, opts.stream ?? false);
  return JSON.parse(req.body) as Record<string, unknown>;
}

export function refusal(body: Record<string, unknown>, model?: string): GatewayError {
  try {
    build(body, { model });
  } catch (err) {
    if (err instanceof GatewayError) return err;
    throw err;
  }
  throw new Error("expected a GatewayError");
}
