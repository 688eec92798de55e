import { readDelta } from "../../../proto/delta-reader.ts";
import { pb } from "../../../proto/messages.ts";
import type { SnapshotDelta } from "../../../proto/messages.ts";
import { fetchSnapshotParts } from "../../../proto/snapshot-parts.ts";
import { SnapshotReader } from "../../../proto/snapshot-reader.ts";
import type { Subjects } from "../../../proto/subjects.ts";
import type { Transport, Unsubscribe } from "../../../proto/transport.ts";
import type { SpendTracker } from "../admission/spend-tracker.ts";
import { isOwnRequestId } from "../http/request-id.ts";
import type { SnapshotStore } from "./snapshot-store.ts";

/**
 * Keeps the store in step with the control plane: a full snapshot first, then deltas strictly in sequence.
 * A gap, a new epoch (control plane restarted) or a heartbeat ahead of us means a full refetch; until one
 * arrives the replica keeps serving from what it has (static stability).
 */
export class SnapshotSync {
  readonly #buffer: SnapshotDelta[] = [];
  #fetching: Promise<void> | undefined;
  #subs: Unsubscribe[] = [];
  #closed = false;

  constructor(
    private readonly transport: Transport,
    private readonly subjects: Subjects,
    private readonly store: SnapshotStore,
    private readonly tracker: SpendTracker,
    private readonly replicaId: string,
  ) {}

  /** Subscribes, then loads the first full snapshot, retrying until it has one. */
  async start(): Promise<void> {
    // the applied events of other replicas are skipped undecoded: only this process's can be pending here
    this.#subs.push(this.transport.subscribe(this.subjects.snapshotDelta, (b) => this.#onDelta(readDelta(b, isOwnRequestId))));
    this.#subs.push(this.transport.subscribe(this.subjects.heartbeat, (b) => this.#onHeartbeat(pb.Heartbeat.decode(b))));
    while (!this.store.loaded && !this.#closed) {
      await this.refetch();
      if (!this.store.loaded) await new Promise((r) => setTimeout(r, 250));
    }
  }

  refetch(): Promise<void> {
    this.#fetching ??= this.#fetchFull().finally(() => {
      this.#fetching = undefined;
    });
    return this.#fetching;
  }

  async #fetchFull(): Promise<void> {
    try {
      // read, not decoded: the keys stay encoded in the store and are decoded one at a time when asked for; each
      // part is read as it arrives, while the control plane may still be building the rest
      const reader = new SnapshotReader();
      await fetchSnapshotParts(this.transport, this.subjects.snapshotRequest, this.replicaId, 5_000, (data) => reader.append(data));
      const snap = reader.finish();
      this.store.applyFull(snap, Date.now());
      this.tracker.markApplied(snap.appliedEventIds);
      const later = this.#buffer
        .splice(0)
        .filter((d) => d.epoch === snap.epoch)
        .sort((a, b) => Number(a.sequence) - Number(b.sequence));
      for (const d of later) this.#apply(d);
    } catch {
      // control plane unreachable: keep the last good state; the next heartbeat or delta tries again
    }
  }

  #onDelta(d: SnapshotDelta): void {
    this.store.lastHeardAtMs = Date.now();
    if (!this.store.loaded || this.#fetching) {
      this.#buffer.push(d);
      return;
    }
    this.#apply(d);
  }

  #apply(d: SnapshotDelta): void {
    const seq = Number(d.sequence ?? 0);
    if (d.epoch !== this.store.epoch) {
      // a restarted control plane: only a full snapshot of its epoch can be trusted
      this.store.behindSinceMs ??= Date.now();
      this.#buffer.push(d);
      void this.refetch();
      return;
    }
    if (seq <= this.store.sequence) {
      // already included in what we hold
      this.tracker.markApplied(d.appliedEventIds ?? []);
      return;
    }
    if (seq !== this.store.sequence + 1) {
      this.store.behindSinceMs ??= Date.now();
      this.#buffer.push(d);
      void this.refetch();
      return;
    }
    this.store.applyDelta(d);
    this.tracker.markApplied(d.appliedEventIds ?? []);
  }

  #onHeartbeat(h: { epoch?: string | null; sequence?: number | null }): void {
    if (!this.store.loaded) return;
    this.store.lastHeardAtMs = Date.now();
    if (h.epoch !== this.store.epoch || Number(h.sequence ?? 0) > this.store.sequence) {
      this.store.behindSinceMs ??= Date.now();
      void this.refetch();
    } else this.store.behindSinceMs = undefined;
  }

  close(): void {
    this.#closed = true;
    for (const u of this.#subs.splice(0)) u();
  }
}
