import { describe, expect, it } from "vitest";
import { PerKeyMemo } from "./per-key-memo.ts";

describe("PerKeyMemo", () => {
  it("finds a value only by its key id and all four texts", () => {
    const memo = new PerKeyMemo<string>(100);
    memo.set("k1", "org", "openai", "openai/gpt-4o", "/v1/chat/completions", "a");
    memo.set("k1", "org", "openai", "openai/gpt-4o", "/v1/messages", "b");
    memo.set("k2", "org", "openai", "openai/gpt-4o", "/v1/chat/completions", "c");
    expect(memo.get("k1", "org", "openai", "openai/gpt-4o", "/v1/chat/completions")).toBe("a");
    expect(memo.get("k1", "org", "openai", "openai/gpt-4o", "/v1/messages")).toBe("b");
    expect(memo.get("k2", "org", "openai", "openai/gpt-4o", "/v1/chat/completions")).toBe("c");
    // texts equal but made apart (not the same string objects) still match
    expect(memo.get(["k", "1"].join(""), "or" + "g".repeat(1), "openai", "openai/gpt-4o", "/v1/chat/completions")).toBe("a");
    for (const miss of [
      ["k3", "org", "openai", "openai/gpt-4o", "/v1/chat/completions"],
      ["k1", "org2", "openai", "openai/gpt-4o", "/v1/chat/completions"],
      ["k1", "org", "azure", "openai/gpt-4o", "/v1/chat/completions"],
      ["k1", "org", "openai", "openai/gpt-4o-mini", "/v1/chat/completions"],
      ["k1", "org", "openai", "openai/gpt-4o", "/v1/embeddings"],
    ] as const) {
      const [key, a, b, c, d] = miss;
      expect(memo.get(key, a, b, c, d), miss.join(" ")).toBeUndefined();
    }
  });

  it("starts again empty past its bound, and keeps what is set after", () => {
    const memo = new PerKeyMemo<number>(3);
    for (let i = 0; i < 3; i++) memo.set(`k${i}`, "", "", "", "", i);
    expect(memo.get("k2", "", "", "", "")).toBe(2);
    memo.set("k3", "", "", "", "", 3);
    expect([0, 1, 2].map((i) => memo.get(`k${i}`, "", "", "", ""))).toEqual([undefined, undefined, undefined]);
    expect(memo.get("k3", "", "", "", "")).toBe(3);
  });
});
