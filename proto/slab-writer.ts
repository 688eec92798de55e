// Protobuf fields written straight into one buffer, for the two messages made in bulk: a usage event per request
// (usage-event-encode.ts) and an entry per key of a snapshot (snapshot-entry-encode.ts). protobufjs's writer queues
// an object per field and measures each string before writing it; these write each field once, in place. Only
// what those messages hold is here: strings, varints of non-negative safe integers, booleans, and length-delimited
// fields opened and closed around what they hold (an entry framed as a field of Snapshot, its limits inside it),
// or written whole (a usage batch's events), and fields already encoded, copied as bytes (a usage event's fields
// that repeat from request to request, its request id as a copy of its id). What a writer cannot write the same as
// protobufjs (a number that is not a non-negative safe integer, a string with a UTF-16 surrogate outside a pair)
// makes its method return false, and the caller encodes that message with protobufjs instead.

const SURROGATE_MIN = 0xd800;
const SURROGATE_MAX = 0xdfff;
const HIGH_SURROGATE_MAX = 0xdbff;

export class SlabWriter {
  buf: Buffer;
  pos = 0;
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
    this.buf = Buffer.allocUnsafe(size);
  }

  /** Room for `n` more bytes: a larger buffer (what is written so far copied) when it lacks it. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(larger, 0, 0, this.pos);
    this.buf = larger;
  }

  /** Starts a fresh buffer (the bytes written so far stay where they are, for the views handed out). */
  renew(): void {
    this.buf = Buffer.allocUnsafe(this.#size);
    this.pos = 0;
  }

  /** Up to 10 bytes; `v` a non-negative safe integer (see isCount). */
  varint(v: number): void {
    this.ensure(10);
    const b = this.buf;
    let p = this.pos;
    while (v > 0x7f) {
      b[p++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    b[p++] = v;
    this.pos = p;
  }

  /** A varint field (`key` = field << 3 | 0), when `v` is written as protobufjs writes it; false when not. */
  count(key: number, v: unknown): boolean {
    if (!isCount(v)) return false;
    this.varint(key);
    this.varint(v);
    return true;
  }

  /** A proto3 string field: nothing at its default (absent or ""); false as `string`. */
  text(key: number, s: string | null | undefined): boolean {
    return s == null || s === "" || this.string(key, s);
  }

  /** A proto3 int64 field: nothing at its default (absent or 0); false as `count`. */
  int64(key: number, v: unknown): boolean {
    return v == null || v === 0 || this.count(key, v);
  }

  /** An `optional` int64 field: written whenever set, 0 included; false as `count`. */
  optional(key: number, v: unknown): boolean {
    return v == null || this.count(key, v);
  }

  bool(key: number): void {
    this.varint(key);
    this.ensure(1);
    this.buf[this.pos++] = 1;
  }

  /** A string field (`key` = field << 3 | 2), UTF-8; false when it holds a lone surrogate. */
  string(key: number, s: string): boolean {
    const n = s.length;
    this.varint(key);
    this.ensure(n + 1);
    if (n < 0x80) {
      // one byte of length, the characters written as they are read while they are ASCII
      const b = this.buf;
      const at = this.pos + 1;
      let i = 0;
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c > 0x7f) break;
        b[at + i] = c;
      }
      if (i === n) {
        b[this.pos] = n;
        this.pos = at + n;
        return true;
      }
    }
    if (!wellFormed(s)) return false;
    const bytes = Buffer.byteLength(s, "utf8");
    this.varint(bytes);
    this.ensure(bytes);
    this.pos += this.buf.write(s, this.pos, bytes, "utf8");
    return true;
  }

  /** A bytes field (`key` = field << 3 | 2): e.g. a message protobufjs encoded. */
  bytes(key: number, bytes: Uint8Array): void {
    this.varint(key);
    this.varint(bytes.length);
    this.raw(bytes);
  }

  /** Bytes already encoded as fields, written as they are. */
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** The field written at [start, end) written again under `key` (the two keys each one byte). */
  copyField(start: number, end: number, key: number): void {
    this.ensure(end - start);
    this.buf.copyWithin(this.pos, start, end);
    this.buf[this.pos] = key;
    this.pos += end - start;
  }

  /** Where a length-delimited field's contents start, its key and a byte for its length written (see close). */
  open(key: number): number {
    this.varint(key);
    this.ensure(1);
    this.pos++;
    return this.pos;
  }

  /** Sets the length of the field opened at `start`, moving its contents when the length takes more than a byte. */
  close(start: number): void {
    const length = this.pos - start;
    if (length < 0x80) {
      this.buf[start - 1] = length;
      return;
    }
    let extra = 0;
    for (let v = length >>> 7; v > 0; v >>>= 7) extra++;
    this.ensure(extra);
    this.buf.copyWithin(start + extra, start, this.pos);
    this.pos = start - 1;
    this.varint(length);
    this.pos += length;
  }
}

/** What the writers write as protobufjs does: a non-negative safe integer (its int64 of anything else differs in form). */
export function isCount(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
}

/** No UTF-16 surrogate outside a pair: protobufjs and Buffer write such a string differently. */
function wellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < SURROGATE_MIN || c > SURROGATE_MAX) continue;
    if (c > HIGH_SURROGATE_MAX) return false;
    const next = s.charCodeAt(i + 1);
    if (!(next > HIGH_SURROGATE_MAX && next <= SURROGATE_MAX)) return false;
    i++;
  }
  return true;
}
