import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ContentBlockDeltaEvent, StreamEventHead, readBlockDelta, readEventType } from "./anthropic-wire.ts";

// values at each edge the schemas draw: integers and not (unsafe, fractional, strings), strings and not,
// undefined against null, objects against arrays and null
const scalar = fc.oneof(
  fc.constantFrom(0, -1, 3, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, -(2 ** 53), "1", "", "text_delta", "content_block_delta", null, undefined, true),
  fc.string({ maxLength: 4 }),
);
// an array carrying the fields an object would: z.object refuses it all the same
const arrayLike = (fields: Record<string, unknown>): unknown[] => Object.assign([], fields);
const value = fc.oneof(scalar, fc.constant({}), fc.constant([]), fc.constant([{ type: "text_delta" }]), fc.constant(arrayLike({ type: "text_delta", text: "a" })));
const delta = fc.oneof(
  value,
  fc.record({ type: scalar, text: scalar, thinking: scalar, partial_json: scalar, extra: scalar }, { requiredKeys: [] }),
);
const event = fc.oneof(
  value,
  fc.record({ type: scalar, index: scalar, delta, extra: value }, { requiredKeys: [] }),
  fc.array(scalar, { maxLength: 2 }),
  fc.constant(arrayLike({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "a" } })),
);

describe("the hand-read stream events agree with their schemas", () => {
  it("readEventType is StreamEventHead's verdict and type", () => {
    fc.assert(
      fc.property(event, (json) => {
        const z = StreamEventHead.safeParse(json);
        expect(readEventType(json)).toBe(z.success ? z.data.type : undefined);
      }),
      { numRuns: 5_000 },
    );
  });

  it("readBlockDelta is ContentBlockDeltaEvent's verdict and fields", () => {
    fc.assert(
      fc.property(event, (json) => {
        const z = ContentBlockDeltaEvent.safeParse(json);
        const mine = readBlockDelta(json);
        expect(mine !== undefined).toBe(z.success);
        if (z.success) expect(mine).toEqual(z.data);
      }),
      { numRuns: 10_000 },
    );
  });

  it("reads a recorded text delta", () => {
    const json: unknown = JSON.parse('{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"The"}}');
    expect(readEventType(json)).toBe("content_block_delta");
    expect(readBlockDelta(json)).toEqual({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "The" } });
  });
});
