import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { pb } from "../../../proto/messages.ts";
import { SnapshotPartServer, type SnapshotSink } from "../../../proto/snapshot-parts.ts";
import type { Subjects } from "../../../proto/subjects.ts";
import type { Transport, Unsubscribe } from "../../../proto/transport.ts";
import { listKeyIdsOfOrg } from "../db/repositories/keys.ts";
import type { DB } from "../db/schema.ts";
import { utcMonth } from "../month.ts";
import { countEntries, listRecentAppliedEventIds, loadKeyEntries, loadOrgEntries } from "../services/snapshot-state.ts";
import { SnapshotCache } from "./snapshot-cache.ts";

/** Entries per delta message: ~200 bytes each, so a delta stays far under the bus's message cap. */
const DELTA_MAX_ENTRIES = 2_000;
const DELTA_MAX_EVENT_IDS = 10_000;
/** A kept snapshot older than this is read again from the database before a replica gets it (see SnapshotCache). */
export const CACHE_MAX_AGE_MS = 10 * 60_000;

/**
 * Publishes the state the data planes serve from: full snapshots on request, then ordered deltas of whole
 * entries after every change, and a heartbeat announcing the latest sequence (so a replica that missed the
 * last delta notices). Full loads and delta builds run one at a time, so a snapshot at sequence S contains
 * every change of every delta up to S.
 *
 * Full snapshots are made from a SnapshotCache kept current by the deltas, so they carry the state deltas up to S
 * describe. Their applied event ids are read from the ledger minus the events whose effects no delta has carried
 * yet: those being applied right now and those applied but not yet published. A balance and the ids listed beside
 * it therefore always agree, except just after the cache is built, when an event applied before the build but
 * not yet published is in the balance and not listed: the replica counts it twice until the next delta, which is
 * the safe direction (it refuses early, it never overspends).
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
  #cache: SnapshotCache | undefined;
  /** Event ids in a ledger transaction right now (counted: a redelivered batch may overlap one in progress). */
  readonly #applying = new Map<string, number>();
  /** Organizations changed outside this process (an operator's tool): their new keys are looked for. */
  readonly #external = new Set<string>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly transport: Transport,
    private readonly subjects: Subjects,
    /** Told when a delta could not be built (database unreachable); it is retried. */
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly heartbeatMs = 1_000,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.#subs.push(
      this.transport.reply(this.subjects.snapshotRequest, (data) => this.#parts.answer(data, (replicaId, out) => this.#serial(() => this.#full(replicaId, out)))),
    );
    // an operator tool changed an organization behind our back (credit added, or created with its first key)
    this.#subs.push(this.transport.subscribe(this.subjects.changed, (data) => this.orgChangedElsewhere(new TextDecoder().decode(data))));
    // ready before the first replica asks
    this.#serial(() => this.#currentCache(this.clock())).catch((err: unknown) => this.onError(err));
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

  /** Like orgChanged, and keys of the organization that no replica has been told of are published too. */
  orgChangedElsewhere(orgId: string): void {
    if (orgId.length === 0) return;
    this.#external.add(orgId);
    this.orgChanged(orgId);
  }

  /** The replica roster changed: every replica's share of a rate limit changes with it. */
  replicasChanged(count: number): void {
    this.#replicaCount = count;
    this.#replicaCountChanged = true;
    this.#schedule();
  }

  /** These events are about to be applied together (one statement); `doneApplying` follows, whatever the outcome. */
  applying(eventIds: readonly string[]): void {
    for (const id of eventIds) this.#applying.set(id, (this.#applying.get(id) ?? 0) + 1);
  }

  doneApplying(eventIds: readonly string[]): void {
    for (const id of eventIds) {
      const n = (this.#applying.get(id) ?? 0) - 1;
      if (n > 0) this.#applying.set(id, n);
      else this.#applying.delete(id);
    }
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
    const external = [...this.#external];
    const applied = this.#applied;
    const replicaCount = this.#replicaCountChanged ? this.#replicaCount : 0;
    this.#replicaCountChanged = false;
    this.#keys.clear();
    this.#orgs.clear();
    this.#external.clear();
    this.#applied = [];
    const now = this.clock();
    try {
      const cache = this.#cache;
      if (cache !== undefined) {
        for (const orgId of external) for (const id of await listKeyIdsOfOrg(this.db, orgId)) if (!cache.hasKey(id)) keyIds.push(id);
      }
      const keys = await loadKeyEntries(this.db, keyIds, now);
      const orgs = await loadOrgEntries(this.db, orgIds);
      if (cache !== undefined && cache.month === utcMonth(now)) {
        cache.putKeys(keys);
        cache.putOrgs(orgs);
      } else this.#cache = undefined; // a new month: every key's monthly spend starts again, so the next full reads it all
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
      for (const id of external) this.#external.add(id);
      this.#applied.push(...applied);
      if (replicaCount) this.#replicaCountChanged = true;
      setTimeout(() => this.#schedule(), 1_000).unref();
    }
  }

  /**
   * Writes a full snapshot to `out`. When the kept copy has to be read again from the database, its keys go to
   * `out` as they are read (the replica fetches them meanwhile) and the rest follows; else it is written at once.
   */
  async #full(replicaId: string, out: SnapshotSink): Promise<void> {
    const now = this.clock();
    const { cache, keysWritten } = await this.#currentCache(now, out);
    const listed = await listRecentAppliedEventIds(this.db, replicaId, now);
    // read after the query: an event it found is either published (in the cache's balances), being applied, or
    // applied and waiting for the next delta, and no delta goes out while this runs
    const unpublished = new Set(this.#applied);
    const rest = {
      epoch: this.epoch,
      sequence: this.#sequence,
      appliedEventIds: listed.filter((id) => !this.#applying.has(id) && !unpublished.has(id)),
      generatedAtMs: now.getTime(),
      replicaCount: this.#replicaCount,
    };
    out.write(keysWritten ? cache.encodeRest(rest) : cache.encode(rest));
  }

  /** The kept copy, read again from the database when it may be stale (its keys then also written to `out`). */
  async #currentCache(now: Date, out?: SnapshotSink): Promise<{ cache: SnapshotCache; keysWritten: boolean }> {
    const kept = this.#cache;
    if (kept !== undefined && kept.month === utcMonth(now) && now.getTime() - kept.builtAtMs < CACHE_MAX_AGE_MS) {
      const counts = await countEntries(this.db);
      if (counts.keys === kept.keyCount && counts.orgs === kept.orgCount) return { cache: kept, keysWritten: false };
    }
    this.#cache = await SnapshotCache.build(this.db, now, out);
    return { cache: this.#cache, keysWritten: out !== undefined };
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const u of this.#subs.splice(0)) u();
  }
}
