/** Where the bytes come from: the exchange, which can hold its connection's reads or call the request off. */
export interface BodySource {
  pause(): void;
  resume(): void;
  abort(err: Error): void;
}

const END: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/** Bytes held for a reader that has not asked for them yet; past this the upstream socket is paused. */
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * A provider's response body as the upstream client hands it over, without a stream object per call: read whole with
 * `text()`, piece by piece with `for await` (each piece all the bytes that arrived since the last), or thrown away
 * with `dump()`. While chunks wait unread the upstream read is paused, so a slow client holds the provider back
 * rather than filling memory.
 */
export class ResponseBody implements AsyncIterable<Buffer> {
  #chunks: Buffer[] = [];
  #queued = 0;
  #done = false;
  #error: Error | undefined;
  #dumping = false;
  readonly #source: BodySource;
  /** The reader waiting for the next chunk, the end or the error. */
  #wake: (() => void) | undefined;

  constructor(source: BodySource) {
    this.#source = source;
  }

  /** @internal */
  push(chunk: Buffer): void {
    if (this.#dumping) return;
    this.#chunks.push(chunk);
    this.#queued += chunk.length;
    if (this.#queued > HIGH_WATER_BYTES && this.#wake === undefined) this.#source.pause();
    this.#notify();
  }

  /** @internal */
  end(): void {
    this.#done = true;
    this.#notify();
  }

  /** @internal */
  fail(err: Error): void {
    if (this.#done) return;
    this.#error = err;
    this.#done = true;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #wait(): Promise<void> {
    return new Promise((resolve) => {
      // the waiter first: resuming can deliver the next chunk at once, and it must wake this reader
      this.#wake = resolve;
      this.#source.resume();
    });
  }

  async text(): Promise<string> {
    while (!this.#done) await this.#wait();
    if (this.#error) throw this.#error;
    const all = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks, this.#queued);
    this.#chunks = [];
    this.#queued = 0;
    return all.toString("utf8");
  }

  /** Reads the rest and discards it, so the connection can be reused; errors are of no interest here. */
  async dump(): Promise<void> {
    this.#dumping = true;
    this.#chunks = [];
    this.#queued = 0;
    while (!this.#done) await this.#wait();
  }

  /**
   * Everything that has arrived, as one piece: a read that held twenty events of a stream is handed on in one step
   * of the reader's loop rather than twenty (each a promise's round trip, and a write of its own).
   */
  #take(): Buffer {
    const chunks = this.#chunks;
    const chunk = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#queued);
    this.#chunks = [];
    this.#queued = 0;
    return chunk;
  }

  /** The reader's next piece, or the end, or the error; waits (the upstream read resumed) while there is none. */
  #next(): Promise<IteratorResult<Buffer>> {
    if (this.#chunks.length > 0) return Promise.resolve({ done: false, value: this.#take() });
    if (this.#error) return Promise.reject(this.#error);
    if (this.#done) return Promise.resolve(END);
    return new Promise((resolve, reject) => {
      // the waiter first: resuming can deliver the next piece at once, and it must wake this reader. It takes what
      // has arrived once the read that woke it is done, so the rest of that read's events join the piece. A promise
      // reaction, not queueMicrotask: Node wraps each queueMicrotask callback in an AsyncResource (an async id, its
      // init, before and after hooks), which every event of every stream paid for (~0.1 us a wake-up in a scratch
      // loop, 157-246 against 221-450 ns with the await; docs/performance.md)
      this.#wake = () =>
        void Promise.resolve().then(() => {
          if (this.#chunks.length > 0) resolve({ done: false, value: this.#take() });
          else if (this.#error) reject(this.#error);
          else resolve(END);
        });
      this.#source.resume();
    });
  }

  /**
   * Read with `for await`: a plain iterator rather than an async generator, whose every piece cost a few more
   * promise round trips (docs/performance.md). A reader that stops early (its client left, an event it could not
   * translate) frees the connection.
   */
  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: () => this.#next(),
      return: () => {
        if (!this.#done) this.#source.abort(new Error("the response was abandoned by its reader"));
        return Promise.resolve(END);
      },
    };
  }
}
