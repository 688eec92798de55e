import { describe, expect, it } from "vitest";
import { ToolsMemo } from "./tools-memo.ts";

const tools = (s: string) => Buffer.from(`[${JSON.stringify(s)}]`);
const entries = (s: string) => ({ json: `[{"name":${JSON.stringify(s)}}]`, names: [s] });

describe("ToolsMemo", () => {
  it("gives back what was written only for the same key and the same bytes", () => {
    const memo = new ToolsMemo(8, 1 << 20);
    const sent = tools("read é✓");
    memo.set("key-a", sent, entries("read"));
    expect(memo.get("key-a", Buffer.from(sent))).toMatchObject({ json: Buffer.from('{"name":"read"}'), names: ["read"] });
    // another key's requests never find it
    expect(memo.get("key-b", sent)).toBeUndefined();
    // the same length, one byte changed
    expect(memo.get("key-a", tools("reaD é✓"))).toBeUndefined();
    expect(memo.get("key-a", tools("read é✓ "))).toBeUndefined();
  });

  it("keeps its own copy of the bytes, not the request's buffer", () => {
    const memo = new ToolsMemo(8, 1 << 20);
    const sent = tools("read");
    memo.set("k", sent, entries("read"));
    const original = Buffer.from(sent);
    sent.write("X", 2);
    expect(memo.get("k", sent)).toBeUndefined();
    expect(memo.get("k", original)?.names).toEqual(["read"]);
  });

  it("drops the least recently used beyond its count of entries", () => {
    const memo = new ToolsMemo(2, 1 << 20);
    memo.set("a", tools("1"), entries("1"));
    memo.set("b", tools("2"), entries("2"));
    // a use makes "a" the most recent: "b" goes when a third comes
    expect(memo.get("a", tools("1"))).toBeDefined();
    memo.set("c", tools("3"), entries("3"));
    expect(memo.size).toBe(2);
    expect(memo.get("b", tools("2"))).toBeUndefined();
    expect(memo.get("a", tools("1"))).toBeDefined();
    expect(memo.get("c", tools("3"))).toBeDefined();
  });

  it("holds no more than its bytes, and keeps nothing larger than them", () => {
    const big = (tag: string) => tools(tag.repeat(400));
    // each entry: ~404 bytes of tools and ~414 written
    const memo = new ToolsMemo(100, 2_000);
    memo.set("k1", big("a"), entries("a".repeat(400)));
    memo.set("k2", big("b"), entries("b".repeat(400)));
    memo.set("k3", big("c"), entries("c".repeat(400)));
    expect(memo.size).toBe(2);
    expect(memo.get("k1", big("a"))).toBeUndefined();
    expect(memo.get("k3", big("c"))).toBeDefined();
    const huge = tools("h".repeat(3_000));
    // written for the request all the same, but not kept, and nothing else is dropped for it
    expect(memo.set("k4", huge, entries("h")).names).toEqual(["h"]);
    expect(memo.get("k4", huge)).toBeUndefined();
    expect(memo.size).toBe(2);
  });

  it("replaces a key's tools of the same length when they change", () => {
    const memo = new ToolsMemo(8, 1 << 20);
    memo.set("k", tools("v1"), entries("v1"));
    memo.set("k", tools("v2"), entries("v2"));
    expect(memo.size).toBe(1);
    expect(memo.get("k", tools("v1"))).toBeUndefined();
    expect(memo.get("k", tools("v2"))?.names).toEqual(["v2"]);
  });
});
