import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeHeapSnapshot } from "node:v8";
import { describe, expect, it } from "vitest";
import { generateKey, hashKey } from "../../../proto/key-hash.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import { KeyHashes } from "./key-hashes.ts";
import { SnapshotStore } from "./snapshot-store.ts";

const SECRET = "test-secret-0123456789";

function storeOf(tokens: Record<string, string>, revoked: string[] = []): SnapshotStore {
  const s = new SnapshotStore();
  const keys: KeyEntry[] = Object.entries(tokens).map(([id, token]) => ({ id, hash: hashKey(SECRET, token), orgId: "org", kind: "inference", allModels: true, revoked: revoked.includes(id) }));
  s.applyFull({ epoch: "e", sequence: 1, orgs: [{ id: "org", balanceMicros: 1 }], keys }, 0);
  return s;
}

describe("finding a presented key's entry by its HMAC, remembered for keys that authenticated", () => {
  it("finds a live key again without computing its HMAC, and the same entry either way", () => {
    const live = generateKey("inference");
    const store = storeOf({ key_live: live });
    const hashes = new KeyHashes(SECRET);
    const first = hashes.find(live, store);
    expect(first?.id).toBe("key_live");
    expect(hashes.computed).toBe(1);
    for (let i = 0; i < 5; i++) expect(hashes.find(`${live}`, store)).toBe(first);
    expect(hashes.computed).toBe(1);
    expect(hashes.size).toBe(1);
  });

  it("never remembers an unknown key: each guess is hashed, and none pushes a live key out", () => {
    const live = generateKey("inference");
    const store = storeOf({ key_live: live });
    const hashes = new KeyHashes(SECRET, 4);
    hashes.find(live, store);
    for (let i = 0; i < 100; i++) expect(hashes.find(generateKey("inference"), store)).toBeUndefined();
    expect(hashes.computed).toBe(101);
    expect(hashes.size).toBe(1);
    expect(hashes.find(live, store)?.id).toBe("key_live");
    expect(hashes.computed).toBe(101);
  });

  it("a string one character away from a remembered key is not that key", () => {
    const live = generateKey("inference");
    const store = storeOf({ key_live: live });
    const hashes = new KeyHashes(SECRET);
    hashes.find(live, store);
    for (let i = 0; i < live.length; i++) {
      const near = live.slice(0, i) + (live[i] === "A" ? "B" : "A") + live.slice(i + 1);
      expect(hashes.find(near, store), near).toBeUndefined();
    }
    expect(hashes.find(`${live}x`, store)).toBeUndefined();
    expect(hashes.find(live.slice(0, -1), store)).toBeUndefined();
    expect(hashes.computed).toBe(1 + live.length + 2);
  });

  it("a remembered key revoked, or gone from the snapshot, is found as the store has it and forgotten", () => {
    const live = generateKey("inference");
    const other = generateKey("inference");
    const hashes = new KeyHashes(SECRET);
    hashes.find(live, storeOf({ key_live: live, key_other: other }));
    hashes.find(other, storeOf({ key_live: live, key_other: other }));
    expect(hashes.size).toBe(2);
    // revoked by a delta: the entry comes back revoked (the caller refuses it), and is not remembered any more
    const revoking = storeOf({ key_live: live, key_other: other }, ["key_live"]);
    expect(hashes.find(live, revoking)?.revoked).toBe(true);
    expect(hashes.size).toBe(1);
    expect(hashes.find(live, revoking)?.revoked).toBe(true);
    expect(hashes.computed).toBe(3);
    expect(hashes.size).toBe(1);
    // a full snapshot without the key
    expect(hashes.find(other, storeOf({ key_live: live }))).toBeUndefined();
    expect(hashes.size).toBe(0);
  });

  it("a key with a character past ASCII is still found, never remembered", () => {
    const odd = "svc_cléf-0000000000000000000000000000000000";
    const store = storeOf({ key_odd: odd });
    const hashes = new KeyHashes(SECRET);
    expect(hashes.find(odd, store)?.id).toBe("key_odd");
    expect(hashes.find(odd, store)?.id).toBe("key_odd");
    expect(hashes.computed).toBe(2);
    expect(hashes.size).toBe(0);
  });

  it("holds at most its capacity, and finds every key right past it", () => {
    const tokens = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key_${i}`, generateKey("inference")]));
    const store = storeOf(tokens);
    const hashes = new KeyHashes(SECRET, 4);
    for (let round = 0; round < 3; round++) {
      for (const [id, token] of Object.entries(tokens)) {
        expect(hashes.find(token, store)?.id).toBe(id);
        expect(hashes.size).toBeLessThanOrEqual(4);
      }
    }
  });

  it("keeps no plaintext key in memory (a heap snapshot holds the HMAC it remembers, not the key)", () => {
    const dir = os.tmpdir();
    const search = (remember: (token: string, hashes: KeyHashes, store: SnapshotStore) => unknown): { token: boolean; hash: boolean } => {
      // the key, its store and its HMAC exist only inside this call (but for what `remember` returns): the heap
      // snapshot is taken after it returned, and the key is rebuilt from its character codes only after that
      const held = ((): { codes: string; keep: unknown } => {
        const token = generateKey("inference");
        const store = storeOf({ key_live: token });
        const hashes = new KeyHashes(SECRET);
        const keep = remember(token, hashes, store);
        return { codes: [...token].map((c) => c.charCodeAt(0)).join(","), keep };
      })();
      const file = writeHeapSnapshot(path.join(dir, `key-hashes-${process.pid}-${Date.now()}.heapsnapshot`));
      try {
        const heap = readFileSync(file, "latin1");
        const token = String.fromCharCode(...held.codes.split(",").map(Number));
        return { token: heap.includes(token.slice(4)), hash: heap.includes(hashKey(SECRET, token)) };
      } finally {
        rmSync(file, { force: true });
        void held.keep;
      }
    };
    const kept = search((token, hashes, store) => {
      hashes.find(token, store);
      hashes.find(token, store);
      return hashes;
    });
    expect(kept.hash, "the remembered HMAC is in the heap").toBe(true);
    expect(kept.token, "the plaintext key is in the heap").toBe(false);
    // positive control: a map keyed by the plaintext, as a naive cache would hold it, is found by the same search
    const naive = search((token) => new Map([[`${token.slice(0, 4)}${token.slice(4)}`, 1]]));
    expect(naive).toEqual({ token: true, hash: false });
  }, 60_000);
});
