import { Buffer } from "node:buffer";
import type { Kysely } from "kysely";
import { pb } from "../../../proto/messages.ts";
import { SlabWriter } from "../../../proto/slab-writer.ts";
import { writeKeyEntry, writeOrgEntry } from "../../../proto/snapshot-entry-encode.ts";
import type { SnapshotSink } from "../../../proto/snapshot-parts.ts";
import type { KeyEntry, OrgEntry, Snapshot } from "../../../proto/messages.ts";
import type { DB } from "../db/schema.ts";
import { utcMonth } from "../month.ts";
import { readEntries } from "../services/snapshot-state.ts";

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
  /** Each entry's bytes framed as a field of Snapshot (tag, length, entry), so a snapshot is their concatenation. */
  readonly #keys = new EncodedEntries();
  readonly #orgs = new EncodedEntries();

  private constructor(
    readonly month: string,
    readonly builtAtMs: number,
  ) {}

  /**
   * Reads every entry from the database. With `out`, each batch of keys is also written there as it is encoded,
   * framed as fields of Snapshot (so a replica waiting for a snapshot receives its keys during the read); the
   * snapshot is then completed with `encodeRest`.
   */
  static async build(db: Kysely<DB>, now: Date, out?: SnapshotSink): Promise<SnapshotCache> {
    const cache = new SnapshotCache(utcMonth(now), now.getTime());
    // encoded a batch at a time as the rows arrive: no moment holds every key as an object
    let keys: KeyEntry[] = [];
    const orgs: OrgEntry[] = [];
    await readEntries(
      db,
      {
        org: (o) => orgs.push(o),
        key: (k) => {
          if (keys.push(k) < ENTRIES_PER_BUFFER) return;
          put(cache.#keys, keys, KEYS_TAG, keyEntry, out, true);
          keys = [];
        },
      },
      now,
    );
    put(cache.#keys, keys, KEYS_TAG, keyEntry, out, true);
    put(cache.#orgs, orgs, ORGS_TAG, orgEntry, undefined, true);
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
    put(this.#keys, keys, KEYS_TAG, keyEntry);
  }

  putOrgs(orgs: readonly OrgEntry[]): void {
    put(this.#orgs, orgs, ORGS_TAG, orgEntry);
  }

  /** A full snapshot: `rest` (everything but orgs and keys) followed by every entry, as one encoded Snapshot. */
  encode(rest: Omit<Snapshot, "orgs" | "keys">): Uint8Array {
    return this.#assemble(rest, true);
  }

  /** What completes a snapshot whose keys `build` wrote to its `out`: `rest` and every organization. */
  encodeRest(rest: Omit<Snapshot, "orgs" | "keys">): Uint8Array {
    return this.#assemble(rest, false);
  }

  #assemble(rest: Omit<Snapshot, "orgs" | "keys">, withKeys: boolean): Uint8Array {
    // fields may come in any order and repeated ones accumulate, so the entries can follow the other fields (or
    // come before them); they are copied as they are kept (a writer of their own queued two objects per entry and
    // copied them twice)
    const head = pb.Snapshot.encode(rest).finish();
    const out = Buffer.allocUnsafe(head.length + this.#orgs.bytes + (withKeys ? this.#keys.bytes : 0));
    out.set(head, 0);
    const at = this.#orgs.copyInto(out, head.length);
    if (withKeys) this.#keys.copyInto(out, at);
    return out;
  }
}

const keyEntry: EntryCodec<KeyEntry> = { write: writeKeyEntry, encode: (k) => pb.KeyEntry.encode(k).finish() };
const orgEntry: EntryCodec<OrgEntry> = { write: writeOrgEntry, encode: (o) => pb.OrgEntry.encode(o).finish() };

/** How an entry is written: in place (false when it cannot be), or by protobufjs. */
interface EntryCodec<T> {
  write(w: SlabWriter, entry: T): boolean;
  encode(entry: T): Uint8Array;
}

/** Entries per buffer: a few hundred, so a replica waiting for a snapshot being built receives its keys as they are read. */
const ENTRIES_PER_BUFFER = 512;

/** Where entries are written before each buffer's bytes are copied out at their size (reused from batch to batch). */
const SLAB_BYTES = 128 * 1024;
const slab = new SlabWriter(SLAB_BYTES);

/**
 * Encodes entries a few hundred to a buffer, each framed as field `tag`, and keeps where each is (and writes each
 * buffer to `out`). `fresh`: entries of ids `into` does not hold yet, each once (a build's).
 */
function put<T extends { id?: string | null }>(into: EncodedEntries, entries: readonly T[], tag: number, codec: EntryCodec<T>, out?: SnapshotSink, fresh = false): void {
  const ends: number[] = [];
  for (let from = 0; from < entries.length; from += ENTRIES_PER_BUFFER) {
    const to = Math.min(from + ENTRIES_PER_BUFFER, entries.length);
    const w = slab;
    w.pos = 0;
    ends.length = 0;
    for (let i = from; i < to; i++) {
      const entry = entries[i]!;
      const before = w.pos;
      const start = w.open(tag);
      if (codec.write(w, entry)) w.close(start);
      else {
        w.pos = before;
        w.bytes(tag, codec.encode(entry));
      }
      ends.push(w.pos);
    }
    // at its size: the kept copy holds it for as long as any of its entries stays
    const all = Buffer.from(w.buf.subarray(0, w.pos));
    // a batch of unusually long entries grew it: not kept at that size between builds
    if (w.buf.length > SLAB_BYTES) w.renew();
    out?.write(all);
    let start = 0;
    for (let i = from; i < to; i++) {
      const end = ends[i - from]!;
      if (fresh) into.add(entries[i]!.id ?? "", all, start, end);
      else into.set(entries[i]!.id ?? "", all, start, end);
      start = end;
    }
  }
}

/**
 * Encoded entries by id, in the order first set (a replaced entry keeps its place, as in a Map), each as a range of
 * a batch's buffer. Kept as arrays beside an index of small integers, not a view per entry: 100,000 views were
 * 100,000 objects made in each build and carried by every collection after it. The index is made when first asked
 * for, not while a build's entries are added: a replica waiting for the build does not wait for 100,000 ids to be
 * hashed into it (~60 ms of a ~300 ms build; docs/performance.md).
 */
class EncodedEntries {
  readonly #ids: string[] = [];
  readonly #bufs: Buffer[] = [];
  readonly #starts: number[] = [];
  readonly #ends: number[] = [];
  #slots: Map<string, number> | undefined;
  /** The entries' bytes together. */
  bytes = 0;

  get size(): number {
    return this.#ids.length;
  }

  has(id: string): boolean {
    return this.#index().has(id);
  }

  /** Sets the entry of `id`, in its place when it has one. */
  set(id: string, buf: Buffer, start: number, end: number): void {
    const slot = this.#index().get(id);
    if (slot === undefined) {
      this.add(id, buf, start, end);
      return;
    }
    this.bytes += end - start - (this.#ends[slot]! - this.#starts[slot]!);
    this.#bufs[slot] = buf;
    this.#starts[slot] = start;
    this.#ends[slot] = end;
  }

  /** Adds the entry of an id that has none (a build's: each id read once). */
  add(id: string, buf: Buffer, start: number, end: number): void {
    this.#slots?.set(id, this.#ids.length);
    this.#ids.push(id);
    this.#bufs.push(buf);
    this.#starts.push(start);
    this.#ends.push(end);
    this.bytes += end - start;
  }

  #index(): Map<string, number> {
    if (this.#slots === undefined) {
      const slots = new Map<string, number>();
      this.#ids.forEach((id, slot) => slots.set(id, slot));
      this.#slots = slots;
    }
    return this.#slots;
  }

  /** Copies every entry into `out` from `at`, in order; just past the last. Entries next to each other in one buffer go in one copy. */
  copyInto(out: Buffer, at: number): number {
    const bufs = this.#bufs;
    const starts = this.#starts;
    const ends = this.#ends;
    let to = at;
    for (let i = 0; i < bufs.length; ) {
      const buf = bufs[i]!;
      const start = starts[i]!;
      let end = ends[i]!;
      for (i++; i < bufs.length && bufs[i] === buf && starts[i] === end; i++) end = ends[i]!;
      to += buf.copy(out, to, start, end);
    }
    return to;
  }
}
