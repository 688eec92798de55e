import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/harness/fixtures.ts";
import { SseSplitter, sseData } from "./sse-splitter.ts";

describe("SseSplitter", () => {
  const body = readFixture("openai/chat-stream-text-include-usage.sse.txt");

  it.each([1, 7, 64, 100_000])("cuts a recorded stream into the same events whatever the chunk size (%d bytes)", (size) => {
    const s = new SseSplitter();
    const bytes = Buffer.from(body);
    const events: string[] = [];
    for (let i = 0; i < bytes.length; i += size) events.push(...s.push(bytes.subarray(i, i + size)));
    events.push(...s.flush());
    expect(events).toEqual(body.split("\n\n").filter((e) => e.length > 0));
    expect(sseData(events.at(-1)!)).toBe("[DONE]");
  });

  it("never holds back a complete event", () => {
    const s = new SseSplitter();
    expect(s.push(Buffer.from('data: {"a":1}\n\ndata: {"b"'))).toEqual(['data: {"a":1}']);
    expect(s.push(Buffer.from(":2}\r\n\r\n"))).toEqual(['data: {"b":2}']);
  });

  it("keeps a multi-byte character split across chunks intact", () => {
    const s = new SseSplitter();
    const bytes = Buffer.from('data: {"t":"é"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1;
    expect([...s.push(bytes.subarray(0, cut)), ...s.push(bytes.subarray(cut))]).toEqual(['data: {"t":"é"}']);
  });

  it.each([
    ["data: x", "x"],
    ["data:x", "x"],
    ["event: ping\ndata: a\ndata: b", "a\nb"],
    [": comment", undefined],
  ])("sseData(%j) → %j", (block, data) => expect(sseData(block)).toBe(data));
});

describe("SseSplitter, however the bytes are cut", () => {
  it("gives the same events for LF, CRLF and mixed line ends, cut anywhere, multi-byte characters included", () => {
    const events = ['data: {"a":"é😀"}', "event: x\ndata: 1", "data: [DONE]"];
    for (const eol of ["\n", "\r\n"]) {
      const text = events.map((e) => e.replaceAll("\n", eol)).join(eol + eol) + eol + eol;
      const bytes = Buffer.from(text);
      for (let cut = 1; cut < bytes.length; cut++) {
        const s = new SseSplitter();
        const got = [...s.push(bytes.subarray(0, cut)), ...s.push(bytes.subarray(cut)), ...s.flush()];
        expect(got.map((g) => g.replaceAll("\r\n", "\n"))).toEqual(events);
      }
    }
    // an LF stream whose later part switches to CRLF
    const s = new SseSplitter();
    expect([...s.push(Buffer.from("data: 1\n\ndata: 2\r\n\r\ndata: 3")), ...s.flush()]).toEqual(["data: 1", "data: 2", "data: 3"]);
  });
});

describe("SseSplitter decodes bytes as TextDecoder does", () => {
  // a TextDecoder-based splitter, as the gateway had it: the text must be the same for any bytes, however cut
  function reference(parts: Uint8Array[]): string[] {
    const d = new TextDecoder();
    const text = parts.map((p) => d.decode(p, { stream: true })).join("") + d.decode();
    return text
      .split(/\r?\n\r?\n/)
      .map((e) => e.trim())
      .filter((e) => e.length > 0);
  }
  // valid and invalid UTF-8: lead bytes without their continuations, stray continuations, overlong and surrogate
  // encodings, bytes never valid, and (as the bytes fall) multi-byte characters whole
  const bytes = fc.array(fc.constantFrom(0x41, 0x0a, 0x0a, 0x3a, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xbf, 0xff, 0xc0, 0xed, 0xa0, 0xf4, 0x90), { maxLength: 40 });

  it("for random bytes cut at random places", () => {
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(40), { maxLength: 4 }), (all, cuts) => {
        const buf = Buffer.from(all);
        const at = [...new Set(cuts.map((c) => Math.min(c, buf.length)))].sort((a, b) => a - b);
        const parts: Uint8Array[] = [];
        let from = 0;
        for (const c of [...at, buf.length]) {
          parts.push(buf.subarray(from, c));
          from = c;
        }
        const s = new SseSplitter();
        const got = [...parts.flatMap((p) => s.push(p)), ...s.flush()].map((e) => e.trim()).filter((e) => e.length > 0);
        expect(got).toEqual(reference(parts));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("sseData", () => {
  it.each([
    ["data: x", "x"],
    ["data:x", "x"],
    ["event: message_start\ndata: {\"a\":1}", '{"a":1}'],
    ["event: e\r\ndata: a\r\ndata: b", "a\nb"],
    [": comment\nid: 7", undefined],
    ["data:", ""],
    ["data: a\ndata:\ndata: c", "a\n\nc"],
  ])("%j → %j", (block, data) => {
    expect(sseData(block)).toBe(data);
  });
});
