import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pb } from "./messages.ts";
import type { Snapshot } from "./messages.ts";
import { SnapshotReader, readSnapshot, type SnapshotView } from "./snapshot-reader.ts";

const encode = (s: Snapshot) => pb.Snapshot.encode(s).finish();
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** What a view must agree with pb.Snapshot.decode on, keys decoded one by one through the index. */
function viewed(bytes: Uint8Array) {
  return fields(readSnapshot(bytes));
}

function fields(v: SnapshotView) {
  const keys = Array.from({ length: v.keys.entries }, (_, i) => v.keys.decode(i));
  return { epoch: v.epoch, sequence: v.sequence, orgs: v.orgs, keys, appliedEventIds: v.appliedEventIds, generatedAtMs: v.generatedAtMs, replicaCount: v.replicaCount };
}

function decoded(bytes: Uint8Array) {
  const s = pb.Snapshot.decode(bytes);
  return {
    epoch: s.epoch,
    sequence: Number(s.sequence),
    orgs: s.orgs ?? [],
    keys: s.keys ?? [],
    appliedEventIds: s.appliedEventIds ?? [],
    generatedAtMs: Number(s.generatedAtMs),
    replicaCount: s.replicaCount,
  };
}

const arbSnapshot: fc.Arbitrary<Snapshot> = fc.record(
  {
    epoch: fc.string(),
    sequence: fc.maxSafeNat(),
    orgs: fc.array(fc.record({ id: fc.string(), name: fc.string(), balanceMicros: fc.maxSafeInteger() }, { requiredKeys: [] }), { maxLength: 3 }),
    keys: fc.array(fc.record({ id: fc.string(), hash: fc.string(), name: fc.string({ unit: "grapheme" }), models: fc.array(fc.string(), { maxLength: 2 }), revoked: fc.boolean() }, { requiredKeys: [] }), { maxLength: 6 }),
    appliedEventIds: fc.array(fc.uuid(), { maxLength: 3 }),
    generatedAtMs: fc.maxSafeNat(),
    replicaCount: fc.nat(),
  },
  { requiredKeys: [] },
);

describe("reading a snapshot without decoding its keys", () => {
  it("agrees with pb.Snapshot.decode on every field, also when the snapshot arrives as several merged encodings", () => {
    fc.assert(
      fc.property(fc.array(arbSnapshot, { minLength: 1, maxLength: 3 }), (parts) => {
        // concatenated encodings are one message (fields merged, repeated ones appended): keys may be interleaved
        const bytes = concat(...parts.map(encode));
        expect(viewed(bytes)).toStrictEqual(decoded(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it("indexes ids and hashes of any characters, the last of a repeated one winning", () => {
    const bytes = encode({ keys: [{ id: "ключ", hash: "ħ" }, { id: "k", hash: "a".repeat(64) }, { id: "ключ", hash: "ħ2" }, { hash: "no-id" }] });
    const { keys } = readSnapshot(bytes);
    expect(keys.entries).toBe(4);
    expect(keys.size).toBe(3);
    expect(keys.indexOfId("ключ")).toBe(2);
    expect(keys.indexOfHash("ħ")).toBe(0);
    expect(keys.indexOfHash("a".repeat(64))).toBe(1);
    expect(keys.indexOfId("")).toBe(3);
    expect(keys.indexOfId("клю")).toBe(-1);
    expect(keys.hashOf(2)).toBe("ħ2");
    expect([keys.foundById(0), keys.foundById(2), keys.foundByHash(0)]).toEqual([false, true, true]);
  });

  it("fails on a truncated or malformed snapshot as pb.Snapshot.decode does", () => {
    const bytes = encode({ epoch: "E", keys: [{ id: "k", hash: "h", name: "n" }] });
    for (const bad of [bytes.subarray(0, bytes.length - 2), concat(bytes, new Uint8Array([0x22, 0x05, 0x0a])), new Uint8Array([0x07])]) {
      expect(() => pb.Snapshot.decode(bad)).toThrow();
      expect(() => readSnapshot(bad)).toThrow();
    }
  });

  it("keeps only the keys' bytes when the snapshot is a view of a much larger buffer", () => {
    const snap = encode({ epoch: "E", keys: [{ id: "k", hash: "h" }] });
    const big = new Uint8Array(4 << 20);
    big.set(snap, 100);
    const v = readSnapshot(big.subarray(100, 100 + snap.length));
    expect(v.keys.retainedBytes).toBeLessThan(1_000);
    big.fill(0); // the view no longer depends on the buffer it came from
    expect(v.keys.decode(v.keys.indexOfHash("h"))).toStrictEqual(pb.KeyEntry.decode(pb.KeyEntry.encode({ id: "k", hash: "h" }).finish()));
  });

  it("rebuilds keys from kept entries and new encoded ones", () => {
    const { keys } = readSnapshot(encode({ keys: [{ id: "a", hash: "ha" }, { id: "b", hash: "hb" }, { id: "c", hash: "hc" }] }));
    const next = keys.with(new Uint8Array([1, 0, 1]), [pb.KeyEntry.encode({ id: "d", hash: "hd", name: "new" }).finish()]);
    expect(next.size).toBe(3);
    expect(next.indexOfId("b")).toBe(-1);
    expect(next.decode(next.indexOfHash("hc")).id).toBe("c");
    expect(next.decode(next.indexOfId("d")).name).toBe("new");

    // keys interleaved with other fields: what lies between them is not carried over
    const ids = Array.from({ length: 20_000 }, (_, i) => `event-${i}`);
    const mixed = readSnapshot(concat(encode({ keys: [{ id: "a", hash: "ha" }] }), encode({ appliedEventIds: ids }), encode({ keys: [{ id: "b", hash: "hb" }] }))).keys;
    const copied = mixed.with(new Uint8Array([1, 1]), []);
    expect(mixed.retainedBytes - copied.retainedBytes).toBeGreaterThan(200_000);
    expect([copied.decode(copied.indexOfId("a")).hash, copied.decode(copied.indexOfHash("hb")).id]).toEqual(["ha", "b"]);
  });

  it("read in pieces, a snapshot gives exactly what it gives read whole, however it is cut", () => {
    /** The pieces of `bytes` cut at `cuts` (positions in any order, repeats allowed). */
    const cut = (bytes: Uint8Array, cuts: number[]) => {
      const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
      const pieces: Uint8Array[] = [];
      let from = 0;
      for (const c of [...at, bytes.length]) {
        pieces.push(bytes.subarray(from, c));
        from = c;
      }
      return pieces;
    };
    const inPieces = (pieces: Uint8Array[]) => {
      const r = new SnapshotReader();
      for (const p of pieces) r.append(p);
      return r.finish();
    };
    fc.assert(
      fc.property(
        fc.array(arbSnapshot, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.nat({ max: 3 }),
        (parts, cuts, damage) => {
          let bytes = concat(...parts.map(encode));
          // some inputs damaged as a bad part would be: cut short, or ending in a field that claims more bytes
          if (damage === 1 && bytes.length > 1) bytes = bytes.subarray(0, bytes.length - 1);
          if (damage === 2) bytes = concat(bytes, new Uint8Array([0x22, 0x05, 0x0a]));
          let whole: ReturnType<typeof fields> | string;
          try {
            whole = viewed(bytes);
          } catch (err) {
            whole = String(err);
          }
          let pieced: ReturnType<typeof fields> | string;
          try {
            pieced = fields(inPieces(cut(bytes, cuts)));
          } catch (err) {
            pieced = String(err);
          }
          if (typeof whole === "string") expect(typeof pieced).toBe("string");
          else expect(pieced).toStrictEqual(whole);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("indexes a piece's whole fields as it arrives, before the snapshot is complete", () => {
    const keys = Array.from({ length: 300 }, (_, i) => ({ id: `key_${i}`, hash: `${i}`.padStart(64, "0") }));
    const bytes = encode({ epoch: "E", keys });
    // cut five bytes into entry 150: the 150 entries before it are whole
    let cutAt = encode({ epoch: "E" }).length;
    for (const k of keys.slice(0, 150)) cutAt += encode({ keys: [k] }).length;
    cutAt += 5;
    const r = new SnapshotReader();
    r.append(bytes.subarray(0, cutAt));
    // every entry whole in the first piece is indexed already; the one cut in two waits for the rest
    expect(r.keysRead).toBe(150);
    r.append(bytes.subarray(cutAt));
    expect(r.keysRead).toBe(300);
    const v = r.finish();
    expect(v.keys.size).toBe(300);
    expect(v.keys.decode(v.keys.indexOfId("key_299")).hash).toBe("299".padStart(64, "0"));
    expect(v.keys.indexOfHash("0".repeat(64))).toBe(0);
    // read from two pieces, the keys' bytes are copied out of them: the view does not depend on the pieces afterwards
    const copy = new Uint8Array(bytes);
    const fromCopy = new SnapshotReader();
    fromCopy.append(copy.subarray(0, cutAt));
    fromCopy.append(copy.subarray(cutAt));
    const held = fromCopy.finish();
    copy.fill(0);
    expect(held.keys.decode(held.keys.indexOfId("key_150")).hash).toBe("150".padStart(64, "0"));
    expect(() => SnapshotReader.of(bytes).append(new Uint8Array([0]))).toThrow(/whole snapshot/);
    // a byte at a time: every field is cut, most across many pieces
    const bytewise = new SnapshotReader();
    for (let i = 0; i < bytes.length; i++) bytewise.append(bytes.subarray(i, i + 1));
    expect(fields(bytewise.finish())).toStrictEqual(viewed(bytes));
  });

  it("a field that claims more bytes than ever come, over many large pieces, fails at finish as readSnapshot fails", () => {
    // a key entry claiming ~16 MB, then 3 MB in 48 pieces of 64 KiB: each piece joins the carried field once
    const bytes = concat(new Uint8Array([0x22, 0x80, 0x80, 0x80, 0x08]), new Uint8Array(3 << 20));
    expect(() => readSnapshot(bytes)).toThrow(RangeError);
    const r = new SnapshotReader();
    for (let at = 0; at < bytes.length; at += 1 << 16) r.append(bytes.subarray(at, at + (1 << 16)));
    expect(r.keysRead).toBe(0);
    expect(() => r.finish()).toThrow(RangeError);
  });
});
