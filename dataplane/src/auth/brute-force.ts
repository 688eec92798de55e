import { isIP } from "node:net";

export interface AuthFailurePolicy {
  /** Bad credentials an address may present in a burst before it is refused; 0 turns the guard off. */
  burst: number;
  /** How fast an address earns its attempts back once past the burst. */
  perMinute: number;
  /** Most addresses remembered at once: an attacker rotating addresses costs bounded memory. */
  maxAddresses?: number;
}

interface Bucket {
  /** Failures not yet forgiven, as of `atMs`. */
  score: number;
  atMs: number;
}

const DEFAULT_MAX_ADDRESSES = 100_000;

/**
 * Per-address counter of refused credentials, a leaky bucket: each refusal adds one, `perMinute` leak away
 * every minute, and an address whose bucket is full is refused before its credential is even looked at. It
 * is consulted before authentication because refusing only bad keys would still tell a guesser which key is
 * good (429 for bad, 200 for good) at full speed. Keys are ~238 random bits, so this is not what keeps them
 * secret; it keeps a guesser from costing the gateway work and its operators log noise, and it turns a leaked
 * key prefix into a slow search.
 */
export class AuthFailureGuard {
  readonly #burst: number;
  readonly #leakPerMs: number;
  readonly #maxAddresses: number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(policy: AuthFailurePolicy) {
    this.#burst = policy.burst;
    this.#leakPerMs = policy.perMinute / 60_000;
    this.#maxAddresses = policy.maxAddresses ?? DEFAULT_MAX_ADDRESSES;
  }

  get enabled(): boolean {
    return this.#burst > 0;
  }

  get trackedAddresses(): number {
    return this.#buckets.size;
  }

  /** Seconds this address must wait before it may present a credential again; undefined: it may now. */
  retryAfterSeconds(address: string, nowMs: number): number | undefined {
    const b = this.#buckets.get(address);
    if (!b) return undefined;
    const score = this.#drain(address, b, nowMs);
    // one more attempt needs room for a whole failure: the score must have leaked to burst − 1
    const excess = score - (this.#burst - 1);
    if (excess <= 0) return undefined;
    return Math.max(1, Math.ceil(excess / this.#leakPerMs / 1000));
  }

  /** The address presented a credential that was refused (401). */
  recordFailure(address: string, nowMs: number): void {
    if (!this.enabled) return;
    const b = this.#buckets.get(address);
    const score = b ? this.#drain(address, b, nowMs) : 0;
    // re-inserted so the Map's order is least recently failed first: eviction drops the quietest addresses
    this.#buckets.delete(address);
    this.#buckets.set(address, { score: score + 1, atMs: nowMs });
    if (this.#buckets.size > this.#maxAddresses) this.#evict(nowMs);
  }

  #drain(address: string, b: Bucket, nowMs: number): number {
    const score = Math.max(0, b.score - Math.max(0, nowMs - b.atMs) * this.#leakPerMs);
    if (score === 0) this.#buckets.delete(address);
    else {
      b.score = score;
      b.atMs = nowMs;
    }
    return score;
  }

  /** Forgotten first: addresses whose bucket has drained; then the least recently failed, down to 90 %. */
  #evict(nowMs: number): void {
    for (const [address, b] of this.#buckets) this.#drain(address, b, nowMs);
    const target = Math.floor(this.#maxAddresses * 0.9);
    for (const address of this.#buckets.keys()) {
      if (this.#buckets.size <= target) break;
      this.#buckets.delete(address);
    }
  }
}

/**
 * The unit an address is judged as: an IPv4 address, or the /64 of an IPv6 one (a single subscriber usually
 * holds a whole /64, so counting single IPv6 addresses would let one client rotate through 2^64 of them).
 * IPv4-mapped IPv6 addresses count as their IPv4 address. Anything unparseable is used as given.
 */
export function addressKey(text: string): string {
  const address = text.trim().replace(/^\[|\]$/g, "");
  const kind = isIP(address);
  if (kind !== 6) return address;
  const groups = expandIpv6(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, "");
  // an embedded IPv4 tail becomes its two groups
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * Who is asking: the socket's peer, or, when the operator names the header a trusted proxy in front sets
 * (SVC_CLIENT_IP_HEADER), that header's last entry, the one the proxy itself wrote. Never a header the
 * operator did not name: a client could otherwise pick a fresh address for every guess.
 */
export function clientAddress(socketAddress: string, proxyHeaderValue: string | undefined): string {
  if (proxyHeaderValue) {
    const last = proxyHeaderValue.split(",").pop()?.trim();
    if (last) return addressKey(last);
  }
  return addressKey(socketAddress);
}
