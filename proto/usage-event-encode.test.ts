import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pb, type UsageEvent } from "./messages.ts";
import { SLAB_BYTES, encodeUsageBatch, encodeUsageEvent } from "./usage-event-encode.ts";

const pbBytes = (e: UsageEvent): Uint8Array => pb.UsageEvent.encode(e).finish();

// the data plane's own events: ASCII ids and slugs, counts, times (the fast path)
const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 140 });
// anything a caller could hand it, so the fallback is exercised too
const surrogates = fc.array(fc.constantFrom("\ud800", "\udfff", "\ud83d", "a", "é", "😀"), { maxLength: 6 }).map((a) => a.join(""));
const anyText = fc.oneof(ascii, surrogates, fc.string(), fc.string({ unit: "grapheme", maxLength: 200 }), fc.string({ unit: "binary", maxLength: 300 }), fc.constant(""), fc.string({ minLength: 100, maxLength: 5000 }));
const count = fc.oneof(fc.nat(), fc.maxSafeNat(), fc.constantFrom(0, 127, 128, 16_383, 16_384, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 35, Date.now()));
const anyNumber = fc.oneof(count, fc.integer({ min: -(2 ** 31), max: -1 }), fc.maxSafeInteger());

function event(text: fc.Arbitrary<string>, num: fc.Arbitrary<number>): fc.Arbitrary<UsageEvent> {
  const optionalCount = fc.option(num, { nil: undefined });
  return fc.record(
    {
      id: text,
      replicaId: text,
      requestId: text,
      keyId: text,
      orgId: text,
      provider: text,
      model: text,
      endpoint: text,
      status: fc.oneof(fc.constantFrom(0, 200, 400, 499, 502), num.filter((n) => n <= 2 ** 31 - 1 && n >= -(2 ** 31))),
      streamed: fc.boolean(),
      inputTokens: optionalCount,
      outputTokens: optionalCount,
      cachedInputTokens: optionalCount,
      cacheWriteTokens: optionalCount,
      reasoningTokens: optionalCount,
      costMicros: num,
      latencyMs: num,
      upstreamLatencyMs: num,
      createdAtMs: num,
      errorCode: text,
    },
    { requiredKeys: [] },
  );
}

describe("encodeUsageEvent", () => {
  it("writes protobufjs's bytes for the data plane's events, itself (a view of its slab, not protobufjs's buffer)", () => {
    fc.assert(
      fc.property(event(ascii, count), (e) => {
        const bytes = encodeUsageEvent(e);
        expect(Buffer.from(bytes).equals(Buffer.from(pbBytes(e)))).toBe(true);
        expect(bytes.buffer.byteLength).toBe(SLAB_BYTES);
      }),
      { numRuns: 5_000 },
    );
  });

  it("writes protobufjs's bytes for any event, those it hands to protobufjs included", () => {
    fc.assert(
      fc.property(event(anyText, anyNumber), (e) => {
        expect(Buffer.from(encodeUsageEvent(e)).equals(Buffer.from(pbBytes(e)))).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it("writes protobufjs's bytes for events of the same replicas, keys, models and routes, named by their request's id", () => {
    // few distinct values, so that most events find their key's fields written before (and some a key with another org)
    const few = (values: string[]) => fc.constantFrom(...values);
    const served = fc
      .record({
        id: fc.oneof(ascii, anyText),
        keyId: few(["key_1", "key_2", "", "ké_3", "\ud800"]),
        orgId: few(["org_1", "org_2", ""]),
        provider: few(["openai", "anthropic"]),
        model: few(["openai/gpt-4o", "anthropic/claude-haiku-4-5", "😀"]),
        endpoint: few(["/v1/chat/completions", "/v1/messages", ""]),
        replicaId: few(["dp-1", "dp-2", "", "dp-\ud800"]),
        status: fc.constantFrom(200, 502),
        costMicros: count,
        createdAtMs: count,
        sameId: fc.boolean(),
      })
      .map(({ sameId, ...e }): UsageEvent => ({ ...e, requestId: sameId ? e.id : `other-${e.id}` }));
    fc.assert(
      fc.property(fc.array(served, { minLength: 1, maxLength: 30 }), (events) => {
        for (const e of events) expect(Buffer.from(encodeUsageEvent(e)).equals(Buffer.from(pbBytes(e)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("writes protobufjs's bytes past the number of keys whose fields it keeps", () => {
    for (let i = 0; i < 10_000; i++) {
      const e: UsageEvent = { id: `req_${i}`, requestId: `req_${i}`, keyId: `key_${i % 5_000}`, orgId: `org_${i % 3}`, provider: "openai", model: "openai/gpt-4o", endpoint: "/v1/chat/completions", status: 200, costMicros: i };
      expect(Buffer.from(encodeUsageEvent(e)).equals(Buffer.from(pbBytes(e))), `event ${i}`).toBe(true);
    }
  });

  it("reads back as the event, and each result is its own bytes (a later event does not overwrite it)", () => {
    const a: UsageEvent = { id: "req_a", keyId: "key_1", orgId: "org_1", model: "openai/gpt-4o", status: 200, inputTokens: 0, costMicros: 125, createdAtMs: 1_764_201_600_000 };
    const b: UsageEvent = { id: "req_b", keyId: "key_2", status: 502, streamed: true, errorCode: "upstream_error", latencyMs: 2 ** 40 };
    const first = encodeUsageEvent(a);
    const kept = Buffer.from(first);
    encodeUsageEvent(b);
    expect(Buffer.from(first).equals(kept)).toBe(true);
    const back = pb.UsageEvent.decode(first);
    expect(back.id).toBe("req_a");
    expect(back.model).toBe("openai/gpt-4o");
    expect(back.inputTokens).toBe(0);
    expect(back.costMicros).toBe(125);
    expect(back.createdAtMs).toBe(1_764_201_600_000);
    expect(pb.UsageEvent.decode(encodeUsageEvent(b)).latencyMs).toBe(2 ** 40);
  });
});

describe("encodeUsageBatch", () => {
  it("writes protobufjs's bytes for any list of events, lengths of one to three varint bytes included", () => {
    const sizes = fc.oneof(fc.nat(200), fc.integer({ min: 100, max: 20_000 }), fc.constantFrom(0, 127, 128, 16_383, 16_384, 70_000));
    fc.assert(
      // each event's bytes made from its size and a seed: fast-check draws long arrays a byte at a time
      fc.property(fc.array(fc.tuple(sizes, fc.nat()).map(([n, seed]) => Buffer.alloc(n, `${seed}:`)), { maxLength: 40 }), (events) => {
        const ours = encodeUsageBatch(events);
        expect(Buffer.from(ours).equals(Buffer.from(pb.UsageBatch.encode({ events }).finish()))).toBe(true);
        const back = pb.UsageBatch.decode(ours).events;
        expect(back).toHaveLength(events.length);
        back.forEach((e, i) => expect(Buffer.from(e).equals(events[i]!)).toBe(true));
      }),
      { numRuns: 300 },
    );
  });
});
