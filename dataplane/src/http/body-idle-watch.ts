import { SweepList, type SweepMember } from "../sweep-list.ts";

/** A request whose body is being read. */
export interface Watched extends SweepMember {
  /** When its body bytes last arrived (epoch ms). */
  readonly bodyActiveAtMs: number;
  bodyIdle(idleMs: number): void;
}

/**
 * Refuses request bodies that stop arriving for `idleMs`: one sweep over the bodies being read, every quarter of
 * the idle time (at most every second), instead of a timer per request. A body is refused between `idleMs` and
 * 1.25 × `idleMs` after its last bytes.
 */
export class BodyIdleWatch {
  readonly idleMs: number;
  readonly #reading = new SweepList<Watched>();
  readonly #everyMs: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(idleMs: number) {
    this.idleMs = idleMs;
    this.#everyMs = Math.max(5, Math.min(1_000, Math.floor(idleMs / 4)));
  }

  add(w: Watched): void {
    this.#reading.add(w);
    this.#timer ??= setInterval(() => this.#sweep(), this.#everyMs).unref();
  }

  delete(w: Watched): void {
    this.#reading.delete(w);
  }

  #sweep(): void {
    const now = Date.now();
    this.#reading.forEach((w) => {
      if (now - w.bodyActiveAtMs >= this.idleMs) w.bodyIdle(this.idleMs);
    });
    if (this.#reading.size === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  close(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
