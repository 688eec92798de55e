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
