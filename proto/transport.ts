/**
 * The wire between the control plane and the data planes. Two implementations: NATS (split mode, JetStream for
 * usage) and in-process (embedded mode). Both carry the same protobuf bytes, so the code above is one code path.
 */
export type Unsubscribe = () => void;

/** The most messages one durable batch carries. */
export const MAX_BATCH = 256;

/**
 * About the most events a durable consumer's handler is given at once: one ledger statement. Four publishes' worth,
 * so that under load a statement's fixed cost and the delta's reads after it are shared by more events: in the
 * embedded ledger, batches of 1,024 against 256 took 42.4 against 56.2 µs an event of two keys, 65.4 against 92.2 of
 * fifty (docs/performance.md).
 */
export const MAX_EVENTS_PER_HANDLER = MAX_BATCH * 4;

export interface Transport {
  /** Request/reply; rejects on timeout or when nobody answers. */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array>;
  /** Answers requests on `subject`; a handler that throws sends no reply (the requester times out). */
  reply(subject: string, handler: (data: Uint8Array) => Promise<Uint8Array>): Unsubscribe;
  /** Fire-and-forget broadcast to every current subscriber. Never throws. */
  publish(subject: string, data: Uint8Array): void;
  subscribe(subject: string, handler: (data: Uint8Array) => void): Unsubscribe;
  /**
   * Durable, de-duplicated publish: resolves once the message is stored (a JetStream ack), rejects when it could
   * not be stored. The same `msgId` published twice is stored once (within the de-duplication window).
   */
  publishDurable(data: Uint8Array, msgId: string): Promise<void>;
  /**
   * Durable consumer: messages are handed to `handler` in batches (whatever has arrived, up to a few hundred)
   * and acknowledged when the handler resolves; a handler that rejects gets the whole batch again later.
   * Delivery is at least once.
   */
  consumeDurable(handler: (batch: Uint8Array[]) => Promise<void>): Unsubscribe;
  /** True while the transport believes it can reach its peers. */
  readonly connected: boolean;
  close(): Promise<void>;
}
