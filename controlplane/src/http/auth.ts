import type { StoredKey } from "../db/repositories/keys.ts";
import { ControlError } from "../errors.ts";
import { authenticate, lookupKey } from "../services/keys.ts";
import type { ControlDeps } from "./types.ts";

/** The credential in `Authorization: Bearer <key>`, or undefined. Never part of any message. */
export function bearerToken(headers: Record<string, string>): string | undefined {
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(headers["authorization"] ?? "");
  return m?.[1];
}

const MISSING = "You didn't provide an API key. Send it in the Authorization header: Bearer <key>.";
const INVALID = "Incorrect API key provided.";

/** A live management key, or 401 (missing, unknown, revoked) / 403 (an inference key). */
export async function requireManagementKey(deps: ControlDeps, headers: Record<string, string>): Promise<StoredKey> {
  const token = bearerToken(headers);
  if (token === undefined) throw new ControlError("invalid_api_key", MISSING);
  const key = await authenticate(deps.db, deps.keyHashSecret, token);
  if (!key) throw new ControlError("invalid_api_key", INVALID);
  if (key.kind !== "management") {
    throw new ControlError("management_key_required", "This endpoint requires a management key (svc_mgmt_…); an inference key cannot manage keys.");
  }
  return key;
}

/**
 * The presenting inference key, revoked ones included (so that revoking oneself is idempotent), or 401 / 403
 * (a management key).
 */
export async function requirePresentedInferenceKey(deps: ControlDeps, headers: Record<string, string>): Promise<StoredKey> {
  const token = bearerToken(headers);
  if (token === undefined) throw new ControlError("invalid_api_key", MISSING);
  const key = await lookupKey(deps.db, deps.keyHashSecret, token);
  if (!key) throw new ControlError("invalid_api_key", INVALID);
  if (key.kind !== "inference") {
    throw new ControlError("inference_key_required", "This endpoint requires an inference key; a management key is refused here.");
  }
  return key;
}
