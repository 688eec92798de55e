import { Buffer } from "node:buffer";
import { randomUUID } from "node:crypto";
import { pb } from "./messages.ts";
import type { Transport } from "./transport.ts";

/** Well under NATS's default 1 MiB max_payload, with room for the envelope. */
export const PART_BYTES = 512 * 1024;
/** How long a built snapshot stays available for its remaining parts. */
const HOLD_MS = 60_000;
/** Snapshots held at once (replicas starting together each get their own, consistent one). */
const MAX_HELD = 8;
/** Parts a replica has asked for and not yet received, at most. */
const PARALLEL = 4;

/** Where a snapshot's build writes its encoded bytes, in order; they are cut into parts as they come. */
export interface SnapshotSink {
  write(bytes: Uint8Array): void;
}

/**
 * The bytes of one snapshot, cut into parts as the build writes them: a whole part can be answered while the build
 * is still writing the rest, so a starting replica's transfer runs alongside the control plane's read of the
 * database instead of after it.
 */
class HeldSnapshot implements SnapshotSink {
  readonly #partBytes: number;
  readonly #parts: Uint8Array[] = [];
  #filling: Buffer | undefined;
  #filled = 0;
  #settled = false;
  #failed = false;
  #waiters: { part: number; wake: () => void }[] = [];
  until = Infinity;

  constructor(partBytes: number) {
    this.#partBytes = partBytes;
  }

  write(bytes: Uint8Array): void {
    if (this.#settled) throw new Error("the snapshot is already complete");
    const size = this.#partBytes;
    let at = 0;
    while (at < bytes.length) {
      if (this.#filled === 0 && bytes.length - at >= size) {
        // a whole part in one piece (a kept snapshot is written at once): held as a view, not copied
        this.#parts.push(bytes.subarray(at, at + size));
        at += size;
        continue;
      }
      this.#filling ??= Buffer.allocUnsafe(size);
      const n = Math.min(size - this.#filled, bytes.length - at);
      this.#filling.set(bytes.subarray(at, at + n), this.#filled);
      this.#filled += n;
      at += n;
      if (this.#filled === size) {
        this.#parts.push(this.#filling);
        this.#filling = undefined;
        this.#filled = 0;
      }
    }
    this.#wake();
  }

  /** The build has written everything (or failed: then no part of it is answered any more). */
  settle(failed: boolean): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#failed = failed;
    if (!failed && (this.#filled > 0 || this.#parts.length === 0)) this.#parts.push((this.#filling ?? Buffer.alloc(0)).subarray(0, this.#filled));
    this.#filling = undefined;
    this.#wake();
  }

  /**
   * Part `p` once it is whole or the build has settled: its bytes (none past the last part), the count once known;
   * undefined when the build failed.
   */
  async part(p: number): Promise<{ data?: Uint8Array; parts: number; more: boolean } | undefined> {
    if (!this.#settled && p >= this.#parts.length) await new Promise<void>((wake) => this.#waiters.push({ part: p, wake }));
    if (this.#failed) return undefined;
    return { data: this.#parts[p], parts: this.#settled ? this.#parts.length : 0, more: !this.#settled };
  }

  #wake(): void {
    if (this.#waiters.length === 0) return;
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const w of waiting) {
      if (this.#settled || w.part < this.#parts.length) w.wake();
      else this.#waiters.push(w);
    }
  }
}

/**
 * The control plane's side: answers a SnapshotRequest with one SnapshotPart. A request without snapshot_id starts
 * a new snapshot (`build` writes its bytes) and answers its part 0; later parts come from the same bytes, so every
 * part of one snapshot_id is a slice of the same state. A replica that asks with `stream` gets each part as soon as
 * it is whole; one that does not gets part 0 once the build has finished, as before the field existed.
 */
export class SnapshotPartServer {
  readonly #held = new Map<string, HeldSnapshot>();
  readonly #partBytes: number;
  readonly #clock: () => number;

  constructor(partBytes = PART_BYTES, clock: () => number = Date.now) {
    this.#partBytes = partBytes;
    this.#clock = clock;
  }

  async answer(request: Uint8Array, build: (replicaId: string, out: SnapshotSink) => Promise<void>): Promise<Uint8Array> {
    const req = pb.SnapshotRequest.decode(request);
    const now = this.#clock();
    for (const [id, h] of this.#held) if (h.until < now) this.#held.delete(id);
    let id = req.snapshotId ?? "";
    let held = id ? this.#held.get(id) : undefined;
    if (!id) {
      const fresh = new HeldSnapshot(this.#partBytes);
      id = randomUUID();
      held = fresh;
      this.#held.set(id, fresh);
      while (this.#held.size > MAX_HELD) this.#held.delete(this.#held.keys().next().value!);
      const building = build(req.replicaId ?? "", fresh)
        .then(
          () => false,
          () => true,
        )
        .then((failed) => {
          fresh.settle(failed);
          fresh.until = this.#clock() + HOLD_MS;
        });
      if (!req.stream) await building;
    }
    const part = req.part ?? 0;
    const answer = await held?.part(part);
    if (!answer) return pb.SnapshotPart.encode({ snapshotId: id, part, parts: 0 }).finish();
    return pb.SnapshotPart.encode({ snapshotId: id, part, parts: answer.parts, more: answer.more, data: answer.data }).finish();
  }
}

/**
 * The data plane's side: fetches every part of one new snapshot, handing each to `onPart` in order. Up to PARALLEL
 * parts are asked for at a time; while the control plane is still building the snapshot it answers each as it
 * becomes whole, and the part count comes with the first answer after the build.
 */
export async function fetchSnapshotParts(
  transport: Transport,
  subject: string,
  replicaId: string,
  timeoutMs: number,
  onPart: (data: Uint8Array) => void,
): Promise<void> {
  const ask = async (snapshotId: string, part: number) => {
    const res = pb.SnapshotPart.decode(await transport.request(subject, pb.SnapshotRequest.encode({ replicaId, snapshotId, part, stream: true }).finish(), timeoutMs));
    if ((!res.parts && !res.more) || (snapshotId && res.snapshotId !== snapshotId)) throw new Error("the snapshot is no longer held; start again");
    return res;
  };
  const first = await ask("", 0);
  const id = first.snapshotId ?? "";
  let parts = first.more ? Infinity : (first.parts ?? 1);
  // parts arrive in any order and are handed on in order: the early ones wait here
  const early = new Map<number, Uint8Array>();
  let handed = 0;
  const arrived = (p: number, data: Uint8Array) => {
    early.set(p, data);
    for (let next = early.get(handed); next !== undefined; next = early.get(handed)) {
      early.delete(handed);
      onPart(next);
      handed++;
    }
  };
  arrived(0, first.data ?? new Uint8Array());
  let next = 1;
  let failed = false;
  const asker = async () => {
    try {
      while (next < parts && !failed) {
        const p = next++;
        const res = await ask(id, p);
        if (!res.more) parts = Math.min(parts, res.parts ?? 0);
        if (p < parts && !failed) arrived(p, res.data ?? new Uint8Array());
      }
    } catch (err) {
      failed = true; // the other askers stop too: the fetch has failed
      throw err;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, asker));
  if (handed !== parts) throw new Error(`part ${handed} of the snapshot did not arrive`);
}

/** fetchSnapshotParts, joined: the snapshot's encoded bytes. */
export async function fetchSnapshot(transport: Transport, subject: string, replicaId: string, timeoutMs: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await fetchSnapshotParts(transport, subject, replicaId, timeoutMs, (data) => chunks.push(data));
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
