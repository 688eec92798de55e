import { Buffer } from "node:buffer";
import $protobuf from "protobufjs/minimal.js";
import { pb } from "./messages.ts";
import type { KeyEntry, OrgEntry } from "./messages.ts";

/** Wire types (protobuf encoding). */
const VARINT = 0;
const LEN = 2;
/** Fields of KeyEntry the index reads; everything else stays encoded until the entry is asked for. */
const KEY_ID = 1;
const KEY_HASH = 2;
/** Record of one key entry in `#rec`: start, end of its bytes, then offset and length of its id and of its hash. */
const STRIDE = 6;
/** Bytes a kept snapshot may hold beyond its keys (its other fields, or a larger buffer it is a view into) before the keys are copied out. */
const SLACK_BYTES = 1 << 20;

/**
 * The keys of a full snapshot, still encoded: one buffer holding every KeyEntry's bytes, and two open-addressing
 * hash tables (by id, by hash) of entry numbers. A KeyEntry is decoded only when asked for; the index costs ~50
 * bytes a key besides the bytes themselves. A key repeated in the snapshot resolves like Map.set in order: the
 * last entry with an id (or hash) wins.
 */
export class EncodedKeys {
  /** Entries in the snapshot (repeats included). */
  readonly entries: number;
  /** Distinct ids. */
  readonly size: number;
  readonly #buf: Buffer;
  readonly #rec: Int32Array;
  readonly #idSum: Int32Array;
  readonly #hashSum: Int32Array;
  readonly #byId: Int32Array;
  readonly #byHash: Int32Array;
  readonly #mask: number;
  readonly #hashes: number;

  /** `sums`: the FNV-1a sums of each entry's id and of its hash (see fnvBytes), made as the entries were read. */
  constructor(buf: Buffer, rec: Int32Array, entries: number, sums: { id: Int32Array; hash: Int32Array }) {
    this.#buf = buf;
    this.#rec = rec;
    this.entries = entries;
    let cap = 16;
    while (cap < entries * 2) cap *= 2;
    this.#mask = cap - 1;
    this.#byId = new Int32Array(cap);
    this.#byHash = new Int32Array(cap);
    this.#idSum = sums.id;
    this.#hashSum = sums.hash;
    let ids = 0;
    let hashes = 0;
    for (let i = 0; i < entries; i++) {
      if (this.#insert(this.#byId, this.#idSum, 2, i)) ids++;
      if (this.#insert(this.#byHash, this.#hashSum, 4, i)) hashes++;
    }
    this.size = ids;
    this.#hashes = hashes;
  }

  /** The entry number holding this id, or -1. */
  indexOfId(id: string): number {
    return this.#find(this.#byId, this.#idSum, 2, id);
  }

  /** The entry number holding this hash, or -1. */
  indexOfHash(hash: string): number {
    return this.#find(this.#byHash, this.#hashSum, 4, hash);
  }

  /** A new decoded KeyEntry, equal to what pb.Snapshot.decode gives for that entry (throws on a malformed one). */
  decode(i: number): KeyEntry {
    const r = i * STRIDE;
    return pb.KeyEntry.decode(this.#buf.subarray(this.#rec[r], this.#rec[r + 1]));
  }

  /** The hash of entry `i`, without decoding the rest of it. */
  hashOf(i: number): string {
    const off = this.#rec[i * STRIDE + 4]!;
    return this.#buf.toString("utf8", off, off + this.#rec[i * STRIDE + 5]!);
  }

  /** Bytes held: the encoded entries and the index. */
  get retainedBytes(): number {
    return this.#buf.byteLength + this.#rec.byteLength + this.#idSum.byteLength * 2 + this.#byId.byteLength * 2;
  }

  /** Whether entry `i` is the one its id finds (false only for an earlier entry repeating an id). */
  foundById(i: number): boolean {
    return this.size === this.entries || this.#byId[this.#slot(this.#byId, this.#idSum, 2, i)] === i + 1;
  }

  /** Whether entry `i` is the one its hash finds. */
  foundByHash(i: number): boolean {
    return this.#hashes === this.entries || this.#byHash[this.#slot(this.#byHash, this.#hashSum, 4, i)] === i + 1;
  }

  /**
   * New keys: the entries of this one flagged in `keep`, then `extra` (each an encoded KeyEntry). Their ids and
   * hashes must not repeat, or the later one wins. Kept entries are copied in runs and not read again.
   */
  with(keep: Uint8Array, extra: readonly Uint8Array[]): EncodedKeys {
    const rec = this.#rec;
    let n = extra.length;
    let size = 0;
    for (const e of extra) size += e.length;
    // runs of kept entries are copied whole, with the few bytes between their entries (never read again)
    const continues = (i: number) => {
      if (keep[i - 1] !== 1) return false;
      const gap = rec[i * STRIDE]! - rec[(i - 1) * STRIDE + 1]!;
      return gap >= 0 && gap <= 16;
    };
    const runs: number[] = [];
    for (let i = 0; i < this.entries; i++) {
      if (!keep[i]) continue;
      n++;
      if (continues(i)) runs[runs.length - 1] = rec[i * STRIDE + 1]!;
      else runs.push(rec[i * STRIDE]!, rec[i * STRIDE + 1]!);
    }
    for (let k = 0; k < runs.length; k += 2) size += runs[k + 1]! - runs[k]!;
    const out = Buffer.allocUnsafeSlow(size);
    const next = new Int32Array(n * STRIDE);
    const sums = { id: new Int32Array(n), hash: new Int32Array(n) };
    let at = 0;
    let j = 0;
    let run = 0;
    let shift = 0;
    for (let i = 0; i < this.entries; i++) {
      if (!keep[i]) continue;
      if (!continues(i)) {
        shift = at - runs[run]!;
        at += this.#buf.copy(out, at, runs[run]!, runs[run + 1]!);
        run += 2;
      }
      for (let f = 0; f < STRIDE; f++) next[j * STRIDE + f] = rec[i * STRIDE + f]! + (f === 3 || f === 5 ? 0 : shift);
      sums.id[j] = this.#idSum[i]!;
      sums.hash[j] = this.#hashSum[i]!;
      j++;
    }
    const r = $protobuf.Reader.create(out);
    for (const e of extra) {
      out.set(e, at);
      r.pos = at;
      indexKeyEntry(r, at, at + e.length, next, j * STRIDE);
      sums.id[j] = fnvBytes(out, next[j * STRIDE + 2]!, next[j * STRIDE + 3]!);
      sums.hash[j] = fnvBytes(out, next[j * STRIDE + 4]!, next[j * STRIDE + 5]!);
      at += e.length;
      j++;
    }
    return new EncodedKeys(out, next, n, sums);
  }

  /** Inserts entry i, replacing an entry with the same field (last wins); true when the field was new. */
  #insert(table: Int32Array, sums: Int32Array, field: number, i: number): boolean {
    const slot = this.#slot(table, sums, field, i);
    const fresh = table[slot] === 0;
    table[slot] = i + 1;
    return fresh;
  }

  /** The slot of `table` holding the entry whose field equals entry i's, or the empty slot where it would go. */
  #slot(table: Int32Array, sums: Int32Array, field: number, i: number): number {
    const rec = this.#rec;
    const off = rec[i * STRIDE + field]!;
    const len = rec[i * STRIDE + field + 1]!;
    const sum = sums[i]!;
    for (let slot = sum & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const j = table[slot]! - 1;
      if (j < 0) return slot;
      const r = j * STRIDE + field;
      if (sums[j] === sum && rec[r + 1] === len && this.#buf.compare(this.#buf, off, off + len, rec[r]!, rec[r]! + len) === 0) return slot;
    }
  }

  #find(table: Int32Array, sums: Int32Array, field: number, s: string): number {
    let sum = FNV_OFFSET;
    let ascii = true;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c >= 0x80) {
        ascii = false;
        break;
      }
      sum = Math.imul(sum ^ c, FNV_PRIME);
    }
    const bytes = ascii ? undefined : Buffer.from(s, "utf8");
    if (bytes) sum = fnvBytes(bytes, 0, bytes.length);
    const len = bytes ? bytes.length : s.length;
    const buf = this.#buf;
    const rec = this.#rec;
    for (let slot = sum & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const j = table[slot]! - 1;
      if (j < 0) return -1;
      const r = j * STRIDE + field;
      if (sums[j] !== sum || rec[r + 1] !== len) continue;
      const off = rec[r]!;
      if (bytes ? buf.compare(bytes, 0, len, off, off + len) === 0 : sameAscii(buf, off, s)) return j;
    }
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

function grown(a: Int32Array, length: number): Int32Array {
  const out = new Int32Array(length);
  out.set(a);
  return out;
}

function fnvBytes(b: Uint8Array, off: number, len: number): number {
  let sum = FNV_OFFSET;
  for (let k = off, end = off + len; k < end; k++) sum = Math.imul(sum ^ b[k]!, FNV_PRIME);
  return sum;
}

function sameAscii(b: Uint8Array, off: number, s: string): boolean {
  for (let k = 0; k < s.length; k++) if (b[off + k] !== s.charCodeAt(k)) return false;
  return true;
}

/** A full Snapshot with everything but its keys decoded (as pb.Snapshot.decode would), and its keys indexed, still encoded. */
export interface SnapshotView {
  epoch: string;
  sequence: number;
  orgs: OrgEntry[];
  keys: EncodedKeys;
  appliedEventIds: string[];
  generatedAtMs: number;
  replicaCount: number;
}

/**
 * Reads an encoded Snapshot (proto/gateway.proto) field by field without decoding its keys: each KeyEntry's byte
 * range is recorded with the ranges of its id and hash. Structural errors (a truncated field, a bad wire type)
 * throw as pb.Snapshot.decode would; the inside of a key entry is checked only when that entry is decoded.
 * The returned view keeps `bytes` (or a copy of its keys' bytes when the rest would be a waste to hold): the caller
 * must not change them afterwards.
 */
export function readSnapshot(bytes: Uint8Array): SnapshotView {
  return SnapshotReader.of(bytes).finish();
}

/**
 * readSnapshot for a snapshot that arrives in pieces: each `append` indexes the fields that are whole so far, so a
 * replica reads its snapshot while the rest is still on its way, and `finish` (after the last piece) gives what
 * readSnapshot gives for all the pieces joined. The pieces are held as they came (a field cut between two is read
 * from a small joined copy of its two ends) and joined once, by `finish`, into a buffer of exactly the keys' bytes.
 * Errors a truncated field would raise wait for `finish`.
 */
export class SnapshotReader {
  /** The pieces so far, each with its offset in the whole. */
  readonly #pieces: { bytes: Uint8Array; at: number }[] = [];
  #len = 0;
  /** The end of the last piece from the start of a field it cuts (read once the next piece completes it). */
  #carry: Uint8Array = new Uint8Array(0);
  #whole = false;
  readonly #view: SnapshotView = { epoch: "", sequence: 0, orgs: [], keys: undefined as unknown as EncodedKeys, appliedEventIds: [], generatedAtMs: 0, replicaCount: 0 };
  #rec: Int32Array = new Int32Array(STRIDE * 16);
  /** FNV-1a sums of each entry's id and of its hash (EncodedKeys' hash tables are built from them). */
  #idSum: Int32Array = new Int32Array(16);
  #hashSum: Int32Array = new Int32Array(16);
  #n = 0;
  #keysFrom = -1;
  #keysTo = -1;
  #interleaved = false;
  #otherSinceKey = false;

  /** A reader of bytes that are already whole: read in place. */
  static of(bytes: Uint8Array): SnapshotReader {
    const reader = new SnapshotReader();
    reader.#reserveEntries(bytes.length);
    reader.#pieces.push({ bytes, at: 0 });
    reader.#len = bytes.length;
    reader.#whole = true;
    reader.#read($protobuf.Reader.create(bytes), 0, true);
    return reader;
  }

  /** Key entries indexed so far. */
  get keysRead(): number {
    return this.#n;
  }

  /** The next piece of the snapshot (the reader keeps it: it must not change afterwards). */
  append(piece: Uint8Array): void {
    if (this.#whole) throw new Error("this reader holds a whole snapshot already");
    const at = this.#len;
    this.#pieces.push({ bytes: piece, at });
    this.#len += piece.length;
    let from = 0;
    if (this.#carry.length > 0) {
      // the cut field, read from its start joined with as much of this piece as it needs (a long carry is a field
      // that never ends, a damaged snapshot: joined with the whole piece at once rather than copied again and again)
      const carried = this.#carry.length;
      const first = carried > 1 << 16 ? piece.length : Math.min(piece.length, Math.max(256, carried));
      for (let take = first; ; take = Math.min(piece.length, take * 2)) {
        const joined = Buffer.concat([this.#carry, piece.subarray(0, take)]);
        const r = $protobuf.Reader.create(joined);
        if (this.#read(r, at - carried, false, 1)) {
          from = r.pos - carried;
          this.#carry = new Uint8Array(0);
          break;
        }
        if (take === piece.length) {
          this.#carry = joined; // still cut: the field goes on into the next piece
          return;
        }
      }
    }
    const r = $protobuf.Reader.create(piece);
    r.pos = from;
    if (!this.#read(r, at, false)) this.#carry = piece.subarray(r.pos);
  }

  /** Everything has arrived: the view (throws when the snapshot is truncated or malformed). */
  finish(): SnapshotView {
    if (this.#carry.length > 0) this.#read($protobuf.Reader.create(this.#carry), this.#len - this.#carry.length, true);
    const [buf, rec, n] = keep(this.#pieces, this.#len, this.#rec, this.#n, this.#keysFrom, this.#keysTo, this.#interleaved);
    this.#view.keys = new EncodedKeys(buf, rec, n, { id: this.#idSum.slice(0, n), hash: this.#hashSum.slice(0, n) });
    return this.#view;
  }

  /** Room for the entries `bytes` of snapshot may hold (a key entry is rarely under 128 bytes; more grow it). */
  #reserveEntries(bytes: number): void {
    const entries = Math.max(16, Math.ceil(bytes / 128));
    this.#rec = new Int32Array(STRIDE * entries);
    this.#idSum = new Int32Array(entries);
    this.#hashSum = new Int32Array(entries);
  }

  /**
   * Reads fields from `r` (whose byte 0 is byte `base` of the snapshot) to its end, or `limit` of them. True when
   * it stopped at a field's end; false when a field runs past the bytes (then `r.pos` is that field's start). With
   * `final`, such a field throws.
   */
  #read(r: $protobuf.Reader, base: number, final: boolean, limit = Infinity): boolean {
    for (let done = 0; r.pos < r.len && done < limit; done++) {
      const at = r.pos;
      if (final) {
        this.#field(r, base);
        continue;
      }
      try {
        this.#field(r, base);
      } catch (err) {
        // a field running past the bytes so far (protobufjs throws RangeError there): read again with more
        if (!(err instanceof RangeError)) throw err;
        r.pos = at;
        return false;
      }
    }
    return true;
  }

  /** Reads one field; its effects happen only once it has been read whole. */
  #field(r: $protobuf.Reader, base: number): void {
    const view = this.#view;
    const tag = r.tag();
    const wt = tag & 7;
    const field = tag >>> 3;
    if (field === 4 && wt === LEN) {
      const len = r.size();
      const start = r.pos;
      const end = start + len;
      if (end > r.len) throw new RangeError(`index out of range: ${start} + ${len} > ${r.len}`);
      if (this.#n === this.#idSum.length) {
        this.#rec = grown(this.#rec, this.#rec.length * 2);
        this.#idSum = grown(this.#idSum, this.#idSum.length * 2);
        this.#hashSum = grown(this.#hashSum, this.#hashSum.length * 2);
      }
      const at = this.#n * STRIDE;
      const rec = this.#rec;
      indexKeyEntry(r, start, end, rec, at);
      this.#idSum[this.#n] = fnvBytes(r.buf, rec[at + 2]!, rec[at + 3]!);
      this.#hashSum[this.#n] = fnvBytes(r.buf, rec[at + 4]!, rec[at + 5]!);
      rec[at] = start + base;
      rec[at + 1] = end + base;
      rec[at + 2] = rec[at + 2]! + base;
      rec[at + 4] = rec[at + 4]! + base;
      if (this.#keysFrom < 0) this.#keysFrom = start + base;
      if (this.#otherSinceKey) this.#interleaved = true;
      this.#n++;
      this.#keysTo = end + base;
      return;
    }
    if (field === 1 && wt === LEN) view.epoch = r.stringVerify();
    else if (field === 2 && wt === VARINT) view.sequence = Number(r.uint64());
    else if (field === 3 && wt === LEN) view.orgs.push(pb.OrgEntry.decode(r, r.size()));
    else if (field === 5 && wt === LEN) view.appliedEventIds.push(r.stringVerify());
    else if (field === 6 && wt === VARINT) view.generatedAtMs = Number(r.int64());
    else if (field === 7 && wt === VARINT) view.replicaCount = r.uint32();
    else r.skipType(wt, 0, field);
    if (this.#keysFrom >= 0) this.#otherSinceKey = true;
  }
}

/** Records one KeyEntry's range and its id's and hash's (the last occurrence of each, as a decode keeps). */
function indexKeyEntry(r: $protobuf.Reader, start: number, end: number, rec: Int32Array, at: number): void {
  const outer = r.len;
  r.len = end;
  rec[at] = start;
  rec[at + 1] = end;
  // an absent id or hash reads as "" (as a decoded entry's default): an empty range
  rec[at + 2] = rec[at + 4] = start;
  rec[at + 3] = rec[at + 5] = 0;
  while (r.pos < end) {
    const tag = r.tag();
    const wt = tag & 7;
    const field = tag >>> 3;
    if ((field === KEY_ID || field === KEY_HASH) && wt === LEN) {
      const len = r.size();
      if (r.pos + len > end) throw new RangeError(`index out of range: ${r.pos} + ${len} > ${end}`);
      const slot = at + (field === KEY_ID ? 2 : 4);
      rec[slot] = r.pos;
      rec[slot + 1] = len;
      r.pos += len;
    } else r.skipType(wt, 1, field);
  }
  r.len = outer;
}

/**
 * The buffer the index keeps, with the records rebased onto it. The keys' own range when they are contiguous,
 * else the whole snapshot. From one piece, a view of it unless what it is a view of holds much more than that (a
 * snapshot with a long list of applied event ids, a slice of a larger message), so the rest can be collected; from
 * several, that range copied out of them.
 */
function keep(pieces: readonly { bytes: Uint8Array; at: number }[], total: number, rec: Int32Array, n: number, from: number, to: number, interleaved: boolean): [Buffer, Int32Array, number] {
  const [lo, hi] = n > 0 && !interleaved ? [from, to] : [0, total];
  let buf: Buffer;
  const only = pieces.length === 1 ? pieces[0]!.bytes : undefined;
  if (only !== undefined && only.buffer.byteLength - (hi - lo) <= SLACK_BYTES) buf = Buffer.from(only.buffer, only.byteOffset + lo, hi - lo);
  else {
    buf = Buffer.allocUnsafeSlow(hi - lo);
    for (const p of pieces) {
      const a = Math.max(lo, p.at);
      const b = Math.min(hi, p.at + p.bytes.length);
      if (a < b) buf.set(p.bytes.subarray(a - p.at, b - p.at), a - lo);
    }
  }
  const used = rec.subarray(0, n * STRIDE);
  if (lo !== 0) {
    for (let k = 0; k < used.length; k += STRIDE) {
      used[k] = used[k]! - lo;
      used[k + 1] = used[k + 1]! - lo;
      used[k + 2] = used[k + 2]! - lo;
      used[k + 4] = used[k + 4]! - lo;
    }
  }
  // the records' spare room is ~1/3 of the bytes at worst: keep an exact copy
  return [buf, used.slice(), n];
}
