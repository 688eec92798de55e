import { close, closeSync, fstatSync, fsync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rm, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { frameAll, readRecords } from "./spool-records.ts";
import { giveUpOwnership, ownerAlive, ownerFile, parseSegmentName, segmentName, takeOwnership } from "./spool-owners.ts";

/** How soon a record the bus did not take is forced to disk (a machine crash loses at most this much). */
export const FSYNC_MS = 50;

/** One file of the spool. Records are appended while it is open; it is deleted once the bus stored them all. */
export interface Segment {
  readonly path: string;
  bytes: number;
  /** Records handed to the bus whose fate is not known yet. */
  inFlight: number;
  /** Records the bus did not store: the segment is read back and sent again. */
  unsent: number;
  open: boolean;
  replaying: boolean;
}

export interface SpoolOptions {
  /** The bound: at or above it `full` is true and the replica stops admitting billable requests. */
  maxBytes: number;
  /** A segment closes at this size, so one replay reads at most about this much into memory. */
  segmentBytes?: number;
  /** A segment whose records all reached the bus closes after this long, so it can be deleted. */
  segmentMs?: number;
}

/**
 * The data plane's usage spool: every usage event is written here (to the kernel; the events of one turn of the
 * event loop in one write) before its response leaves, so a replica killed at any moment keeps every event of
 * every answer it gave. Segments whose records the bus stored are deleted; the rest are read back and sent again
 * once the bus is reachable (the ledger is idempotent on event id, so sending an event twice is harmless).
 * Records the bus refused are fsync'd within FSYNC_MS.
 *
 * Bounded: `full` once the segments reach `maxBytes`. Appending never refuses (the event belongs to a request
 * already served); the bound is kept by refusing new requests at admission, so it is passed by at most the
 * events of requests in flight at that moment.
 *
 * Files of replicas that are gone (same directory, see spool-owners.ts) are taken over and replayed.
 */
export class Spool {
  readonly #dir: string;
  readonly #replicaId: string;
  readonly #maxBytes: number;
  readonly #segmentBytes: number;
  readonly #segmentMs: number;
  /** Oldest first (insertion order). */
  readonly #segments = new Set<Segment>();
  #open: Segment | undefined;
  #fd: number | undefined;
  #openedAtMs = 0;
  #nextSeq = 1;
  #bytes = 0;
  #unsent = 0;
  #fsyncTimer: NodeJS.Timeout | undefined;
  /** Settled segments whose files libuv's threads are deleting. */
  readonly #deleting = new Set<string>();

  constructor(dir: string, replicaId: string, opts: SpoolOptions) {
    this.#dir = dir;
    this.#replicaId = replicaId;
    this.#maxBytes = opts.maxBytes;
    this.#segmentBytes = opts.segmentBytes ?? 1024 * 1024;
    this.#segmentMs = opts.segmentMs ?? 1_000;
    mkdirSync(dir, { recursive: true });
    takeOwnership(dir, replicaId);
    this.claimLeftovers();
  }

  /** Bytes the spool holds on disk. */
  get bytes(): number {
    return this.#bytes;
  }

  get maxBytes(): number {
    return this.#maxBytes;
  }

  get full(): boolean {
    return this.#bytes >= this.#maxBytes;
  }

  /** Records the bus did not store, waiting on disk to be sent again. */
  get unsent(): number {
    return this.#unsent;
  }

  /**
   * Writes one record before returning. Returns its segment, to report the bus's answer to (`stored` or
   * `notStored`), or undefined when the disk refused it: the caller must then keep the event itself.
   */
  append(record: Uint8Array): Segment | undefined {
    return this.appendAll([record]);
  }

  /**
   * Writes records with one write before returning (the usage events of one turn of the event loop). Returns
   * their segment, to report the bus's answer to once per record, or undefined when the disk refused them: the
   * caller must then keep the events itself (any the file did take are sent twice, which the ledger ignores).
   */
  appendAll(records: readonly Uint8Array[]): Segment | undefined {
    if (records.length === 0) return undefined;
    const data = frameAll(records);
    try {
      if (!this.#open) this.#openSegment();
      if (writeSync(this.#fd!, data) !== data.length) throw new Error("short write");
    } catch {
      // a record cut short may now end the file: close it there, so the records after it are not misread
      this.#rotate();
      return undefined;
    }
    const seg = this.#open!;
    seg.bytes += data.length;
    this.#bytes += data.length;
    seg.inFlight += records.length;
    if (seg.bytes >= this.#segmentBytes) this.#rotate();
    return seg;
  }

  stored(seg: Segment): void {
    seg.inFlight--;
    this.#settle(seg);
  }

  notStored(seg: Segment): void {
    seg.inFlight--;
    seg.unsent++;
    this.#unsent++;
    if (seg.open) this.#scheduleFsync();
    this.#settle(seg);
  }

  /** Segments waiting to be sent again, oldest first; the open one is closed first when it holds such records. */
  toReplay(): Segment[] {
    if (this.#open && this.#open.unsent > 0) this.#rotate();
    return [...this.#segments].filter((s) => !s.open && !s.replaying && s.inFlight === 0 && s.unsent > 0);
  }

  /** Reads a segment back to send it again; until `finishReplay` its records count as in flight, not unsent. */
  startReplay(seg: Segment): Uint8Array[] {
    let records: Uint8Array[];
    try {
      records = readRecords(readFileSync(seg.path));
    } catch {
      records = []; // gone or unreadable: nothing left in it that can be sent
    }
    seg.replaying = true;
    this.#unsent -= seg.unsent;
    seg.unsent = 0;
    return records;
  }

  /** `failed`: how many of its records the bus did not store this time (the segment is then kept for another try). */
  finishReplay(seg: Segment, failed: number): void {
    seg.replaying = false;
    seg.unsent = failed;
    this.#unsent += failed;
    this.#settle(seg);
  }

  /** Closes the open segment once it is old and nothing in it waits for a replay, so it can go away. */
  tick(nowMs: number): void {
    if (this.#open && this.#open.unsent === 0 && nowMs - this.#openedAtMs >= this.#segmentMs) this.#rotate();
  }

  /** Takes over the segments of replicas that are gone; returns how many records they hold. */
  claimLeftovers(): number {
    let names: string[];
    try {
      names = readdirSync(this.#dir);
    } catch {
      return 0;
    }
    let records = 0;
    const gone = new Set<string>();
    for (const name of names.sort()) {
      const parsed = parseSegmentName(name);
      if (!parsed || parsed.replicaId === this.#replicaId) continue;
      if (!gone.has(parsed.replicaId) && ownerAlive(this.#dir, parsed.replicaId)) continue;
      gone.add(parsed.replicaId);
      const path = join(this.#dir, segmentName(this.#replicaId, this.#nextSeq++));
      let seg: Segment;
      try {
        renameSync(join(this.#dir, name), path); // atomic: of two replicas looking, one gets it
        const content = readFileSync(path);
        seg = { path, bytes: content.length, inFlight: 0, unsent: readRecords(content).length, open: false, replaying: false };
      } catch {
        continue;
      }
      this.#segments.add(seg);
      this.#bytes += seg.bytes;
      this.#unsent += seg.unsent;
      records += seg.unsent;
      this.#settle(seg);
    }
    // owners of nothing: gone replicas whose files were all taken (now or earlier)
    const owners = names.filter((n) => n.endsWith(".owner")).map((n) => n.slice(0, -".owner".length));
    for (const replicaId of owners) {
      if (replicaId === this.#replicaId || (!gone.has(replicaId) && (ownerAlive(this.#dir, replicaId) || names.some((n) => parseSegmentName(n)?.replicaId === replicaId)))) continue;
      try {
        rmSync(ownerFile(this.#dir, replicaId), { force: true });
      } catch {
        // looked at again next time
      }
    }
    return records;
  }

  /** Makes everything durable and lets go; segments still holding unsent records stay for the next process. */
  close(): void {
    clearTimeout(this.#fsyncTimer);
    const fd = this.#fd;
    const seg = this.#open;
    this.#open = undefined;
    this.#fd = undefined;
    if (fd !== undefined && seg) {
      seg.open = false;
      try {
        fsyncSync(fd);
        closeSync(fd);
      } catch {
        // the disk is failing: what reached the kernel is all there is
      }
      this.#settle(seg);
    }
    // a settled segment left behind would be replayed whole by the next process (harmless, but a megabyte of
    // events sent again): what the threads have not deleted yet goes now, the open one's too (settled just above),
    // at shutdown a wait costs nothing
    for (const path of this.#deleting) {
      try {
        rmSync(path, { force: true });
      } catch {
        // the disk is failing: the file is replayed once more by someone (harmless, ids are unique)
      }
    }
    this.#deleting.clear();
    giveUpOwnership(this.#dir, this.#replicaId, this.#segments.size > 0);
  }

  #openSegment(): void {
    const path = join(this.#dir, segmentName(this.#replicaId, this.#nextSeq++));
    this.#fd = openSync(path, "a");
    this.#open = { path, bytes: 0, inFlight: 0, unsent: 0, open: true, replaying: false };
    this.#segments.add(this.#open);
    this.#openedAtMs = Date.now();
  }

  #rotate(): void {
    const seg = this.#open;
    const fd = this.#fd;
    this.#open = undefined;
    this.#fd = undefined;
    if (!seg || fd === undefined) return;
    seg.open = false;
    try {
      // a failed write may have left part of a record behind: count what is really there
      const size = fstatSync(fd).size;
      this.#bytes += size - seg.bytes;
      seg.bytes = size;
    } catch {
      // keep the count we have
    }
    // records the bus may still refuse must survive a machine crash; the fsync runs off the event loop
    if (seg.inFlight + seg.unsent > 0) fsync(fd, () => close(fd, () => undefined));
    else close(fd, () => undefined);
    this.#settle(seg);
  }

  /**
   * A closed segment whose every record reached the bus is deleted, off the event loop: unlinking a megabyte file
   * frees its blocks in the file system's journal, and on a disk mounted with `discard` trims them before it
   * returns. Done with rmSync it held the data plane's main thread 0.2-4 ms once a second, every request in flight
   * waiting (docs/performance.md).
   */
  #settle(seg: Segment): void {
    if (seg.open || seg.replaying || seg.inFlight > 0 || seg.unsent > 0 || !this.#segments.has(seg)) return;
    this.#segments.delete(seg);
    this.#bytes -= seg.bytes;
    const path = seg.path;
    this.#deleting.add(path);
    // failing, the disk leaves the file behind: it is replayed once more by someone (harmless, ids are unique)
    rm(path, { force: true }, () => this.#deleting.delete(path));
  }

  #scheduleFsync(): void {
    if (this.#fsyncTimer) return;
    this.#fsyncTimer = setTimeout(() => {
      this.#fsyncTimer = undefined;
      if (this.#fd !== undefined) fsync(this.#fd, () => undefined);
    }, FSYNC_MS);
    this.#fsyncTimer.unref();
  }
}
