import type { Kysely } from "kysely";
import $protobuf from "protobufjs/minimal.js";
import { pb } from "../../../proto/messages.ts";
import type { KeyEntry, OrgEntry, Snapshot } from "../../../proto/messages.ts";
import type { DB } from "../db/schema.ts";
import { utcMonth } from "../month.ts";
import { loadEntries } from "../services/snapshot-state.ts";

const { Writer } = $protobuf;
type Writer = $protobuf.Writer;

// Snapshot.orgs = 3 and Snapshot.keys = 4 (proto/gateway.proto), both length-delimited
const ORGS_TAG = (3 << 3) | 2;
const KEYS_TAG = (4 << 3) | 2;

/**
 * Every organization and key as the data planes were last told, each kept encoded, so a full snapshot is a copy
 * of bytes rather than a read of every key and an encode of each (100,000 keys: ~0.5 s of the control plane's
 * time inside a starting replica's fetch). Built from the database once, then kept current with the very entries
 * each delta publishes: a snapshot made from it at sequence S holds exactly the state deltas up to S describe.
 * Spend is per UTC month, so the copy is only good for the month it was built in.
 *
 * Changes made behind the control plane's back (rows written straight into the database, or a tool that could not
 * notify it) reach no delta; the publisher rebuilds the copy when the database's counts of organizations and keys
 * differ from it, and when it is older than CACHE_MAX_AGE_MS, so such changes reach new replicas too.
 */
export class SnapshotCache {
  readonly #keys = new Map<string, Uint8Array>();
  readonly #orgs = new Map<string, Uint8Array>();

  private constructor(
    readonly month: string,
    readonly builtAtMs: number,
  ) {}

  static async build(db: Kysely<DB>, now: Date): Promise<SnapshotCache> {
    const cache = new SnapshotCache(utcMonth(now), now.getTime());
    const { orgs, keys } = await loadEntries(db, now);
    cache.putOrgs(orgs);
    cache.putKeys(keys);
    return cache;
  }

  get keyCount(): number {
    return this.#keys.size;
  }

  get orgCount(): number {
    return this.#orgs.size;
  }

  hasKey(id: string): boolean {
    return this.#keys.has(id);
  }

  /** Entries read for another month do not belong here; the caller drops the cache instead. */
  putKeys(keys: readonly KeyEntry[]): void {
    put(this.#keys, keys, (k, w) => pb.KeyEntry.encode(k, w));
  }

  putOrgs(orgs: readonly OrgEntry[]): void {
    put(this.#orgs, orgs, (o, w) => pb.OrgEntry.encode(o, w));
  }

  /** A full snapshot: `rest` (everything but orgs and keys) followed by every entry, as one encoded Snapshot. */
  encode(rest: Omit<Snapshot, "orgs" | "keys">): Uint8Array {
    // fields may come in any order and repeated ones accumulate, so the entries can follow the other fields
    const w = pb.Snapshot.encode(rest);
    for (const o of this.#orgs.values()) w.uint32(ORGS_TAG).bytes(o);
    for (const k of this.#keys.values()) w.uint32(KEYS_TAG).bytes(k);
    return w.finish();
  }
}

/** Encodes every entry into one buffer and keeps a view of each: one allocation, not one per entry. */
function put<T extends { id?: string | null }>(into: Map<string, Uint8Array>, entries: readonly T[], encode: (e: T, w: Writer) => void): void {
  const w = Writer.create();
  const ends: number[] = [];
  for (const e of entries) {
    encode(e, w);
    ends.push(w.len);
  }
  const all = w.finish();
  let start = 0;
  entries.forEach((e, i) => {
    into.set(e.id ?? "", all.subarray(start, ends[i]));
    start = ends[i]!;
  });
}
