import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayEndFrom } from "../providers/shared/json-bytes.ts";
import { ConversationMemo, arrayEnd } from "./conversation-memo.ts";
import { sessionChange, sessionTurns } from "./conversation-session.test-helper.ts";

/** A turn of a few kilobytes, so that a handful of them make a conversation long enough to be kept. */
const turn = (i: number, tag: string) => JSON.stringify({ role: i % 2 === 0 ? "user" : "assistant", content: [{ type: "text", text: `${tag} ${i} é✓😀 "q" \\ [{ ${"lorem ipsum ".repeat(200)}` }] });

describe("ConversationMemo", () => {
  it("ends each request's conversation where a scan of the whole ends, whatever changed since the key's last", () => {
    fc.assert(
      fc.property(fc.array(sessionChange, { minLength: 1, maxLength: 8 }), fc.integer({ min: 3, max: 6 }), (changes, maxDepth) => {
        const memo = new ConversationMemo<undefined>(8, 1 << 24);
        sessionTurns(4, changes, turn).forEach((turns, r) => {
          const c = changes[r]!;
          const text = `[${turns.join(",")}]`;
          const at = c.kind === "break" ? c.n % text.length : -1;
          const conversation = at >= 0 && c.kind === "break" ? text.slice(0, at) + c.text + text.slice(at) : text;
          const bytes = Buffer.from(`{"messages":${conversation},"model":"m"}`);
          const open = '{"messages":'.length;
          expect(arrayEnd(memo, "key", bytes, open, maxDepth)).toBe(arrayEndFrom(bytes, open, open, maxDepth));
        });
      }),
      { numRuns: 300 },
    );
  });

  const long = (tag: string, n = 4) => Buffer.from(`[${Array.from({ length: n }, (_, i) => turn(i, tag)).join(",")}]`);

  it("keeps one conversation a key, long ones only, and drops the least recently used past its bounds", () => {
    const memo = new ConversationMemo<undefined>(2, 1 << 24);
    expect(arrayEnd(memo, "k1", Buffer.from("[1,2]"), 0, 8)).toBe(5);
    expect(memo.size).toBe(0);
    const a = long("a");
    expect(arrayEnd(memo, "k1", a, 0, 8)).toBe(a.length);
    expect(arrayEnd(memo, "k1", long("a", 5), 0, 8)).toBe(long("a", 5).length);
    expect(memo.size).toBe(1);
    // a short one between (an agent's side request) leaves the long one kept
    expect(arrayEnd(memo, "k1", Buffer.from("[3]"), 0, 8)).toBe(3);
    expect(memo.size).toBe(1);
    arrayEnd(memo, "k2", long("b"), 0, 8);
    arrayEnd(memo, "k3", long("c"), 0, 8);
    expect(memo.size).toBe(2);
    // bounded by the bodies it holds: each here is a buffer of its own
    const small = new ConversationMemo<undefined>(100, long("k1").length * 2);
    for (const k of ["k1", "k2", "k3"]) arrayEnd(small, k, long(k), 0, 8);
    expect(small.size).toBe(2);
    // kept for the depth it was scanned at: the same bytes allowed less deep are scanned again, and refused
    const deep = Buffer.from(`[${Array.from({ length: 4 }, (_, i) => `{"a":[[${turn(i, "d")}]]}`).join(",")}]`);
    const depths = new ConversationMemo<undefined>(8, 1 << 24);
    expect(arrayEnd(depths, "k", deep, 0, 8)).toBe(deep.length);
    expect(arrayEnd(depths, "k", deep, 0, 3)).toBe(-1);
    // a refused conversation is not kept
    const broken = Buffer.from(`${long("z").toString().slice(0, -1)}}`);
    const fresh = new ConversationMemo<undefined>(8, 1 << 24);
    expect(arrayEnd(fresh, "k", broken, 0, 8)).toBe(-1);
    expect(fresh.size).toBe(0);
  });
});
