import { describe, expect, it } from "vitest";
import { AuthFailureGuard, addressKey, clientAddress } from "./brute-force.ts";

describe("refused credentials per address (leaky bucket)", () => {
  it("lets a burst through, then refuses the address with the wait until its next attempt", () => {
    const g = new AuthFailureGuard({ burst: 5, perMinute: 6 });
    for (let i = 0; i < 5; i++) {
      expect(g.retryAfterSeconds("10.0.0.1", 0)).toBeUndefined();
      g.recordFailure("10.0.0.1", 0);
    }
    // 6 per minute: one attempt earned back every 10 s
    expect(g.retryAfterSeconds("10.0.0.1", 0)).toBe(10);
    expect(g.retryAfterSeconds("10.0.0.1", 4_000)).toBe(6);
    expect(g.retryAfterSeconds("10.0.0.1", 10_000)).toBeUndefined();
    // past the burst, one failure at a time is all an address earns back
    g.recordFailure("10.0.0.1", 10_000);
    expect(g.retryAfterSeconds("10.0.0.1", 10_000)).toBe(10);
  });

  it("judges each address on its own", () => {
    const g = new AuthFailureGuard({ burst: 2, perMinute: 60 });
    g.recordFailure("10.0.0.1", 0);
    g.recordFailure("10.0.0.1", 0);
    expect(g.retryAfterSeconds("10.0.0.1", 0)).toBeGreaterThan(0);
    expect(g.retryAfterSeconds("10.0.0.2", 0)).toBeUndefined();
  });

  it("forgets an address once its bucket has drained", () => {
    const g = new AuthFailureGuard({ burst: 3, perMinute: 60 });
    g.recordFailure("10.0.0.1", 0);
    g.recordFailure("10.0.0.1", 0);
    expect(g.trackedAddresses).toBe(1);
    expect(g.retryAfterSeconds("10.0.0.1", 2_000)).toBeUndefined();
    expect(g.trackedAddresses).toBe(0);
  });

  it("remembers a bounded number of addresses, dropping the quietest first", () => {
    const g = new AuthFailureGuard({ burst: 1, perMinute: 1, maxAddresses: 100 });
    g.recordFailure("attacker", 0);
    for (let i = 0; i < 1_000; i++) g.recordFailure(`10.1.${i >> 8}.${i & 255}`, 1);
    expect(g.trackedAddresses).toBeLessThanOrEqual(100);
    // the attacker failed again recently, so it is not the one forgotten
    const h = new AuthFailureGuard({ burst: 1, perMinute: 1, maxAddresses: 100 });
    for (let i = 0; i < 99; i++) h.recordFailure(`10.1.0.${i}`, 0);
    h.recordFailure("attacker", 0);
    h.recordFailure("new", 1);
    expect(h.retryAfterSeconds("attacker", 1)).toBeGreaterThan(0);
    expect(h.retryAfterSeconds("10.1.0.0", 1)).toBeUndefined();
  });

  it("is off with a burst of 0", () => {
    const g = new AuthFailureGuard({ burst: 0, perMinute: 1 });
    for (let i = 0; i < 100; i++) g.recordFailure("10.0.0.1", 0);
    expect(g.enabled).toBe(false);
    expect(g.retryAfterSeconds("10.0.0.1", 0)).toBeUndefined();
  });
});

describe("the address a request is judged as", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    [" 203.0.113.9 ", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["[2001:db8::1]", "2001:db8:0:0::/64"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["0000:0000:0000:0000:0000:ffff:c633:6407", "198.51.100.7"],
    ["::1", "0:0:0:0::/64"],
    ["not an address", "not an address"],
  ])("%s → %s", (text, key) => {
    expect(addressKey(text)).toBe(key);
  });

  it("trusts only the named proxy header, and only its last entry (the one the proxy wrote)", () => {
    expect(clientAddress("10.0.0.9", undefined)).toBe("10.0.0.9");
    expect(clientAddress("10.0.0.9", "")).toBe("10.0.0.9");
    expect(clientAddress("10.0.0.9", "198.51.100.1, 203.0.113.5")).toBe("203.0.113.5");
    expect(clientAddress("10.0.0.9", "203.0.113.5")).toBe("203.0.113.5");
  });
});
