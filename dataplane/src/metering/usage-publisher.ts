import { pb } from "../../../proto/messages.ts";
import type { UsageEvent } from "../../../proto/messages.ts";
import type { Transport } from "../../../proto/transport.ts";

/**
 * Sends usage events to the control plane off the request path. An event the bus did not store is kept and
 * sent again until it is (the event id makes a repeat harmless); nothing awaits the bus on a request.
 */
export class UsagePublisher {
  readonly #transport: Transport;
  readonly #retry: { id: string; bytes: Uint8Array }[] = [];
  #inFlight = 0;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  publish(event: UsageEvent): void {
    const bytes = pb.UsageEvent.encode(event).finish();
    this.#send(event.id ?? "", bytes);
  }

  /** Events accepted but not yet stored by the bus. */
  get unsent(): number {
    return this.#retry.length + this.#inFlight;
  }

  #send(id: string, bytes: Uint8Array): void {
    this.#inFlight++;
    this.#transport.publishDurable(bytes, id).then(
      () => {
        this.#inFlight--;
      },
      () => {
        this.#inFlight--;
        this.#retry.push({ id, bytes });
        this.#schedule();
      },
    );
  }

  #schedule(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      for (const e of this.#retry.splice(0)) this.#send(e.id, e.bytes);
    }, 500);
  }

  /** Waits (bounded) until every accepted event is stored. */
  async flush(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.unsent > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.unsent === 0;
  }

  async close(timeoutMs = 5_000): Promise<void> {
    await this.flush(timeoutMs);
    this.#closed = true;
    clearTimeout(this.#timer);
  }
}
