import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pb, type KeyEntry, type OrgEntry } from "./messages.ts";
import { SlabWriter } from "./slab-writer.ts";
import { writeKeyEntry, writeOrgEntry } from "./snapshot-entry-encode.ts";

// Postgres text holds no lone surrogate, but a writer handed one must leave it to protobufjs (which writes it in
// another form than Buffer does)
const surrogates = fc.array(fc.constantFrom("\ud800", "\udfff", "\ud83d", "a", "é", "😀"), { maxLength: 6 }).map((a) => a.join(""));
const text = fc.oneof(fc.string(), surrogates, fc.string({ unit: "grapheme", maxLength: 60 }), fc.string({ unit: "binary", maxLength: 40 }), fc.string({ minLength: 120, maxLength: 20_000 }), fc.constant(""));
const count = fc.oneof(fc.nat(), fc.maxSafeNat(), fc.constantFrom(0, 127, 128, 2 ** 31, 2 ** 32, Date.now()));
const anyNumber = fc.oneof(count, fc.integer({ min: -(2 ** 40), max: -1 }), fc.constant(-0));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

function keyEntry(num: fc.Arbitrary<number>): fc.Arbitrary<KeyEntry> {
  return fc.record(
    {
      id: text,
      hash: text,
      orgId: text,
      kind: fc.constantFrom("inference", "management", ""),
      name: text,
      allModels: fc.boolean(),
      models: fc.array(fc.oneof(text, fc.constantFrom("openai/gpt-4o", "anthropic/claude-haiku-4-5", "")), { maxLength: 5 }),
      limits: fc.record({ monthlyBudgetMicros: maybe(num), totalBudgetMicros: maybe(num), requestsPerMinute: maybe(num), tokensPerMinute: maybe(num) }, { requiredKeys: [] }),
      month: fc.constantFrom("2026-11", ""),
      spendMonthMicros: num,
      spendTotalMicros: num,
      revoked: fc.boolean(),
      prefix: text,
      createdAtMs: num,
    },
    { requiredKeys: [] },
  );
}

/** The writer's bytes of one entry, or undefined when it leaves the entry to protobufjs. */
function written<T>(write: (w: SlabWriter, e: T) => boolean, e: T, w = new SlabWriter(64)): Buffer | undefined {
  w.pos = 0;
  return write(w, e) ? Buffer.from(w.buf.subarray(0, w.pos)) : undefined;
}

describe("writeKeyEntry and writeOrgEntry", () => {
  it("write protobufjs's bytes for every entry they take, and take every entry a snapshot is read into", () => {
    fc.assert(
      fc.property(keyEntry(count), (k) => {
        const bytes = written(writeKeyEntry, k);
        const wellFormed = [k.id, k.hash, k.orgId, k.name, k.prefix, ...(k.models ?? [])].every((s) => s == null || Buffer.from(s).toString() === s);
        if (wellFormed) expect(bytes).toBeDefined();
        if (bytes) expect(bytes.equals(Buffer.from(pb.KeyEntry.encode(k).finish()))).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it("leave to protobufjs a number it writes in another form (negative), and write the rest as it does", () => {
    fc.assert(
      fc.property(keyEntry(anyNumber), fc.record({ id: text, name: text, balanceMicros: anyNumber }, { requiredKeys: [] }), (k, o: OrgEntry) => {
        const key = written(writeKeyEntry, k);
        if (key) expect(key.equals(Buffer.from(pb.KeyEntry.encode(k).finish()))).toBe(true);
        const org = written(writeOrgEntry, o);
        if (org) expect(org.equals(Buffer.from(pb.OrgEntry.encode(o).finish()))).toBe(true);
        if (typeof o.balanceMicros === "number" && o.balanceMicros < 0) expect(org).toBeUndefined();
      }),
      { numRuns: 3_000 },
    );
  });

  it("frame an entry whose length takes one, two or three bytes, one after another in a growing buffer", () => {
    const w = new SlabWriter(16);
    const entries: KeyEntry[] = [100, 200, 20_000, 5].map((n, i) => ({ id: `key_${i}`, name: "n".repeat(n), kind: "inference", limits: { requestsPerMinute: 0 } }));
    for (const e of entries) {
      const start = w.open((4 << 3) | 2);
      expect(writeKeyEntry(w, e)).toBe(true);
      w.close(start);
    }
    const snapshot = pb.Snapshot.decode(w.buf.subarray(0, w.pos));
    expect(snapshot.keys.map((k) => k.name?.length)).toEqual([100, 200, 20_000, 5]);
    expect(snapshot.keys[3]!.limits).toEqual({ requestsPerMinute: 0 });
  });
});
