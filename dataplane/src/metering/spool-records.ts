/** Spool records on disk, one after the other: each a 4-byte big-endian length, then that many bytes (one encoded UsageEvent). */
export function frameAll(records: readonly Uint8Array[]): Buffer {
  let size = 0;
  for (const r of records) size += 4 + r.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const r of records) {
    out.writeUInt32BE(r.length, at);
    out.set(r, at + 4);
    at += 4 + r.length;
  }
  return out;
}

/** Whole records only: a record cut short by a crash mid-write is dropped (its event is still in memory, or was never acknowledged to anyone). */
export function readRecords(buf: Buffer): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at + 4 <= buf.length) {
    const len = buf.readUInt32BE(at);
    if (at + 4 + len > buf.length) break;
    out.push(buf.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  return out;
}
