import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import type { KeyEntry, OrgEntry, Snapshot, SnapshotDelta } from "../../../proto/messages.ts";
import { readSnapshot } from "../../../proto/snapshot-reader.ts";
import { SnapshotStore } from "./snapshot-store.ts";
import type { SnapshotStoreOptions } from "./snapshot-store.ts";

const key = (id: string, hash: string, more: KeyEntry = {}): KeyEntry => ({ id, hash, orgId: "o", kind: "inference", name: id, ...more });
const encode = (s: Snapshot) => pb.Snapshot.encode(s).finish();

function loaded(keys: KeyEntry[], options?: SnapshotStoreOptions, orgs: OrgEntry[] = []): SnapshotStore {
  const store = new SnapshotStore(options);
  store.applyFull(encode({ epoch: "E", sequence: 1, keys, orgs, replicaCount: 3 }), 1_000);
  return store;
}

describe("snapshot store (keys kept encoded)", () => {
  it("finds keys by hash and by id, decoded as pb.Snapshot.decode decodes them", () => {
    const keys = [key("k1", "h1", { limits: { monthlyBudgetMicros: 0, requestsPerMinute: 5 }, models: ["a/b"] }), key("k2", "h2", { allModels: true, spendMonthMicros: 7, month: "2026-11" })];
    const bytes = encode({ epoch: "E", sequence: 4, keys });
    const store = new SnapshotStore();
    store.applyFull(bytes, 5);
    const decoded = pb.Snapshot.decode(bytes).keys!;
    expect(store.keyByHash("h1")).toStrictEqual(decoded[0]);
    expect(store.keyById("k2")).toStrictEqual(decoded[1]);
    expect(store.keyById("h1")).toBeUndefined();
    expect(store.keyByHash("k1")).toBeUndefined();
    expect(store.keyByHash("h")).toBeUndefined();
    expect([store.epoch, store.sequence, store.loaded, store.loadedAtMs, store.keyCount]).toEqual(["E", 4, true, 5, 2]);
  });

  it("decodes a hot key once: the same object while it is cached", () => {
    const store = loaded([key("k1", "h1"), key("k2", "h2")]);
    const first = store.keyByHash("h1");
    expect(store.keyByHash("h1")).toBe(first);
    expect(store.keyById("k1")).toBe(first);
  });

  it("applies deltas: a changed entry, a new one, a hash change (the old hash no longer finds it) and a revocation", () => {
    const store = loaded([key("k1", "h1"), key("k2", "h2"), key("k3", "h3")]);
    store.applyDelta({ epoch: "E", sequence: 2, keys: [key("k1", "h1", { name: "renamed" }), key("k4", "h4")] });
    expect(store.keyByHash("h1")?.name).toBe("renamed");
    expect(store.keyById("k1")?.name).toBe("renamed");
    expect(store.keyById("k4")?.hash).toBe("h4");
    expect(store.keyCount).toBe(4);
    expect(store.sequence).toBe(2);

    store.applyDelta({ epoch: "E", sequence: 3, keys: [key("k2", "h2-new")] });
    expect(store.keyByHash("h2")).toBeUndefined();
    expect(store.keyByHash("h2-new")?.id).toBe("k2");
    expect(store.keyById("k2")?.hash).toBe("h2-new");

    store.applyDelta({ epoch: "E", sequence: 4, keys: [key("k3", "h3", { revoked: true })] });
    expect(store.keyByHash("h3")?.revoked).toBe(true);
    expect(store.keyCount).toBe(4);
  });

  it("markRevoked is seen by every later lookup, also after the cache dropped the key", () => {
    const keys = Array.from({ length: 50 }, (_, i) => key(`k${i}`, `h${i}`));
    const store = loaded(keys, { cacheEntries: 2 });
    const held = store.keyByHash("h7")!;
    store.markRevoked("k7");
    expect(held.revoked).toBe(true); // the object a request already holds, as before
    for (let i = 0; i < 50; i++) store.keyById(`k${i}`); // evicts everything else many times over
    expect(store.keyByHash("h7")?.revoked).toBe(true);
    expect(store.keyById("k7")?.revoked).toBe(true);
    expect(store.keyById("k8")?.revoked).toBeFalsy();
    // a key changed by a delta, then revoked in place
    store.applyDelta({ epoch: "E", sequence: 2, keys: [key("k9", "h9", { name: "x" })] });
    store.markRevoked("k9");
    expect(store.keyByHash("h9")?.revoked).toBe(true);
    store.markRevoked("nope"); // unknown: nothing
    expect(store.keyCount).toBe(50);
  });

  it("keeps revocations and changes when deltas are folded back into the encoded keys", () => {
    const keys = Array.from({ length: 40 }, (_, i) => key(`k${i}`, `h${i}`));
    const store = loaded(keys, { cacheEntries: 1, foldAfter: 3 });
    store.markRevoked("k0");
    for (let i = 1; i <= 10; i++) store.applyDelta({ epoch: "E", sequence: 1 + i, keys: [key(`k${i}`, `h${i}`, { name: `n${i}` }), key(`new${i}`, `hn${i}`)] });
    expect(store.keyById("k0")?.revoked).toBe(true);
    expect(store.keyByHash("h0")?.revoked).toBe(true);
    for (let i = 1; i <= 10; i++) {
      expect(store.keyByHash(`h${i}`)?.name).toBe(`n${i}`);
      expect(store.keyById(`new${i}`)?.hash).toBe(`hn${i}`);
    }
    expect(store.keyCount).toBe(50);
  });

  it("a snapshot with no keys: nothing found, and ready", () => {
    for (const bytes of [new Uint8Array(), encode({ epoch: "E", sequence: 9, orgs: [{ id: "o" }] })]) {
      const store = new SnapshotStore();
      store.applyFull(bytes, 1);
      expect(store.loaded).toBe(true);
      expect(store.keyCount).toBe(0);
      expect(store.keyByHash("")).toBeUndefined();
      expect(store.keyById("k")).toBeUndefined();
      store.applyDelta({ epoch: store.epoch, sequence: store.sequence + 1, keys: [key("k", "h")] });
      expect(store.keyByHash("h")?.id).toBe("k");
      expect(store.keyCount).toBe(1);
    }
  });

  it("holds organizations decoded, and the replica count", () => {
    const store = loaded([key("k1", "h1")], undefined, [
      { id: "o", name: "Org", balanceMicros: 500 },
      { id: "p", balanceMicros: 0 },
    ]);
    expect(store.org("o")).toStrictEqual(pb.OrgEntry.decode(pb.OrgEntry.encode({ id: "o", name: "Org", balanceMicros: 500 }).finish()));
    expect(Number(store.org("p")?.balanceMicros)).toBe(0);
    expect(store.org("q")).toBeUndefined();
    expect(store.replicaCount).toBe(3);
    store.applyDelta({ epoch: "E", sequence: 2, orgs: [{ id: "o", balanceMicros: 20 }], replicaCount: 2 });
    expect(Number(store.org("o")?.balanceMicros)).toBe(20);
    expect(store.replicaCount).toBe(2);
  });

  it("accepts a decoded Snapshot and a readSnapshot view as well as bytes", () => {
    const s: Snapshot = { epoch: "E", sequence: 2, keys: [key("k1", "h1")], orgs: [{ id: "o" }] };
    for (const form of [s, readSnapshot(encode(s)), encode(s)]) {
      const store = new SnapshotStore();
      store.applyFull(form, 0);
      expect(store.keyByHash("h1")?.id).toBe("k1");
      expect(store.org("o")?.id).toBe("o");
      expect(store.sequence).toBe(2);
    }
  });

  it("a full snapshot replaces every key and every override", () => {
    const store = loaded([key("k1", "h1"), key("k2", "h2")]);
    store.applyDelta({ epoch: "E", sequence: 2, keys: [key("k3", "h3")] });
    store.markRevoked("k1");
    store.applyFull(encode({ epoch: "F", sequence: 1, keys: [key("k1", "h1")] }), 2);
    expect(store.keyById("k1")?.revoked).toBeFalsy();
    expect(store.keyById("k2")).toBeUndefined();
    expect(store.keyById("k3")).toBeUndefined();
    expect(store.keyCount).toBe(1);
  });
});

// ---- property checks --------------------------------------------------------------------------------------------

const ids = ["k0", "k1", "k2", "k3", "клю́ч", "", "key_01JBX5Y2Z3"];
const hashes = ["h0", "h1", "h2", "h3", "ħash", "", "a".repeat(64)];
const int64 = fc.oneof(fc.constant(0), fc.nat(), fc.maxSafeNat());
const arbKey: fc.Arbitrary<KeyEntry> = fc.record(
  {
    id: fc.constantFrom(...ids),
    hash: fc.constantFrom(...hashes),
    orgId: fc.string(),
    kind: fc.constantFrom("inference", "management", ""),
    name: fc.string({ unit: "grapheme", maxLength: 20 }),
    allModels: fc.boolean(),
    models: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
    limits: fc.record({ monthlyBudgetMicros: int64, totalBudgetMicros: int64, requestsPerMinute: int64, tokensPerMinute: int64 }, { requiredKeys: [] }),
    month: fc.constantFrom("2026-11", ""),
    spendMonthMicros: int64,
    spendTotalMicros: int64,
    revoked: fc.boolean(),
    prefix: fc.string({ maxLength: 8 }),
    createdAtMs: int64,
  },
  { requiredKeys: [] },
);

/** The store as it was (two maps of decoded entries): the reference the encoded one must answer like. */
class MapStore {
  byHash = new Map<string, KeyEntry>();
  byId = new Map<string, KeyEntry>();
  full(s: Snapshot): void {
    this.byHash = new Map();
    this.byId = new Map();
    for (const k of s.keys ?? []) {
      this.byHash.set(k.hash ?? "", k);
      this.byId.set(k.id ?? "", k);
    }
  }
  delta(d: SnapshotDelta): void {
    for (const k of d.keys ?? []) {
      const old = this.byId.get(k.id ?? "");
      if (old && old.hash !== k.hash) this.byHash.delete(old.hash ?? "");
      this.byId.set(k.id ?? "", k);
      this.byHash.set(k.hash ?? "", k);
    }
  }
  revoke(id: string): void {
    const k = this.byId.get(id);
    if (k) k.revoked = true;
  }
}

type Op = { full: KeyEntry[] } | { delta: KeyEntry[] } | { revoke: string };
const arbOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ full: fc.array(arbKey, { maxLength: 8 }) }) },
  { weight: 4, arbitrary: fc.record({ delta: fc.array(arbKey, { maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ revoke: fc.constantFrom(...ids) }) },
);

describe("snapshot store properties", () => {
  it("returns, for any keys, entries equal to what pb.KeyEntry.decode gives", () => {
    fc.assert(
      fc.property(fc.uniqueArray(arbKey, { selector: (k) => k.id ?? "", maxLength: ids.length }), fc.integer({ min: 1, max: 4 }), (keys, cacheEntries) => {
        const bytes = encode({ epoch: "E", sequence: 1, keys });
        const store = new SnapshotStore({ cacheEntries });
        store.applyFull(bytes, 0);
        for (const k of keys) {
          const want = pb.KeyEntry.decode(pb.KeyEntry.encode(k).finish());
          expect(store.keyById(k.id ?? "")).toStrictEqual(want);
        }
        expect(store.keyCount).toBe(keys.length);
      }),
      { numRuns: 300 },
    );
  });

  it("answers every lookup as the two maps did, through any full snapshots, deltas, revocations and folds", () => {
    fc.assert(
      fc.property(fc.array(arbOp, { minLength: 1, maxLength: 25 }), fc.constantFrom<SnapshotStoreOptions>({}, { cacheEntries: 1, foldAfter: 1 }, { cacheEntries: 2, foldAfter: 3 }), (ops, options) => {
        const ref = new MapStore();
        const store = new SnapshotStore(options);
        let seq = 0;
        for (const op of ops) {
          if ("full" in op) {
            const bytes = encode({ epoch: "E", sequence: ++seq, keys: op.full });
            ref.full(pb.Snapshot.decode(bytes));
            store.applyFull(bytes, 0);
          } else if ("delta" in op) {
            // each side gets its own decoded copy: a revocation changes the object in place
            const bytes = pb.SnapshotDelta.encode({ epoch: "E", sequence: ++seq, keys: op.delta }).finish();
            ref.delta(pb.SnapshotDelta.decode(bytes));
            store.applyDelta(pb.SnapshotDelta.decode(bytes));
          } else {
            ref.revoke(op.revoke);
            store.markRevoked(op.revoke);
          }
          for (const id of ids) expect(store.keyById(id)).toStrictEqual(ref.byId.get(id));
          for (const hash of hashes) expect(store.keyByHash(hash)).toStrictEqual(ref.byHash.get(hash));
          expect(store.keyCount).toBe(ref.byId.size);
        }
      }),
      { numRuns: 400 },
    );
  });
});
