import { pb } from "../../../proto/messages.ts";
import { REPLICA_HEARTBEAT_MS, type Subjects } from "../../../proto/subjects.ts";
import type { Transport, Unsubscribe } from "../../../proto/transport.ts";

/** A replica silent for this long is gone (five missed heartbeats). */
export const REPLICA_TIMEOUT_MS = 5 * REPLICA_HEARTBEAT_MS;

/**
 * Counts the live data plane replicas from their heartbeats, and reports the count whenever it changes, so each
 * replica can enforce its share of a key's rate limits.
 */
export class ReplicaRoster {
  readonly #lastSeen = new Map<string, number>();
  #count = 1;
  #sub: Unsubscribe | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly subjects: Subjects,
    private readonly onCount: (count: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.#sub = this.transport.subscribe(this.subjects.replicaHeartbeat, (data) => {
      let id: string;
      try {
        id = pb.ReplicaHeartbeat.decode(data).replicaId ?? "";
      } catch {
        return;
      }
      if (!id) return;
      const isNew = !this.#lastSeen.has(id);
      this.#lastSeen.set(id, this.now());
      if (isNew) this.#update();
    });
    this.#timer = setInterval(() => this.prune(), REPLICA_HEARTBEAT_MS);
    this.#timer.unref();
  }

  /** Live replicas (at least 1: a lone replica that has not announced itself yet still enforces the whole plan). */
  get count(): number {
    return this.#count;
  }

  prune(): void {
    const cutoff = this.now() - REPLICA_TIMEOUT_MS;
    for (const [id, seen] of this.#lastSeen) if (seen < cutoff) this.#lastSeen.delete(id);
    this.#update();
  }

  #update(): void {
    const count = Math.max(1, this.#lastSeen.size);
    if (count === this.#count) return;
    this.#count = count;
    this.onCount(count);
  }

  close(): void {
    this.#sub?.();
    clearInterval(this.#timer);
  }
}
