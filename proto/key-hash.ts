import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Keys are stored and looked up only as HMAC-SHA-256 under a deployment secret (hex). */
export function hashKey(secret: string, plaintext: string): string {
  return createHmac("sha256", secret).update(plaintext).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export const KEY_PREFIX = { inference: "svc_", management: "svc_mgmt_" } as const;
export type KeyKind = keyof typeof KEY_PREFIX;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new key: prefix + 40 base62 characters (~238 bits). */
export function generateKey(kind: KeyKind): string {
  const bytes = randomBytes(40);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 62];
  return KEY_PREFIX[kind] + out;
}

export function keyKindOf(plaintext: string): KeyKind {
  return plaintext.startsWith(KEY_PREFIX.management) ? "management" : "inference";
}

/** What may be shown of a key: enough to recognise it, far too little to use it. */
export function displayPrefix(plaintext: string): string {
  const head = plaintext.startsWith(KEY_PREFIX.management) ? KEY_PREFIX.management.length : KEY_PREFIX.inference.length;
  return plaintext.slice(0, head + 4);
}
