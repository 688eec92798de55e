import { pb } from "../../../proto/messages.ts";
import type { UsageEvent } from "../../../proto/messages.ts";
import type { Transport } from "../../../proto/transport.ts";
import type { Spool } from "./spool.ts";

const REPLAY_EVERY_MS = 1_000;

/**
 * Sends usage events to the control plane off the request path; nothing on a request awaits the bus. An event
 * the bus did not store goes to the spool file and is sent again until it is; the event id makes a repeat
 * harmless. Spooled events left by an earlier run are replayed too.
 */
export class UsagePublisher {
  readonly #transport: Transport;
  readonly #spool: Spool;
  #inFlight = 0;
  #timer: NodeJS.Timeout;
  #replaying = false;
  #leftoversClaimed = false;
  #closed = false;

  constructor(transport: Transport, spool: Spool) {
    this.#transport = transport;
    this.#spool = spool;
    this.#timer = setInterval(() => this.replay(), REPLAY_EVERY_MS);
    this.#timer.unref();
    setImmediate(() => this.replay());
  }

  publish(event: UsageEvent): void {
    const bytes = pb.UsageEvent.encode(event).finish();
    if (!this.#transport.connected) {
      this.#spool.append(bytes);
      return;
    }
    this.#send(event.id ?? "", bytes);
  }

  /** Events accepted but not yet stored by the bus (in flight or spooled). */
  get unsent(): number {
    return this.#inFlight + this.#spool.size;
  }

  #send(id: string, bytes: Uint8Array): void {
    this.#inFlight++;
    this.#transport.publishDurable(bytes, id).then(
      () => {
        this.#inFlight--;
      },
      () => {
        this.#inFlight--;
        this.#spool.append(bytes);
      },
    );
  }

  /** Sends again what the bus did not take, once it is reachable. */
  replay(): void {
    if (this.#replaying || this.#closed || !this.#transport.connected) return;
    this.#replaying = true;
    try {
      const spooled = this.#spool.drainOwn();
      if (!this.#leftoversClaimed) {
        this.#leftoversClaimed = true;
        spooled.push(...this.#spool.claimLeftovers());
      }
      for (const bytes of spooled) {
        let id: string;
        try {
          id = pb.UsageEvent.decode(bytes).id ?? "";
        } catch {
          continue; // not an event: nothing to bill from it
        }
        this.#send(id, bytes);
      }
    } finally {
      this.#replaying = false;
    }
  }

  /** Waits (bounded) until every accepted event is stored. */
  async flush(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.unsent > 0 && Date.now() < deadline) {
      this.replay();
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.unsent === 0;
  }

  /** Flushes (bounded); whatever the bus still has not taken stays in the spool file for the next start. */
  async close(timeoutMs = 5_000): Promise<void> {
    await this.flush(timeoutMs);
    this.#closed = true;
    clearInterval(this.#timer);
    this.#spool.close();
  }
}
