import { pb, type UsageEvent } from "./messages.ts";

// A usage event is encoded for every request a data plane serves. protobufjs's writer queues each field and
// measures each string before it writes it (~3-4 % of a short request's CPU under load, most of it the eight
// strings); this writes the same bytes in one pass. An event outside what it handles (a string past ASCII or of
// 128 characters or more, a number that is not a non-negative safe integer) is encoded by protobufjs instead, so the bytes are always protobufjs's: usage-event-encode.test.ts holds the two equal.

/**
 * Events are written one after another into a slab and handed out as views of it (no copy per event); a slab
 * is replaced when the next event might not fit, and lives while any event written in it is kept (the spool's
 * turn, the bus's batch: a few hundred bytes an event, as their own buffers would take).
 */
const SLAB_BYTES = 64 * 1024;
/** Events longer than this go to protobufjs (strings of this size are no data plane's). */
const MAX_EVENT_BYTES = 4 * 1024;
/** Room for the tags, lengths and varints beside the strings' characters. */
const FIXED_BYTES = 128;

let slab = Buffer.allocUnsafe(SLAB_BYTES);
let used = 0;
let pos = 0;

/** The event's protobuf bytes, as `pb.UsageEvent.encode(event).finish()` writes them. */
export function encodeUsageEvent(e: UsageEvent): Uint8Array {
  const chars = length(e.id) + length(e.replicaId) + length(e.requestId) + length(e.keyId) + length(e.orgId) + length(e.provider) + length(e.model) + length(e.endpoint) + length(e.errorCode);
  if (chars + FIXED_BYTES > MAX_EVENT_BYTES) return pb.UsageEvent.encode(e).finish();
  if (used + chars + FIXED_BYTES > SLAB_BYTES) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    used = 0;
  }
  pos = used;
  if (
    !str(10, e.id) ||
    !str(18, e.replicaId) ||
    !str(26, e.requestId) ||
    !str(34, e.keyId) ||
    !str(42, e.orgId) ||
    !str(50, e.provider) ||
    !str(58, e.model) ||
    !str(66, e.endpoint)
  ) {
    return pb.UsageEvent.encode(e).finish();
  }
  const status = e.status;
  if (status != null && status !== 0) {
    if (!isCount(status) || status > 0x7fffffff) return pb.UsageEvent.encode(e).finish();
    slab[pos++] = 72;
    varint(status);
  }
  if (e.streamed != null && e.streamed !== false) {
    slab[pos++] = 80;
    slab[pos++] = 1;
  }
  // optional: written when set, 0 included
  if (!optional(88, e.inputTokens) || !optional(96, e.outputTokens) || !optional(104, e.cachedInputTokens) || !optional(112, e.cacheWriteTokens) || !optional(120, e.reasoningTokens)) {
    return pb.UsageEvent.encode(e).finish();
  }
  // fields 16-19 take two bytes of tag each: (field << 3) as a varint
  if (!nonZero(0x80, e.costMicros) || !nonZero(0x88, e.latencyMs) || !nonZero(0x90, e.upstreamLatencyMs) || !nonZero(0x98, e.createdAtMs)) {
    return pb.UsageEvent.encode(e).finish();
  }
  if (e.errorCode != null && e.errorCode !== "") {
    slab[pos++] = 0xa2;
    if (!str(0x01, e.errorCode)) return pb.UsageEvent.encode(e).finish();
  }
  if ((e as { $unknowns?: unknown }).$unknowns != null) return pb.UsageEvent.encode(e).finish();
  const out = slab.subarray(used, pos);
  used = pos;
  return out;
}

function length(s: string | null | undefined): number {
  return s == null ? 0 : s.length;
}

/** Writes `tag` (one byte) and the string, unless it is empty; false when it cannot be written here. */
function str(tag: number, s: string | null | undefined): boolean {
  if (s == null || s === "") return true;
  const n = s.length;
  if (n >= 0x80) return false;
  const b = slab;
  b[pos] = tag;
  // one byte of length: an ASCII text's length is its byte count, under 128 here
  b[pos + 1] = n;
  const at = pos + 2;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) return false;
    b[at + i] = c;
  }
  pos = at + n;
  return true;
}

function optional(tag: number, v: number | Long | null | undefined): boolean {
  if (v == null) return true;
  if (!isCount(v)) return false;
  slab[pos++] = tag;
  varint(v);
  return true;
}

function nonZero(tag: number, v: number | Long | null | undefined): boolean {
  if (v == null || v === 0) return true;
  if (!isCount(v)) return false;
  slab[pos++] = tag;
  slab[pos++] = 0x01;
  varint(v);
  return true;
}

type Long = { low: number; high: number };

function isCount(v: number | Long): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
}

function varint(v: number): void {
  while (v > 0x7f) {
    slab[pos++] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  slab[pos++] = v;
}
