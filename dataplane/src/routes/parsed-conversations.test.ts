import { describe, expect, it } from "vitest";
import { ParsedConversations, type ConversationAt } from "./parsed-conversations.ts";

// messages of ~4 KB each, in a body with its model before them
const message = (tag: string) => JSON.stringify({ role: "user", content: `${tag}${"x".repeat(4096)}` });
function body(tags: string[]): { raw: Buffer; at: ConversationAt } {
  const head = '{"model":';
  let text = `${head}"m","messages":[`;
  const open = text.length - 1;
  const ends: number[] = [];
  tags.forEach((t, i) => {
    text += (i > 0 ? "," : "") + message(t);
    ends.push(text.length - open);
  });
  text += "]}";
  return { raw: Buffer.from(text), at: { open, ends } };
}
const entry = { messages: [{}, {}], prefix: "p-", spans: [], next: 0, aside: 0, turns: undefined };

describe("ParsedConversations", () => {
  it("finds a key's messages kept by their bytes, followed by more, and trusts the scan's comparison only for the body they are a view of", () => {
    const memo = new ParsedConversations(8, 1 << 20);
    const first = body(["a", "b", "c"]);
    const kept = memo.keep("k", first.raw, first.at, entry, 100)!;
    expect(kept.bytes.length).toBe(first.at.ends[1]);

    const next = body(["a", "b", "c", "d"]);
    expect(memo.find("k", next.raw, next.at)?.rest).toBe(next.at.open + next.at.ends[1]! + 1);
    // the entry now holds the latest body's bytes, as the scan's memo does
    expect(kept.bytes.buffer).toBe(next.raw.buffer);

    // a body whose kept messages differ is not found, whatever the scan's memo says it compared
    const changed = body(["a", "B", "c", "d"]);
    const other = body(["a", "b", "c", "d"]);
    // the same bytes compared, but in another body than the entry's: compared again
    expect(memo.find("k", changed.raw, { ...changed.at, same: { bytes: other.raw.subarray(other.at.open), length: other.at.ends[2]! } })).toBeUndefined();
    // the entry's body, but compared only up to its first message: compared again
    expect(memo.find("k", changed.raw, { ...changed.at, same: { bytes: kept.bytes, length: changed.at.ends[0]! } })).toBeUndefined();
    expect(memo.find("k", changed.raw, changed.at)).toBeUndefined();
    // the entry's body compared whole by the scan: taken as it says
    const again = body(["a", "b", "c", "e"]);
    expect(memo.find("k", again.raw, { ...again.at, same: { bytes: kept.bytes, length: kept.bytes.length } })?.kept).toBe(kept);
  });

  it("keeps nothing shorter than 8 KB, and finds nothing without more messages after those kept", () => {
    const memo = new ParsedConversations(8, 1 << 20);
    const short = body(["a", "b"]);
    expect(memo.keep("k", short.raw, short.at, { ...entry, messages: [{}] }, 100)).toBeUndefined();
    const first = body(["a", "b", "c"]);
    memo.keep("k", first.raw, first.at, entry, 100);
    const same = body(["a", "b"]);
    expect(memo.find("k", same.raw, same.at)).toBeUndefined();
    expect(memo.find("other key", first.raw, first.at)).toBeUndefined();
  });
});
