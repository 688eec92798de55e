import { randomUUID } from "node:crypto";
import { pb } from "./messages.ts";
import type { Transport } from "./transport.ts";

/** Well under NATS's default 1 MiB max_payload, with room for the envelope. */
export const PART_BYTES = 512 * 1024;
/** How long a built snapshot stays available for its remaining parts. */
const HOLD_MS = 60_000;
/** Snapshots held at once (replicas starting together each get their own, consistent one). */
const MAX_HELD = 8;
/** Parts a replica asks for at once. */
const PARALLEL = 4;

/**
 * The control plane's side: answers a SnapshotRequest with one SnapshotPart. A request without snapshot_id
 * builds a new snapshot (with `build`) and answers its part 0; later parts come from the held bytes, so every
 * part of one snapshot_id is a slice of the same state.
 */
export class SnapshotPartServer {
  readonly #held = new Map<string, { bytes: Uint8Array; parts: number; until: number }>();
  readonly #partBytes: number;

  constructor(partBytes = PART_BYTES) {
    this.#partBytes = partBytes;
  }

  async answer(request: Uint8Array, build: (replicaId: string) => Promise<Uint8Array>, now = Date.now()): Promise<Uint8Array> {
    const req = pb.SnapshotRequest.decode(request);
    for (const [id, h] of this.#held) if (h.until < now) this.#held.delete(id);
    let id = req.snapshotId ?? "";
    let held = id ? this.#held.get(id) : undefined;
    if (!id) {
      const bytes = await build(req.replicaId ?? "");
      id = randomUUID();
      held = { bytes, parts: Math.max(1, Math.ceil(bytes.length / this.#partBytes)), until: now + HOLD_MS };
      this.#held.set(id, held);
      while (this.#held.size > MAX_HELD) this.#held.delete(this.#held.keys().next().value!);
    }
    const part = req.part ?? 0;
    if (!held || part >= held.parts) return pb.SnapshotPart.encode({ snapshotId: id, part, parts: 0 }).finish();
    const data = held.bytes.subarray(part * this.#partBytes, (part + 1) * this.#partBytes);
    return pb.SnapshotPart.encode({ snapshotId: id, part, parts: held.parts, data }).finish();
  }
}

/** The data plane's side: fetches every part of one new snapshot and returns its encoded bytes. */
export async function fetchSnapshot(transport: Transport, subject: string, replicaId: string, timeoutMs: number): Promise<Uint8Array> {
  const ask = async (snapshotId: string, part: number) => {
    const res = pb.SnapshotPart.decode(await transport.request(subject, pb.SnapshotRequest.encode({ replicaId, snapshotId, part }).finish(), timeoutMs));
    if (!res.parts || (snapshotId && res.snapshotId !== snapshotId)) throw new Error("the snapshot is no longer held; start again");
    return res;
  };
  const first = await ask("", 0);
  const id = first.snapshotId ?? "";
  const parts = first.parts ?? 1;
  const chunks: Uint8Array[] = new Array<Uint8Array>(parts);
  chunks[0] = first.data ?? new Uint8Array();
  for (let next = 1; next < parts; next += PARALLEL) {
    const batch = [];
    for (let p = next; p < Math.min(parts, next + PARALLEL); p++) batch.push(ask(id, p).then((r) => (chunks[p] = r.data ?? new Uint8Array())));
    await Promise.all(batch);
  }
  if (parts === 1) return chunks[0];
  return Buffer.concat(chunks);
}
