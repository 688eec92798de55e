import { createInbox, headers as natsHeaders, type Msg, type NatsConnection, type NatsError, type Subscription } from "nats";

/** JetStream's header naming a message for its de-duplication window. */
const MSG_ID_HEADER = "Nats-Msg-Id";
/** How often answers past their deadline are looked for, while any publish is waiting. */
const SWEEP_EVERY_MS = 250;

interface Waiting {
  resolve: () => void;
  reject: (err: Error) => void;
  deadlineMs: number;
}

/** Why a publish was not stored, as JetStream or the connection said it. */
export class NotStoredError extends Error {
  override readonly name = "NotStoredError";
}

/**
 * Publishes to a JetStream stream and settles when the stream's acknowledgement comes back: resolved once the
 * message is stored (a duplicate of a stored message id included), rejected otherwise (an error answer, a "no
 * responders" status, an answer that is not an acknowledgement, no answer in `timeoutMs`, the connection closed).
 *
 * What nats.js's `JetStreamClient.publish` does, with one subscription for every answer (its requests share one too)
 * but without its per-request objects: a timer for each request, and a NatsError made (stack and all) each time a
 * request ends, answered or not. A data plane publishes a usage batch tens of times a second; in a scratch loop of
 * 300 publishes of a 256-event batch, awaited one at a time, nats.js's publish cost 279 µs of CPU a publish (median of
 * 8 rounds) and this one 178 (docs/performance.md).
 */
export class JetStreamPublisher {
  readonly #nc: NatsConnection;
  readonly #timeoutMs: number;
  readonly #inbox = createInbox();
  readonly #waiting = new Map<string, Waiting>();
  readonly #sub: Subscription;
  readonly #decoder = new TextDecoder();
  #next = 0;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(nc: NatsConnection, timeoutMs: number) {
    this.#nc = nc;
    this.#timeoutMs = timeoutMs;
    this.#sub = nc.subscribe(`${this.#inbox}.*`, { callback: (err, msg) => this.#answer(err, msg) });
    void this.#sub.closed.then(() => this.#rejectAll("the connection to the bus closed"));
  }

  /** `headers` beside the message id: each name and value set on the message as given. */
  publish(subject: string, data: Uint8Array, msgId: string, headers?: Readonly<Record<string, string>>): Promise<void> {
    const h = natsHeaders();
    if (headers) for (const name in headers) h.set(name, headers[name]!);
    h.set(MSG_ID_HEADER, msgId);
    const reply = `${this.#inbox}.${++this.#next}`;
    return new Promise<void>((resolve, reject) => {
      try {
        this.#nc.publish(subject, data, { reply, headers: h });
      } catch (err) {
        // closed, or bigger than the server takes
        reject(err instanceof Error ? err : new NotStoredError(String(err)));
        return;
      }
      this.#waiting.set(reply, { resolve, reject, deadlineMs: Date.now() + this.#timeoutMs });
      this.#sweeper ??= setInterval(() => this.#sweep(), SWEEP_EVERY_MS).unref();
    });
  }

  #answer(err: NatsError | null, msg: Msg): void {
    if (err) return; // the subscription's own failure: what waits times out and is sent again
    const w = this.#waiting.get(msg.subject);
    if (w === undefined) return; // answered after its deadline: already rejected, and the message id makes a resend harmless
    this.#waiting.delete(msg.subject);
    const problem = notStored(msg, this.#decoder);
    if (problem === undefined) w.resolve();
    else w.reject(new NotStoredError(problem));
  }

  #sweep(): void {
    const now = Date.now();
    for (const [reply, w] of this.#waiting) {
      if (w.deadlineMs > now) continue;
      this.#waiting.delete(reply);
      w.reject(new NotStoredError(`no acknowledgement from the bus within ${this.#timeoutMs} ms`));
    }
    this.#stopSweepingWhenIdle();
  }

  #stopSweepingWhenIdle(): void {
    if (this.#waiting.size > 0) return;
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }

  #rejectAll(reason: string): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    this.#stopSweepingWhenIdle();
    for (const w of waiting) w.reject(new NotStoredError(reason));
  }

  /** Stops listening for answers; what still waits is rejected. */
  close(): void {
    this.#sub.unsubscribe();
    this.#rejectAll("the publisher closed");
  }
}

/** Why an answer does not say the message is stored; undefined when it does (`JetStreamClient.publish`'s checks). */
function notStored(msg: Msg, decoder: TextDecoder): string | undefined {
  // a status instead of an answer: 503 when no stream listens on the subject
  if (msg.headers?.hasError) return `the bus answered ${msg.headers.code} ${msg.headers.description}`.trim();
  let ack: unknown;
  try {
    ack = JSON.parse(decoder.decode(msg.data));
  } catch {
    return "the bus's answer is not JSON";
  }
  if (ack === null || typeof ack !== "object") return "the bus's answer is not an acknowledgement";
  const a = ack as { error?: { code?: unknown; description?: unknown }; stream?: unknown };
  if (a.error !== undefined) return `JetStream refused the message: ${String(a.error?.code)} ${String(a.error?.description)}`;
  if (typeof a.stream !== "string" || a.stream === "") return "the bus's answer names no stream";
  return undefined;
}
