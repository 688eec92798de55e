import { pb, type UsageEvent } from "./messages.ts";
import { PerKeyMemo } from "./per-key-memo.ts";
import { SlabWriter } from "./slab-writer.ts";

// A usage event is encoded for every request a data plane serves: protobufjs's writer was ~3-4 % of a short
// request's CPU under load, most of it the eight strings. The same bytes are written here in one pass (SlabWriter),
// the fields that are the same for every request of a key to a model kept as bytes; an event the writer cannot write
// as protobufjs does goes to protobufjs (usage-event-encode.test.ts holds the two equal).

/**
 * Events are written one after another into a slab and handed out as views of it (no copy per event); a slab is
 * replaced when the next event might not fit, and lives while any event written in it is kept (the spool's turn,
 * the bus's batch: a few hundred bytes an event, as their own buffers would take).
 */
export const SLAB_BYTES = 64 * 1024;
/** Events whose strings are longer than this go to protobufjs (no data plane's are). */
const MAX_CHARS = 4 * 1024;
/** Room for the keys, lengths and varints beside the strings' bytes (a character is at most 3 bytes). */
const FIXED_BYTES = 128;

const w = new SlabWriter(SLAB_BYTES);

/** The event's protobuf bytes, as `pb.UsageEvent.encode(event).finish()` writes them. */
export function encodeUsageEvent(e: UsageEvent): Uint8Array {
  const chars = length(e.id) + length(e.replicaId) + length(e.requestId) + length(e.keyId) + length(e.orgId) + length(e.provider) + length(e.model) + length(e.endpoint) + length(e.errorCode);
  if (chars > MAX_CHARS) return pb.UsageEvent.encode(e).finish();
  // the slab is never grown: a view handed out must keep its bytes
  if (w.pos + 3 * chars + FIXED_BYTES > w.buf.length) w.renew();
  const start = w.pos;
  if (!write(e)) {
    w.pos = start;
    return pb.UsageEvent.encode(e).finish();
  }
  return w.buf.subarray(start, w.pos);
}

function write(e: UsageEvent): boolean {
  // proto3: a string, number or bool at its default is not written; an `optional` one is whenever it is set
  const idAt = w.pos;
  if (!w.text(10, e.id)) return false;
  const idEnd = w.pos;
  const replica = replicaField(e.replicaId);
  if (replica === undefined) return false;
  w.raw(replica);
  // a data plane's event is named by its request's id: the id's field copied under the request id's key (both keys
  // one byte), not its characters read and written again
  if (e.requestId === e.id && idEnd > idAt) w.copyField(idAt, idEnd, 26);
  else if (!w.text(26, e.requestId)) return false;
  const same = section(e);
  if (same === undefined) return false;
  w.raw(same);
  // int32: a negative status is ten bytes in protobufjs's form
  if (e.status != null && e.status !== 0 && (e.status > 0x7fffffff || !w.count(72, e.status))) return false;
  if (e.streamed != null && e.streamed !== false) w.bool(80);
  if (!w.optional(88, e.inputTokens) || !w.optional(96, e.outputTokens) || !w.optional(104, e.cachedInputTokens) || !w.optional(112, e.cacheWriteTokens) || !w.optional(120, e.reasoningTokens)) return false;
  if (!w.int64(128, e.costMicros) || !w.int64(136, e.latencyMs) || !w.int64(144, e.upstreamLatencyMs) || !w.int64(152, e.createdAtMs)) return false;
  if (!w.text(162, e.errorCode)) return false;
  return (e as { $unknowns?: unknown }).$unknowns == null;
}

/**
 * Fields 4-8 of an event (key, org, provider, model, endpoint) as bytes, by key id. The five texts change only with
 * the key, the model and the route, and were read and written a character at a time for every request (a charCodeAt
 * loop runs ~45 instructions a character in Node 20's V8): kept as bytes, and with the request id copied rather than
 * written again, an event's encoding fell from ~11,500 to ~4,100 instructions in a data plane under load (callgrind,
 * docs/performance.md). A few hundred bytes each, 4,096 at most.
 */
const sections = new PerKeyMemo<Uint8Array>(4_096);
const sectionWriter = new SlabWriter(FIXED_BYTES);

/** The bytes of fields 4-8, or undefined when protobufjs must write them. */
function section(e: UsageEvent): Uint8Array | undefined {
  const keyId = e.keyId ?? "";
  const orgId = e.orgId ?? "";
  const provider = e.provider ?? "";
  const model = e.model ?? "";
  const endpoint = e.endpoint ?? "";
  const known = sections.get(keyId, orgId, provider, model, endpoint);
  if (known !== undefined) return known;
  const sw = sectionWriter;
  sw.pos = 0;
  if (!sw.text(34, keyId) || !sw.text(42, orgId) || !sw.text(50, provider) || !sw.text(58, model) || !sw.text(66, endpoint)) return undefined;
  const bytes = new Uint8Array(sw.buf.subarray(0, sw.pos));
  sections.set(keyId, orgId, provider, model, endpoint, bytes);
  return bytes;
}

/**
 * Field 2 (the replica's id) as bytes: one per process, written for every event a character at a time until kept
 * (~40 characters, ~10 % of an event's encoding in a loop).
 */
let replicaText: string | null | undefined;
let replicaBytes: Uint8Array | undefined;
const replicaWriter = new SlabWriter(FIXED_BYTES);

function replicaField(replicaId: string | null | undefined): Uint8Array | undefined {
  if (replicaBytes !== undefined && replicaId === replicaText) return replicaBytes;
  const rw = replicaWriter;
  rw.pos = 0;
  if (!rw.text(18, replicaId)) return undefined;
  replicaText = replicaId;
  replicaBytes = new Uint8Array(rw.buf.subarray(0, rw.pos));
  return replicaBytes;
}

function length(s: string | null | undefined): number {
  return s == null ? 0 : s.length;
}

/**
 * A UsageBatch of encoded events, as `pb.UsageBatch.encode({ events }).finish()` writes it: each event framed as
 * field 1 (key, length, bytes) by a SlabWriter sized for them at once. A batch of a few hundred events left a data
 * plane several times a second in protobufjs's writer, two queued operations an event and a copy at the end, run
 * too rarely for V8 to optimise it.
 */
export function encodeUsageBatch(events: readonly Uint8Array[]): Uint8Array {
  let bytes = 0;
  for (const e of events) bytes += e.length;
  // a key byte and at most five of length an event, and the ten bytes each varint asks room for: never grown
  const batch = new SlabWriter(bytes + 6 * events.length + 10);
  for (const e of events) batch.bytes(10, e);
  return batch.buf.subarray(0, batch.pos);
}
