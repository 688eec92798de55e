import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayEndFrom } from "../providers/shared/json-bytes.ts";
import { ConversationMemo } from "./conversation-memo.ts";

/** A turn of a few kilobytes, so that a handful of them make a conversation long enough to be kept. */
const turn = (i: number, tag: string) => JSON.stringify({ role: i % 2 === 0 ? "user" : "assistant", content: [{ type: "text", text: `${tag} ${i} é✓😀 "q" \\ [{ ${"lorem ipsum ".repeat(200)}` }] });

// what follows a conversation from one request to the next: turns added, the last ones changed (a coding agent moves
// its cache marker), one in the middle changed, the conversation cut, or bytes that break it
const change = fc.oneof(
  fc.record({ kind: fc.constant("append" as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("edit-last" as const), n: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("edit-middle" as const), n: fc.nat() }),
  fc.record({ kind: fc.constant("truncate" as const), n: fc.nat() }),
  fc.record({ kind: fc.constant("break" as const), n: fc.nat(), text: fc.constantFrom('"', "]", "}", "{", "[[[[[[", '\\"', ",,", " ") }),
);

describe("ConversationMemo", () => {
  it("ends each request's conversation where a scan of the whole ends, whatever changed since the key's last", () => {
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 8 }), fc.integer({ min: 3, max: 6 }), (changes, maxDepth) => {
        const memo = new ConversationMemo(8, 1 << 24);
        let turns = Array.from({ length: 4 }, (_, i) => turn(i, "a"));
        let broken: { at: number; text: string } | undefined;
        let edits = 0;
        for (const c of changes) {
          broken = undefined;
          if (c.kind === "append") turns = [...turns, ...Array.from({ length: c.n }, (_, i) => turn(turns.length + i, "a"))];
          else if (c.kind === "edit-last") turns = turns.map((t, i) => (i >= turns.length - c.n ? turn(i, `e${++edits}`) : t));
          else if (c.kind === "edit-middle") turns = turns.map((t, i) => (i === c.n % turns.length ? turn(i, `m${++edits}`) : t));
          else if (c.kind === "truncate") turns = turns.slice(0, 1 + (c.n % turns.length));
          const text = `[${turns.join(",")}]`;
          if (c.kind === "break") broken = { at: c.n % text.length, text: c.text };
          const conversation = broken ? text.slice(0, broken.at) + broken.text + text.slice(broken.at) : text;
          const bytes = Buffer.from(`{"messages":${conversation},"model":"m"}`);
          const open = '{"messages":'.length;
          expect(memo.arrayEnd("key", bytes, open, maxDepth)).toBe(arrayEndFrom(bytes, open, open, maxDepth));
        }
      }),
      { numRuns: 300 },
    );
  });

  const long = (tag: string, n = 4) => Buffer.from(`[${Array.from({ length: n }, (_, i) => turn(i, tag)).join(",")}]`);

  it("keeps one conversation a key, long ones only, and drops the least recently used past its bounds", () => {
    const memo = new ConversationMemo(2, 1 << 24);
    expect(memo.arrayEnd("k1", Buffer.from("[1,2]"), 0, 8)).toBe(5);
    expect(memo.size).toBe(0);
    const a = long("a");
    expect(memo.arrayEnd("k1", a, 0, 8)).toBe(a.length);
    expect(memo.arrayEnd("k1", long("a", 5), 0, 8)).toBe(long("a", 5).length);
    expect(memo.size).toBe(1);
    memo.arrayEnd("k2", long("b"), 0, 8);
    memo.arrayEnd("k3", long("c"), 0, 8);
    expect(memo.size).toBe(2);
    // bounded by the bodies it holds: each here is a buffer of its own
    const small = new ConversationMemo(100, long("k1").length * 2);
    for (const k of ["k1", "k2", "k3"]) small.arrayEnd(k, long(k), 0, 8);
    expect(small.size).toBe(2);
    // kept for the depth it was scanned at: the same bytes allowed less deep are scanned again, and refused
    const deep = Buffer.from(`[${Array.from({ length: 4 }, (_, i) => `{"a":[[${turn(i, "d")}]]}`).join(",")}]`);
    const depths = new ConversationMemo(8, 1 << 24);
    expect(depths.arrayEnd("k", deep, 0, 8)).toBe(deep.length);
    expect(depths.arrayEnd("k", deep, 0, 3)).toBe(-1);
    // a refused conversation is not kept
    const broken = Buffer.from(`${long("z").toString().slice(0, -1)}}`);
    const fresh = new ConversationMemo(8, 1 << 24);
    expect(fresh.arrayEnd("k", broken, 0, 8)).toBe(-1);
    expect(fresh.size).toBe(0);
  });
});
