import type { KeyEntry } from "../../../proto/messages.ts";
import { GatewayError } from "../errors.ts";

const WINDOW_MS = 60_000;

/** Two fixed one-minute buckets; the previous one counts in proportion to how much of it the sliding minute still covers. */
class SlidingMinute {
  #start = 0;
  #prev = 0;
  #curr = 0;

  #roll(now: number): void {
    const bucket = now - (now % WINDOW_MS);
    if (bucket === this.#start) return;
    this.#prev = bucket - this.#start === WINDOW_MS ? this.#curr : 0;
    this.#curr = 0;
    this.#start = bucket;
  }

  used(now: number): number {
    this.#roll(now);
    const coverOfPrev = 1 - (now - this.#start) / WINDOW_MS;
    return this.#prev * coverOfPrev + this.#curr;
  }

  add(n: number, now: number): void {
    this.#roll(now);
    this.#curr += n;
  }

  /** Seconds until the sliding minute has room for one more unit under `limit` (at least 1). */
  secondsUntilRoom(limit: number, now: number): number {
    this.#roll(now);
    const over = this.used(now) - limit + 1;
    if (this.#prev === 0) return Math.max(1, Math.ceil((this.#start + WINDOW_MS - now) / 1000));
    // the previous bucket's weight shrinks linearly: find when prev × cover + curr ≤ limit − 1
    const msNeeded = (over / this.#prev) * WINDOW_MS;
    return Math.max(1, Math.min(60, Math.ceil(msNeeded / 1000)));
  }
}

/**
 * A key's requests-per-minute and tokens-per-minute limits, enforced on each replica as its share of the plan:
 * floor(limit / replicas), at least 1, so N replicas together never allow more than the plan (except a plan
 * smaller than the replica count, where each replica allows 1). Tokens are counted when a request ends, so a
 * replica can pass its token share by at most the requests it admitted while under it.
 */
export class RateLimiter {
  readonly #requests = new Map<string, SlidingMinute>();
  readonly #tokens = new Map<string, SlidingMinute>();

  /** Admits one request of this key now or throws 429 with Retry-After and x-ratelimit-* headers. */
  admit(key: KeyEntry, replicas: number, now: number): void {
    const rpm = key.limits?.requestsPerMinute;
    const tpm = key.limits?.tokensPerMinute;
    if (rpm == null && tpm == null) return;
    const id = key.id ?? "";
    const headers: Record<string, string> = {};
    let refused: { what: string; retry: number } | undefined;
    if (rpm != null) {
      const share = shareOf(Number(rpm), replicas);
      const w = window(this.#requests, id);
      const used = w.used(now);
      headers["x-ratelimit-limit-requests"] = String(share);
      headers["x-ratelimit-remaining-requests"] = String(Math.max(0, Math.floor(share - used - 1)));
      if (used + 1 > share) refused = { what: `requests per minute (${share} on this replica of ${Number(rpm)} for the key)`, retry: w.secondsUntilRoom(share, now) };
      headers["x-ratelimit-reset-requests"] = `${w.secondsUntilRoom(share, now)}s`;
    }
    if (tpm != null) {
      const share = shareOf(Number(tpm), replicas);
      const w = window(this.#tokens, id);
      const used = w.used(now);
      headers["x-ratelimit-limit-tokens"] = String(share);
      headers["x-ratelimit-remaining-tokens"] = String(Math.max(0, Math.floor(share - used)));
      headers["x-ratelimit-reset-tokens"] = `${w.secondsUntilRoom(share, now)}s`;
      if (!refused && used >= share) refused = { what: `tokens per minute (${share} on this replica of ${Number(tpm)} for the key)`, retry: w.secondsUntilRoom(share, now) };
    }
    if (refused) {
      throw new GatewayError("rate_limit_exceeded", `Rate limit reached for this key: ${refused.what}. Retry after ${refused.retry} s.`, {
        headers: { ...headers, "retry-after": String(refused.retry) },
      });
    }
    window(this.#requests, id).add(1, now);
  }

  /** The tokens a finished request used, for the key's tokens-per-minute window. */
  recordTokens(keyId: string, tokens: number, now: number): void {
    if (tokens > 0 && this.#tokens.has(keyId)) window(this.#tokens, keyId).add(tokens, now);
  }
}

function shareOf(limit: number, replicas: number): number {
  return Math.max(1, Math.floor(limit / Math.max(1, replicas)));
}

function window(m: Map<string, SlidingMinute>, id: string): SlidingMinute {
  let w = m.get(id);
  if (!w) m.set(id, (w = new SlidingMinute()));
  return w;
}
