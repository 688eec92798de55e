import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readDelta } from "./delta-reader.ts";
import { pb } from "./messages.ts";
import type { SnapshotDelta } from "./messages.ts";

const encode = (d: SnapshotDelta) => pb.SnapshotDelta.encode(d).finish();
const all = () => true;
/** Keeps the ids whose bytes start with `prefix` (ASCII). */
const startingWith = (prefix: string) => (b: Uint8Array, start: number, end: number) =>
  end - start >= prefix.length && [...prefix].every((c, i) => b[start + i] === c.charCodeAt(0));

const arbDelta: fc.Arbitrary<SnapshotDelta> = fc.record(
  {
    epoch: fc.string(),
    sequence: fc.maxSafeNat(),
    orgs: fc.array(fc.record({ id: fc.string(), name: fc.string(), balanceMicros: fc.maxSafeInteger() }, { requiredKeys: [] }), { maxLength: 3 }),
    keys: fc.array(fc.record({ id: fc.string(), hash: fc.string(), name: fc.string({ unit: "grapheme" }), models: fc.array(fc.string(), { maxLength: 2 }), revoked: fc.boolean() }, { requiredKeys: [] }), { maxLength: 4 }),
    appliedEventIds: fc.array(fc.oneof(fc.constantFrom("req_a", "req_b").chain((p) => fc.string({ unit: "grapheme" }).map((s) => p + s)), fc.string({ unit: "grapheme" })), { maxLength: 8 }),
    replicaCount: fc.nat(),
  },
  { requiredKeys: [] },
);

describe("readDelta", () => {
  it("decodes what pb.SnapshotDelta.decode decodes when it keeps every applied id", () => {
    fc.assert(
      fc.property(arbDelta, (d) => {
        const bytes = encode(d);
        expect(readDelta(bytes, all).toJSON()).toEqual(pb.SnapshotDelta.decode(bytes).toJSON());
      }),
    );
  });

  it("leaves out exactly the applied ids its filter refuses, in order, and nothing else", () => {
    fc.assert(
      fc.property(arbDelta, (d) => {
        const bytes = encode(d);
        const full = pb.SnapshotDelta.decode(bytes).toJSON();
        const read = readDelta(bytes, startingWith("req_a")).toJSON();
        const kept = ((full["appliedEventIds"] as string[] | undefined) ?? []).filter((id) => id.startsWith("req_a"));
        expect(read["appliedEventIds"] ?? []).toEqual(kept);
        expect({ ...read, appliedEventIds: undefined }).toEqual({ ...full, appliedEventIds: undefined });
      }),
    );
  });

  it("an empty delta reads as the generated code's defaults", () => {
    const d = readDelta(new Uint8Array(0), all);
    expect([d.epoch, Number(d.sequence), d.orgs, d.keys, d.appliedEventIds, d.replicaCount]).toEqual(["", 0, [], [], [], 0]);
  });

  it("throws on a delta cut short, inside an applied id it would skip as well as one it would keep", () => {
    const bytes = encode({ epoch: "A", sequence: 3, appliedEventIds: ["req_a1", "req_b22222"] });
    for (const cut of [bytes.length - 1, bytes.length - 3]) {
      expect(() => pb.SnapshotDelta.decode(bytes.subarray(0, cut))).toThrow();
      expect(() => readDelta(bytes.subarray(0, cut), all)).toThrow();
      expect(() => readDelta(bytes.subarray(0, cut), () => false)).toThrow();
    }
  });
});
