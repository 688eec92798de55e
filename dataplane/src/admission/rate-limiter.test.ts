import { describe, expect, it } from "vitest";
import type { KeyEntry } from "../../../proto/messages.ts";
import { GatewayError } from "../errors.ts";
import { RateLimiter } from "./rate-limiter.ts";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const key = (limits: KeyEntry["limits"]): KeyEntry => ({ id: "k", limits });

function attempt(l: RateLimiter, k: KeyEntry, replicas: number, now: number): string | Record<string, string> {
  try {
    l.admit(k, replicas, now);
    return "ok";
  } catch (e) {
    if (e instanceof GatewayError) return { status: String(e.status), code: e.code, ...e.headers };
    throw e;
  }
}

describe("per-replica share of a key's rate limits", () => {
  it.each([
    [10, 1, 10],
    [10, 3, 3], // floor: three replicas together never exceed the plan
    [2, 5, 1], // a plan smaller than the roster: each replica still allows one
  ])("requests_per_minute %d over %d replicas → %d here", (rpm, replicas, share) => {
    const l = new RateLimiter();
    const k = key({ requestsPerMinute: rpm });
    for (let i = 0; i < share; i++) expect(attempt(l, k, replicas, T0 + i)).toBe("ok");
    const refused = attempt(l, k, replicas, T0 + share) as Record<string, string>;
    expect(refused).toMatchObject({ status: "429", code: "rate_limit_exceeded", "x-ratelimit-limit-requests": String(share), "x-ratelimit-remaining-requests": "0" });
    expect(Number(refused["retry-after"])).toBeGreaterThanOrEqual(1);
  });

  it("the window slides: a minute later there is room again", () => {
    const l = new RateLimiter();
    const k = key({ requestsPerMinute: 2 });
    expect(attempt(l, k, 1, T0)).toBe("ok");
    expect(attempt(l, k, 1, T0 + 1)).toBe("ok");
    expect(attempt(l, k, 1, T0 + 30_000)).not.toBe("ok");
    expect(attempt(l, k, 1, T0 + 120_001)).toBe("ok");
  });

  it("tokens per minute count what finished requests used", () => {
    const l = new RateLimiter();
    const k = key({ tokensPerMinute: 1_000 });
    expect(attempt(l, k, 1, T0)).toBe("ok");
    l.recordTokens("k", 1_200, T0 + 10);
    expect(attempt(l, k, 1, T0 + 20)).toMatchObject({ status: "429", "x-ratelimit-limit-tokens": "1000", "x-ratelimit-remaining-tokens": "0" });
  });

  it("a key without limits is never counted", () => {
    const l = new RateLimiter();
    for (let i = 0; i < 1000; i++) expect(attempt(l, key({}), 1, T0)).toBe("ok");
  });
});
