import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { pb } from "../../../proto/messages.ts";
import type { OrgEntry } from "../../../proto/messages.ts";
import { SnapshotPartServer } from "../../../proto/snapshot-parts.ts";
import type { Subjects } from "../../../proto/subjects.ts";
import type { Transport, Unsubscribe } from "../../../proto/transport.ts";
import type { DB } from "../db/schema.ts";
import { loadFullState, loadKeyEntries, loadOrgEntry } from "../services/snapshot-state.ts";

/** Entries per delta message: ~200 bytes each, so a delta stays far under the bus's message cap. */
const DELTA_MAX_ENTRIES = 2_000;
const DELTA_MAX_EVENT_IDS = 10_000;

/**
 * Publishes the state the data planes serve from: full snapshots on request, then ordered deltas of whole
 * entries after every change, and a heartbeat announcing the latest sequence (so a replica that missed the
 * last delta notices). Full loads and delta builds run one at a time, so a snapshot at sequence S contains
 * every change of every delta up to S.
 */
export class SnapshotPublisher {
  readonly epoch = randomUUID();
  #sequence = 0;
  #chain: Promise<unknown> = Promise.resolve();
  #scheduled = false;
  readonly #keys = new Set<string>();
  readonly #orgs = new Set<string>();
  #applied: string[] = [];
  #replicaCount = 1;
  #replicaCountChanged = false;
  #subs: Unsubscribe[] = [];
  #heartbeat: NodeJS.Timeout | undefined;
  readonly #parts = new SnapshotPartServer();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly transport: Transport,
    private readonly subjects: Subjects,
    /** Told when a delta could not be built (database unreachable); it is retried. */
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly heartbeatMs = 1_000,
  ) {}

  start(): void {
    this.#subs.push(
      this.transport.reply(this.subjects.snapshotRequest, (data) => this.#parts.answer(data, (replicaId) => this.#serial(() => this.#full(replicaId)))),
    );
    // an operator tool changed an organization behind our back (credit added): republish it
    this.#subs.push(this.transport.subscribe(this.subjects.changed, (data) => this.orgChanged(new TextDecoder().decode(data))));
    this.#heartbeat = setInterval(() => {
      this.transport.publish(this.subjects.heartbeat, pb.Heartbeat.encode({ epoch: this.epoch, sequence: this.#sequence, atMs: Date.now() }).finish());
    }, this.heartbeatMs);
    this.#heartbeat.unref();
  }

  get sequence(): number {
    return this.#sequence;
  }

  keyChanged(keyId: string): void {
    this.#keys.add(keyId);
    this.#schedule();
  }

  orgChanged(orgId: string): void {
    if (orgId.length === 0) return;
    this.#orgs.add(orgId);
    this.#schedule();
  }

  /** The replica roster changed: every replica's share of a rate limit changes with it. */
  replicasChanged(count: number): void {
    this.#replicaCount = count;
    this.#replicaCountChanged = true;
    this.#schedule();
  }

  /** A usage event is in the ledger (or already was): its org and key changed, and its replica may forget it. */
  applied(eventId: string, orgId: string, keyId: string): void {
    this.#applied.push(eventId);
    this.#orgs.add(orgId);
    this.#keys.add(keyId);
    this.#schedule();
  }

  /** Resolves once every change reported so far has been published. */
  async settled(): Promise<void> {
    while (this.#scheduled) await this.#chain;
    await this.#chain;
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(fn);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // changes arriving while this runs are coalesced into the next delta
    void this.#serial(async () => {
      this.#scheduled = false;
      await this.#flush();
    });
  }

  async #flush(): Promise<void> {
    const keyIds = [...this.#keys];
    const orgIds = [...this.#orgs];
    const applied = this.#applied;
    const replicaCount = this.#replicaCountChanged ? this.#replicaCount : 0;
    this.#replicaCountChanged = false;
    this.#keys.clear();
    this.#orgs.clear();
    this.#applied = [];
    const now = new Date();
    try {
      const keys = await loadKeyEntries(this.db, keyIds, now);
      const orgs = (await Promise.all(orgIds.map((id) => loadOrgEntry(this.db, id)))).filter((o): o is OrgEntry => o !== undefined);
      // a bus message is capped (NATS: 1 MiB), so a large change (a bulk revocation, a burst of usage) goes out as
      // several consecutive deltas; each is whole entries, so a replica may apply any prefix of them safely
      let k = 0;
      let o = 0;
      let a = 0;
      do {
        this.#sequence++;
        const delta = pb.SnapshotDelta.encode({
          epoch: this.epoch,
          sequence: this.#sequence,
          keys: keys.slice(k, (k += DELTA_MAX_ENTRIES)),
          orgs: orgs.slice(o, (o += DELTA_MAX_ENTRIES)),
          appliedEventIds: applied.slice(a, (a += DELTA_MAX_EVENT_IDS)),
          replicaCount,
        }).finish();
        this.transport.publish(this.subjects.snapshotDelta, delta);
      } while (k < keys.length || o < orgs.length || a < applied.length);
    } catch (err) {
      this.onError(err);
      // database unreachable: put the work back; the next change or the retry below publishes it
      for (const id of keyIds) this.#keys.add(id);
      for (const id of orgIds) this.#orgs.add(id);
      this.#applied.push(...applied);
      if (replicaCount) this.#replicaCountChanged = true;
      setTimeout(() => this.#schedule(), 1_000).unref();
    }
  }

  async #full(replicaId: string): Promise<Uint8Array> {
    const state = await loadFullState(this.db, replicaId, new Date());
    return pb.Snapshot.encode({
      epoch: this.epoch,
      sequence: this.#sequence,
      orgs: state.orgs,
      keys: state.keys,
      appliedEventIds: state.appliedEventIds,
      generatedAtMs: Date.now(),
      replicaCount: this.#replicaCount,
    }).finish();
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const u of this.#subs.splice(0)) u();
  }
}
