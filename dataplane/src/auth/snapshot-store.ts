import { pb } from "../../../proto/messages.ts";
import type { KeyEntry, OrgEntry, Snapshot, SnapshotDelta } from "../../../proto/messages.ts";
import { EncodedKeys, readSnapshot } from "../../../proto/snapshot-reader.ts";
import type { SnapshotView } from "../../../proto/snapshot-reader.ts";

export interface SnapshotStoreOptions {
  /** Decoded keys kept per cache generation (the cache holds at most twice this). */
  cacheEntries?: number;
  /** Keys changed by deltas held decoded before they are folded back into the encoded base (at least). */
  foldAfter?: number;
}

const NO_KEYS = readSnapshot(new Uint8Array()).keys;

/**
 * The data plane's view of keys and organizations. A full snapshot's keys stay encoded as received (one buffer,
 * indexed by hash and by id: ~220 bytes of memory a key where a decoded one took ~700) and a key is decoded when asked for,
 * with a small two-generation cache so a hot key costs no decode per request. Deltas upsert whole entries into
 * maps of decoded overrides consulted first; once those grow past `foldAfter` (or 1/8 of the keys) they are
 * folded back into a new encoded base, so memory stays bounded however many keys change. Organizations are few
 * and kept decoded. A full snapshot replaces everything in one assignment, so readers never see half of one.
 *
 * Lookups behave as the two maps (by hash, by id) of whole entries this class held before: the same object
 * while it is cached, and a key changed in place (markRevoked) keeps the change on every later lookup.
 */
export class SnapshotStore {
  epoch = "";
  sequence = 0;
  loaded = false;
  loadedAtMs = 0;
  /** Last time the control plane was heard from (snapshot, delta or heartbeat): how fresh this state is. */
  lastHeardAtMs = 0;
  /**
   * Since when this replica has known of state newer than what it holds (a heartbeat ahead, a gap, a new epoch)
   * without having caught up; undefined while it holds the latest it has heard of.
   */
  behindSinceMs: number | undefined = undefined;
  /** Live data plane replicas, as the control plane counts them: this replica's share of a rate limit is 1/N. */
  replicaCount = 1;
  readonly #cacheEntries: number;
  readonly #foldAfter: number;
  #keys: KeyState;
  #orgs = new Map<string, OrgEntry>();
  #waiters: { epoch: string; sequence: number; done: () => void }[] = [];

  constructor(options: SnapshotStoreOptions = {}) {
    this.#cacheEntries = Math.max(1, options.cacheEntries ?? 2_048);
    this.#foldAfter = Math.max(1, options.foldAfter ?? 2_048);
    this.#keys = new KeyState(NO_KEYS, this.#cacheEntries);
  }

  keyByHash(hash: string): KeyEntry | undefined {
    return this.#keys.byHash(hash);
  }

  keyById(id: string): KeyEntry | undefined {
    return this.#keys.byId(id);
  }

  org(id: string): OrgEntry | undefined {
    return this.#orgs.get(id);
  }

  get keyCount(): number {
    return this.#keys.count;
  }

  /**
   * Replaces the whole state. Pass the encoded Snapshot (or its `readSnapshot` view) so its keys are never all
   * decoded; a decoded Snapshot is accepted too (it is encoded first).
   */
  applyFull(s: Snapshot | Uint8Array | SnapshotView, nowMs: number): void {
    const view = s instanceof Uint8Array ? readSnapshot(s) : isView(s) ? s : readSnapshot(pb.Snapshot.encode(s).finish());
    const orgs = new Map<string, OrgEntry>();
    for (const o of view.orgs) orgs.set(o.id ?? "", o);
    this.#keys = new KeyState(view.keys, this.#cacheEntries);
    this.#orgs = orgs;
    this.epoch = view.epoch;
    this.replicaCount = Math.max(1, view.replicaCount || 1);
    this.sequence = view.sequence;
    this.loaded = true;
    this.behindSinceMs = undefined;
    this.loadedAtMs = nowMs;
    this.lastHeardAtMs = nowMs;
    this.#wake();
  }

  /** Caller guarantees order (sequence === this.sequence + 1 within the same epoch). */
  applyDelta(d: SnapshotDelta): void {
    for (const k of d.keys ?? []) this.#keys.upsert(k);
    if (this.#keys.overrides > Math.max(this.#foldAfter, this.#keys.count / 8)) this.#keys = this.#keys.folded();
    for (const o of d.orgs ?? []) this.#orgs.set(o.id ?? "", o);
    this.sequence = Number(d.sequence ?? this.sequence);
    if (d.replicaCount) this.replicaCount = Math.max(1, Number(d.replicaCount));
    this.#wake();
  }

  /** Resolves once this store holds `sequence` of `epoch` (or a later epoch), or after `timeoutMs`. */
  waitFor(epoch: string, sequence: number, timeoutMs: number): Promise<void> {
    if (this.#reached(epoch, sequence)) return Promise.resolve();
    return new Promise((resolve) => {
      const w = { epoch, sequence, done: resolve };
      this.#waiters.push(w);
      setTimeout(() => {
        this.#waiters = this.#waiters.filter((x) => x !== w);
        resolve();
      }, timeoutMs).unref();
    });
  }

  #reached(epoch: string, sequence: number): boolean {
    return this.epoch === epoch && this.sequence >= sequence;
  }

  #wake(): void {
    if (this.#waiters.length === 0) return;
    const still = [];
    for (const w of this.#waiters) {
      if (this.#reached(w.epoch, w.sequence)) w.done();
      else still.push(w);
    }
    this.#waiters = still;
  }

  /** The replica revokes at once what it was told to revoke, before the control plane's delta comes back. */
  markRevoked(keyId: string): void {
    this.#keys.revoke(keyId);
  }
}

function isView(s: Snapshot | SnapshotView): s is SnapshotView {
  return (s as SnapshotView).keys instanceof EncodedKeys;
}

/**
 * Keys: an encoded base plus decoded overrides, emulating the two maps `byId` and `byHash` of whole entries.
 * `#overByHash` holds null where a hash was deleted from `byHash` while the base still has it.
 */
class KeyState {
  readonly #base: EncodedKeys;
  readonly #overById = new Map<string, KeyEntry>();
  readonly #overByHash = new Map<string, KeyEntry | null>();
  /** Base entries changed in place (markRevoked): the one object for that entry from then on. */
  readonly #pinned = new Map<number, KeyEntry>();
  readonly #generation: number;
  /** Decoded base entries by entry number. */
  readonly #decoded: Cache<number, KeyEntry>;
  /** The same entries by the hash that found them: a hot key's lookup is one map access, as before. */
  readonly #hot: Cache<string, KeyEntry>;
  /** Ids in #overById that the base does not have. */
  #newIds = 0;

  constructor(base: EncodedKeys, cacheEntries: number) {
    this.#base = base;
    this.#generation = cacheEntries;
    this.#decoded = new Cache(cacheEntries);
    this.#hot = new Cache(cacheEntries);
  }

  get count(): number {
    return this.#base.size + this.#newIds;
  }

  /** Entries held decoded because a delta changed them. */
  get overrides(): number {
    return Math.max(this.#overById.size, this.#overByHash.size);
  }

  byHash(hash: string): KeyEntry | undefined {
    const o = this.#overByHash.get(hash);
    if (o !== undefined) return o ?? undefined;
    const hot = this.#hot.get(hash);
    if (hot !== undefined) return hot;
    const i = this.#base.indexOfHash(hash);
    const k = i < 0 ? undefined : this.#entry(i);
    if (k !== undefined) this.#hot.set(hash, k);
    return k;
  }

  byId(id: string): KeyEntry | undefined {
    const o = this.#overById.get(id);
    if (o !== undefined) return o;
    const i = this.#base.indexOfId(id);
    return i < 0 ? undefined : this.#entry(i);
  }

  /** As `old = byId.get(id); if (old && old.hash !== k.hash) byHash.delete(old.hash); byId.set(id, k); byHash.set(hash, k)`. */
  upsert(k: KeyEntry): void {
    const id = k.id ?? "";
    const over = this.#overById.get(id);
    const i = over === undefined ? this.#base.indexOfId(id) : -1;
    const oldHash = over !== undefined ? over.hash : i >= 0 ? this.#base.hashOf(i) : undefined;
    if ((over !== undefined || i >= 0) && oldHash !== k.hash) this.#deleteHash(oldHash ?? "");
    if (over === undefined && i < 0) this.#newIds++;
    this.#overById.set(id, k);
    this.#overByHash.set(k.hash ?? "", k);
  }

  revoke(id: string): void {
    const o = this.#overById.get(id);
    if (o !== undefined) {
      o.revoked = true;
      return;
    }
    const i = this.#base.indexOfId(id);
    const k = i < 0 ? undefined : this.#entry(i);
    if (!k) return;
    k.revoked = true;
    this.#pinned.set(i, k);
    // the hash cache may hold another decoded copy of this entry: the next lookup by hash finds the pinned one
    this.#hot.delete(this.#base.hashOf(i));
  }

  #deleteHash(hash: string): void {
    if (this.#base.indexOfHash(hash) >= 0) this.#overByHash.set(hash, null);
    else this.#overByHash.delete(hash);
  }

  #entry(i: number): KeyEntry | undefined {
    let k = this.#pinned.get(i) ?? this.#decoded.get(i);
    if (k !== undefined) return k;
    try {
      k = this.#base.decode(i);
    } catch {
      return undefined; // a malformed entry: as if absent (the rest of the snapshot is usable)
    }
    this.#decoded.set(i, k);
    return k;
  }

  /**
   * The same state with its overrides folded into a new encoded base: every entry found both by its id and by its
   * hash is encoded into the base; what only one map reaches (possible only with repeated ids or hashes) stays
   * an override, so lookups answer exactly as before.
   */
  folded(): KeyState {
    const base = this.#base;
    const shadowById = new Uint8Array(base.entries);
    const shadowByHash = new Uint8Array(base.entries);
    for (const id of this.#overById.keys()) {
      const i = base.indexOfId(id);
      if (i >= 0) shadowById[i] = 1;
    }
    for (const hash of this.#overByHash.keys()) {
      const i = base.indexOfHash(hash);
      if (i >= 0) shadowByHash[i] = 1;
    }
    const keep = new Uint8Array(base.entries);
    const extra: Uint8Array[] = [];
    const byIdOnly: KeyEntry[] = [];
    const byHashOnly: KeyEntry[] = [];
    for (let i = 0; i < base.entries; i++) {
      const liveById = !shadowById[i] && base.foundById(i);
      const liveByHash = !shadowByHash[i] && base.foundByHash(i);
      const changed = this.#pinned.get(i);
      if (liveById && liveByHash) {
        if (changed) extra.push(pb.KeyEntry.encode(changed).finish());
        else keep[i] = 1;
      } else if (liveById || liveByHash) {
        const k = this.#entry(i);
        if (k) (liveById ? byIdOnly : byHashOnly).push(k);
      }
    }
    for (const k of this.#overById.values()) {
      if (this.#overByHash.get(k.hash ?? "") === k) extra.push(pb.KeyEntry.encode(k).finish());
      else byIdOnly.push(k);
    }
    for (const k of this.#overByHash.values()) if (k && this.#overById.get(k.id ?? "") !== k) byHashOnly.push(k);
    const next = new KeyState(base.with(keep, extra), this.#generation);
    for (const k of byIdOnly) {
      next.#overById.set(k.id ?? "", k);
      next.#newIds++;
    }
    for (const k of byHashOnly) next.#overByHash.set(k.hash ?? "", k);
    return next;
  }
}

/** A bounded cache of two generations of `generation` entries each; a hit in the older one moves to the younger. */
class Cache<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();

  constructor(private readonly generation: number) {}

  get(k: K): V | undefined {
    const v = this.#young.get(k);
    if (v !== undefined) return v;
    const older = this.#old.get(k);
    if (older !== undefined) this.set(k, older);
    return older;
  }

  set(k: K, v: V): void {
    if (this.#young.size >= this.generation) {
      this.#old = this.#young;
      this.#young = new Map();
    }
    this.#young.set(k, v);
  }

  delete(k: K): void {
    this.#young.delete(k);
    this.#old.delete(k);
  }
}
