import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayEndFrom, topLevelValueEnd } from "../providers/shared/json-bytes.ts";
import { ConversationMemo, arrayEnd, valueEnd } from "./conversation-memo.ts";
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

/** A tool as an agent sends one: a schema of a few hundred bytes, escapes and non-ASCII in it. */
const tool = (i: number, tag: string) => JSON.stringify({ name: `t${i}`, description: `${tag} outil ${i} é✓😀 "q" \\ [{ ${"décrit ".repeat(150)}`, input_schema: { type: "object", properties: { p: { type: "string" } } } });

/** What changes in a key's `tools` from one request to the next, or how the bytes after the last request's break. */
const change = fc.oneof(
  fc.constant({ kind: "same" as const }),
  fc.record({ kind: fc.constant("edit" as const), n: fc.nat() }),
  fc.record({ kind: fc.constant("grow" as const) }),
  fc.record({ kind: fc.constant("shrink" as const) }),
  fc.record({ kind: fc.constant("depth" as const), n: fc.integer({ min: 2, max: 6 }) }),
  fc.record({ kind: fc.constant("break" as const), n: fc.nat(), text: fc.constantFrom('"', "]", "}", "[", ",", '\\"', "[[[[[[") }),
  fc.record({ kind: fc.constant("after" as const), text: fc.constantFrom("]", "}", ",1", " ", "x", '"') }),
);

describe("valueEnd: a key's last long value (its tools) found by its bytes", () => {
  it("ends each request's value where a scan of it ends, and reads what the scan reads, whatever changed since the key's last", () => {
    let hits = 0;
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 10 }), (changes) => {
        const memo = new ConversationMemo<number>(8, 1 << 24);
        let tools = Array.from({ length: 12 }, (_, i) => tool(i, "a"));
        let depth = 5;
        let edits = 0;
        for (const c of changes) {
          if (c.kind === "edit") tools = tools.map((t, i) => (i === c.n % tools.length ? tool(i, `e${++edits}`) : t));
          else if (c.kind === "grow") tools = [...tools, tool(tools.length, "g")];
          else if (c.kind === "shrink" && tools.length > 1) tools = tools.slice(0, -1);
          else if (c.kind === "depth") depth = c.n;
          let value = `[${tools.join(",")}]`;
          if (c.kind === "break") {
            const at = c.n % value.length;
            value = value.slice(0, at) + c.text + value.slice(at);
          }
          // the value stands in a body, something after it: what the comparison must not take as its own
          const bytes = Buffer.from(`{"tools":${value}${c.kind === "after" ? c.text : ""},"model":"m"}`);
          const start = '{"tools":'.length;
          let scanned = false;
          // the read: the value's bytes as the scan saw them, so a read taken from the memo must be for the same bytes
          const scan = () => {
            scanned = true;
            const end = topLevelValueEnd(bytes, start, depth);
            return { end, read: end < 0 ? -1 : bytes.subarray(start, end).toString().length };
          };
          const expected = { end: topLevelValueEnd(bytes, start, depth), read: 0 };
          expected.read = expected.end < 0 ? -1 : bytes.subarray(start, expected.end).toString().length;
          expect(valueEnd(memo, "key", bytes, start, depth, scan)).toEqual(expected);
          if (!scanned) hits++;
        }
      }),
      { numRuns: 400 },
    );
    // the property ran on values found, not only on values scanned again
    expect(hits).toBeGreaterThan(150);
  });

  const long = (tag: string) => Buffer.from(`[${Array.from({ length: 12 }, (_, i) => tool(i, tag)).join(",")}]`);
  const counting = () => {
    let scans = 0;
    const ended = (memo: ConversationMemo<undefined>, scope: string, bytes: Buffer, depth = 8) =>
      valueEnd(memo, scope, bytes, 0, depth, () => {
        scans++;
        return { end: topLevelValueEnd(bytes, 0, depth), read: undefined };
      }).end;
    return { ended, scans: () => scans };
  };

  it("finds a key's last long value by its bytes, for that key only, at the depth it was scanned at", () => {
    const { ended, scans } = counting();
    const memo = new ConversationMemo<undefined>(8, 1 << 24);
    const a = long("a");
    expect(ended(memo, "k1", a)).toBe(a.length);
    expect(ended(memo, "k1", Buffer.from(a))).toBe(a.length);
    expect(scans()).toBe(1);
    // another key's same bytes are scanned: what one key sent never makes another's faster
    expect(ended(memo, "k2", a)).toBe(a.length);
    expect(scans()).toBe(2);
    // the same bytes allowed less deep: scanned again, and refused
    expect(ended(memo, "k1", a, 2)).toBe(-1);
    expect(scans()).toBe(3);
    // one character changed at the same length: scanned again
    const b = Buffer.from(a);
    b[b.length - 20] = 0x41;
    ended(memo, "k1", b);
    expect(scans()).toBe(4);
  });

  it("keeps long values opened by a bracket, a brace or a quote only, and drops the least recently used past its bounds", () => {
    const { ended, scans } = counting();
    const memo = new ConversationMemo<undefined>(2, 1 << 24);
    for (const short of ["[1,2]", `"${"x".repeat(100)}"`]) {
      ended(memo, "k", Buffer.from(short));
      ended(memo, "k", Buffer.from(short));
    }
    // a number ends at what follows it, which a comparison of its bytes does not see
    const number = Buffer.from("1".repeat(8192));
    ended(memo, "k", number);
    expect(ended(memo, "k", Buffer.from(`${number.toString()}2`))).toBe(8193);
    expect(memo.size).toBe(0);
    expect(scans()).toBe(6);
    for (const text of [`"${"x".repeat(8192)}"`, `{"a":${long("o").toString()}}`]) {
      const bytes = Buffer.from(text);
      ended(memo, "k", bytes);
      expect(ended(memo, "k", Buffer.from(bytes))).toBe(bytes.length);
    }
    expect(scans()).toBe(8);
    for (const k of ["k1", "k2", "k3"]) ended(memo, k, long(k));
    expect(memo.size).toBe(2);
    // bounded by the bytes it holds
    const small = new ConversationMemo<undefined>(100, long("k1").length * 2);
    for (const k of ["k1", "k2", "k3"]) ended(small, k, long(k));
    expect(small.size).toBe(2);
    // a refused value is not kept
    const fresh = new ConversationMemo<undefined>(8, 1 << 24);
    ended(fresh, "k", Buffer.from(`${long("z").toString().slice(0, -1)}}`));
    expect(fresh.size).toBe(0);
  });
});
