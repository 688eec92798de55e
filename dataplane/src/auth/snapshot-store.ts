import type { KeyEntry, OrgEntry, Snapshot, SnapshotDelta } from "../../../proto/messages.ts";

/**
 * The data plane's view of keys and organizations. Replaced whole by a full snapshot (one assignment of new
 * maps, so readers never see half of one) and patched by ordered deltas of whole entries.
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
  #keysByHash = new Map<string, KeyEntry>();
  #keysById = new Map<string, KeyEntry>();
  #orgs = new Map<string, OrgEntry>();
  #waiters: { epoch: string; sequence: number; done: () => void }[] = [];

  keyByHash(hash: string): KeyEntry | undefined {
    return this.#keysByHash.get(hash);
  }

  keyById(id: string): KeyEntry | undefined {
    return this.#keysById.get(id);
  }

  org(id: string): OrgEntry | undefined {
    return this.#orgs.get(id);
  }

  get keyCount(): number {
    return this.#keysById.size;
  }

  applyFull(s: Snapshot, nowMs: number): void {
    const byHash = new Map<string, KeyEntry>();
    const byId = new Map<string, KeyEntry>();
    for (const k of s.keys ?? []) {
      byHash.set(k.hash ?? "", k);
      byId.set(k.id ?? "", k);
    }
    const orgs = new Map<string, OrgEntry>();
    for (const o of s.orgs ?? []) orgs.set(o.id ?? "", o);
    this.#keysByHash = byHash;
    this.#keysById = byId;
    this.#orgs = orgs;
    this.epoch = s.epoch ?? "";
    this.replicaCount = Math.max(1, Number(s.replicaCount ?? 1));
    this.sequence = Number(s.sequence ?? 0);
    this.loaded = true;
    this.behindSinceMs = undefined;
    this.loadedAtMs = nowMs;
    this.lastHeardAtMs = nowMs;
    this.#wake();
  }

  /** Caller guarantees order (sequence === this.sequence + 1 within the same epoch). */
  applyDelta(d: SnapshotDelta): void {
    for (const k of d.keys ?? []) {
      const old = this.#keysById.get(k.id ?? "");
      if (old && old.hash !== k.hash) this.#keysByHash.delete(old.hash ?? "");
      this.#keysById.set(k.id ?? "", k);
      this.#keysByHash.set(k.hash ?? "", k);
    }
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
    const k = this.#keysById.get(keyId);
    if (k) k.revoked = true;
  }
}
