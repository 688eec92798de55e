import { describe, expect, it } from "vitest";
import { SizedLru } from "./sized-lru.ts";

describe("SizedLru", () => {
  it("drops the least recently used past its count, a use making an entry the most recent", () => {
    const lru = new SizedLru<number>(2, 100);
    lru.set("a", 1, 1);
    lru.set("b", 2, 1);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3, 1);
    expect([lru.get("b"), lru.get("a"), lru.get("c"), lru.size]).toEqual([undefined, 1, 3, 2]);
  });

  it("holds no more than its bytes, replaces what a key had, and keeps nothing larger than its bytes", () => {
    const lru = new SizedLru<string>(10, 10);
    lru.set("a", "a", 4);
    lru.set("b", "b", 4);
    lru.set("c", "c", 4);
    expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual([undefined, "b", "c"]);
    // a replacement counts its own size, not the old one's as well
    lru.set("c", "c2", 6);
    expect([lru.get("b"), lru.get("c"), lru.size]).toEqual(["b", "c2", 2]);
    // too large alone: not kept, and what the key had goes with it; nothing else is dropped for it
    lru.set("b", "huge", 11);
    expect([lru.get("b"), lru.get("c"), lru.size]).toEqual([undefined, "c2", 1]);
  });
});
