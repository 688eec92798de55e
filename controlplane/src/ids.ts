import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Public identifiers such as `org_…` and `key_…`: random, unguessable enough to not enumerate, never secret. */
export function newId(prefix: "org" | "key"): string {
  let out = "";
  for (const b of randomBytes(20)) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const ID_PATTERN = /^(org|key)_[0-9A-Za-z]{1,64}$/;
