/** A spool record on disk: a 4-byte big-endian length, then that many bytes (one encoded UsageEvent). */
export function frame(record: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(4 + record.length);
  out.writeUInt32BE(record.length, 0);
  out.set(record, 4);
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
