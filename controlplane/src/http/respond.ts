import { toErrorBody } from "../errors.ts";
import type { ControlResponse } from "./types.ts";

// Management responses may carry a freshly minted key; no cache may keep them.
const BASE_HEADERS = Object.freeze({ "content-type": "application/json", "cache-control": "no-store" });

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ControlResponse {
  return { status, headers: { ...BASE_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export function errorResponse(err: unknown, headers: Record<string, string> = {}): ControlResponse {
  const { status, body } = toErrorBody(err);
  return json(status, body, headers);
}
