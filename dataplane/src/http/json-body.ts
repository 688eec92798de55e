import { GatewayError } from "../errors.ts";

/** The body as a JSON object, or a 400 that says what is wrong with it. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) throw new GatewayError("invalid_json", "The request body is empty; send a JSON object.");
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new GatewayError("invalid_json", "The request body is not valid JSON.");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new GatewayError("invalid_json", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}
