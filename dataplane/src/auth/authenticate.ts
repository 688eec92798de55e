import type { KeyEntry } from "../../../proto/messages.ts";
import { GatewayError } from "../errors.ts";
import type { KeyHashes } from "./key-hashes.ts";
import type { SnapshotStore } from "./snapshot-store.ts";

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(authorization: string): string | undefined {
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization);
  return m?.[1];
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
