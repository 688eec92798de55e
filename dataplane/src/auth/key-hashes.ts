import { randomFillSync } from "node:crypto";
import { hashKey, sameHash } from "../../../proto/key-hash.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import { siphash24Ascii } from "./siphash.ts";

/** Keys remembered at most; past it the memory starts again empty (each key is then hashed once more). */
export const REMEMBERED_KEYS = 16_384;

interface Remembered {
  /** The SipHash's second 64 bits, which the entry's map key (from its first) does not hold. */
  readonly checkLow: number;
  readonly checkHigh: number;
  readonly hash: string;
}

/**
 * Finds the snapshot entry a presented key names, by its HMAC-SHA-256 under the deployment secret (how keys are
 * stored), without computing that HMAC on every request: it was ~2 µs of each request under load and ~45 µs of a
 * request on a cold core (one stream at a time: the first thing a request did after the core had run something
 * else; docs/performance.md). The HMAC of a key that authenticated is remembered under the 128-bit SipHash-2-4 of
 * the key under a random key of this process (116 of its bits, compared whole), never under the key itself: the
 * plaintext is not kept, and without this process's SipHash key nobody can make another string land on a remembered
 * entry.
 * Only the HMAC, which the snapshot already holds, is kept. Unknown and revoked keys are never remembered, so
 * guesses cannot push live keys out; an entry whose key is gone or revoked is dropped when next presented.
 */
export class KeyHashes {
  readonly #secret: string;
  readonly #capacity: number;
  readonly #sipKey = randomFillSync(new Uint32Array(4));
  /** 128 bits: one pass over the key (two 64-bit hashes under two keys were ~3 % of a short request's instructions). */
  readonly #out = new Uint32Array(4);
  readonly #remembered = new Map<number, Remembered>();
  #computed = 0;

  constructor(secret: string, capacity = REMEMBERED_KEYS) {
    this.#secret = secret;
    this.#capacity = capacity;
  }

  /** Keys remembered now. */
  get size(): number {
    return this.#remembered.size;
  }

  /** HMACs computed so far: what remembering saves, for the tests. */
  get computed(): number {
    return this.#computed;
  }

  /** The entry whose stored hash is the HMAC of `token`, live or revoked; undefined when no key has it. */
  find(token: string, store: { keyByHash(hash: string): KeyEntry | undefined }): KeyEntry | undefined {
    const out = this.#out;
    let slot = -1;
    let checkLow = 0;
    let checkHigh = 0;
    // a key with a character past ASCII is never a key the gateway minted: hashed, never remembered
    if (siphash24Ascii(this.#sipKey, token, out)) {
      // 52 bits: a map key that stays a small number (no string is built for it)
      slot = (out[1]! & 0xfffff) * 0x100000000 + out[0]!;
      checkLow = out[2]!;
      checkHigh = out[3]!;
      const known = this.#remembered.get(slot);
      if (known !== undefined && known.checkLow === checkLow && known.checkHigh === checkHigh) {
        const key = store.keyByHash(known.hash);
        if (key === undefined || key.revoked) this.#remembered.delete(slot);
        // both are HMACs of a key that already authenticated, neither the presented text: a plain comparison leaks
        // nothing a timing-safe one would hide (two buffers and timingSafeEqual were ~1 % of a request under load)
        return key !== undefined && key.hash === known.hash ? key : undefined;
      }
    }
    this.#computed++;
    const hash = hashKey(this.#secret, token);
    const key = store.keyByHash(hash);
    if (key === undefined || !sameHash(hash, key.hash ?? "")) return undefined;
    if (slot >= 0 && !key.revoked) {
      if (this.#remembered.size >= this.#capacity) this.#remembered.clear();
      this.#remembered.set(slot, { checkLow, checkHigh, hash });
    }
    return key;
  }
}
