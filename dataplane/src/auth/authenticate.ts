import type { KeyEntry } from "../../../proto/messages.ts";
import { GatewayError } from "../errors.ts";
import type { KeyHashes } from "./key-hashes.ts";
import type { SnapshotStore } from "./snapshot-store.ts";

const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

/**
 * The bearer token of an `Authorization` header, or undefined. The form every SDK sends, `Bearer ` and a token of
 * printable ASCII, is read without the regular expression, which takes any other spelling: its match was ~2 µs of a
 * request at one request at a time, cold (docs/performance.md).
 */
export function bearerToken(authorization: string): string | undefined {
  if (authorization.length > 7 && authorization.startsWith("Bearer ") && printableFrom(authorization, 7)) return authorization.slice(7);
  return BEARER.exec(authorization)?.[1];
}

/** Whether every character from `from` on is printable ASCII other than a space: each one `\S` matches. */
function printableFrom(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f) return false;
  }
  return true;
}

/**
 * The live key presenting this header. Unknown and revoked keys get the same 401, so a revoked key learns
 * nothing; a management key gets 403 on every route that needs an inference key.
 */
export function authenticateInference(authorization: string, store: SnapshotStore, hashes: KeyHashes): KeyEntry {
  if (!store.loaded) throw new GatewayError("gateway_starting", "The gateway is starting; retry in a moment.");
  const token = bearerToken(authorization);
  if (token === undefined) {
    throw new GatewayError("missing_api_key", "No API key was provided. Send it as the header `Authorization: Bearer <key>`.");
  }
  const key = hashes.find(token, store);
  if (!key || key.revoked) {
    throw new GatewayError("invalid_api_key", "The API key is not valid or has been revoked.");
  }
  if (key.kind !== "inference") {
    throw new GatewayError("inference_key_required", "Management keys cannot be used here; use an inference key.");
  }
  return key;
}
