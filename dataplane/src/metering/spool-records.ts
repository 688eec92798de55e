/** A spool record's length prefix: 4 bytes, big-endian. */
export const FRAME_BYTES = 4;

/** Spool records on disk, one after the other: each its length prefix, then that many bytes (one encoded UsageEvent). */
export function frameAll(records: readonly Uint8Array[]): Buffer {
  let size = 0;
  for (const r of records) size += FRAME_BYTES + r.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const r of records) {
    out.writeUInt32BE(r.length, at);
    out.set(r, at + FRAME_BYTES);
    at += FRAME_BYTES + r.length;
  }
  return out;
}

/** Whole records only: a record cut short by a crash mid-write is dropped (its event is still in memory, or was never acknowledged to anyone). */
export function readRecords(buf: Buffer): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at + FRAME_BYTES <= buf.length) {
    const len = buf.readUInt32BE(at);
    if (at + FRAME_BYTES + len > buf.length) break;
    out.push(buf.subarray(at + FRAME_BYTES, at + FRAME_BYTES + len));
    at += FRAME_BYTES + len;
  }
  return out;
}
