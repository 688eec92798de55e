import $protobuf from "protobufjs/minimal.js";
import { pb } from "./messages.ts";

/** Wire types (protobuf encoding). */
const VARINT = 0;
const LEN = 2;

/** Whether an applied event id, given as its UTF-8 bytes `bytes[start, end)`, is worth decoding. */
export type AppliedIdFilter = (bytes: Uint8Array, start: number, end: number) => boolean;

/**
 * Decodes a SnapshotDelta (proto/gateway.proto) as `pb.SnapshotDelta.decode` does, except that an applied event
 * id becomes a string only when `keepAppliedId` takes its bytes. Every replica hears every delta, and a delta
 * names the events of every replica the ledger applied: decoding and looking up the others' ids cost a replica
 * ~0.2 µs each (docs/performance.md), a cost per request that grew with the number of replicas. Everything else
 * (organizations, keys, the counters) is decoded by the generated code; malformed input throws as it would.
 */
export function readDelta(bytes: Uint8Array, keepAppliedId: AppliedIdFilter): InstanceType<typeof pb.SnapshotDelta> {
  const r = $protobuf.Reader.create(bytes);
  const m = new pb.SnapshotDelta();
  while (r.pos < r.len) {
    const tag = r.tag();
    const wt = tag & 7;
    const field = tag >>> 3;
    if (field === 5 && wt === LEN) {
      const at = r.pos;
      const len = r.size();
      const start = r.pos;
      const end = start + len;
      if (end > r.len) throw new RangeError(`index out of range: ${start} + ${len} > ${r.len}`);
      if (keepAppliedId(r.buf, start, end)) {
        // read again as the generated code reads it (its UTF-8 checks included)
        r.pos = at;
        (m.appliedEventIds = m.appliedEventIds?.length ? m.appliedEventIds : []).push(r.stringVerify());
      } else r.pos = end;
      continue;
    }
    if (field === 1 && wt === LEN) {
      const v = r.stringVerify();
      if (v.length) m.epoch = v;
    } else if (field === 2 && wt === VARINT) {
      const v = r.uint64() as unknown as number;
      if (v !== 0) m.sequence = v;
    } else if (field === 3 && wt === LEN) (m.orgs = m.orgs?.length ? m.orgs : []).push(pb.OrgEntry.decode(r, r.size()));
    else if (field === 4 && wt === LEN) (m.keys = m.keys?.length ? m.keys : []).push(pb.KeyEntry.decode(r, r.size()));
    else if (field === 6 && wt === VARINT) {
      const v = r.uint32();
      if (v !== 0) m.replicaCount = v;
    } else r.skipType(wt, 0, field);
  }
  return m;
}
