import { fetchFeed, type FeedBody } from "./fetch-feed.ts";
import { parseStatuspage, type ReportedStatus } from "./parse.ts";

export interface StatusFeed {
  /** provider namespace, as GET /status names it */
  slug: string;
  url: string;
}

export interface StatusFeedPollerOptions {
  feeds: readonly StatusFeed[];
  /** between the end of one poll of a feed and the start of the next; jittered ±10 % */
  intervalMs?: number;
  /** for the whole poll of one feed: redirects and body included */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** a report older than this is no report: the poller has stopped or cannot get through */
  maxAgeMs?: number;
  /**
   * A feed started failing, or fails for a new reason. Called on the change, not on every poll, so that a
   * deployment without internet does not log each feed every minute. Gets only the slug and a short reason.
   */
  onError?: (slug: string, reason: string) => void;
}

export const DEFAULT_INTERVAL_MS = 60_000;
export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_AGE_MS = 10 * 60_000;

interface Reading {
  value: ReportedStatus | null;
  at: number;
  /** why the last poll failed; null after a good one */
  failure: string | null;
}

/**
 * Keeps the last published status of each provider (SPEC 2.3 providers[].reportedStatus). Each feed runs its
 * own chain of timeouts: a poll starts only when the previous one of that feed has ended, so polls of one
 * feed never overlap, and a feed that hangs only ever holds up itself.
 */
export class StatusFeedPoller {
  private readonly feeds: readonly StatusFeed[];
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly maxAgeMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly onError: (slug: string, reason: string) => void;
  private readonly readings = new Map<string, Reading>();
  private run: Run | undefined;
  private firstRound: Promise<void> = Promise.resolve();

  constructor(opts: StatusFeedPollerOptions) {
    const slugs = new Set<string>();
    for (const f of opts.feeds) {
      if (slugs.has(f.slug)) throw new Error(`status feed for ${f.slug} given twice`);
      slugs.add(f.slug);
    }
    this.feeds = [...opts.feeds];
    this.intervalMs = positive(opts.intervalMs ?? DEFAULT_INTERVAL_MS, "intervalMs");
    this.timeoutMs = positive(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, "timeoutMs");
    this.maxAgeMs = positive(opts.maxAgeMs ?? DEFAULT_MAX_AGE_MS, "maxAgeMs");
    // Looked up at call time by default so that a test (or a later patch of the global) is honoured.
    this.fetchImpl = opts.fetchImpl ?? ((input, init) => fetch(input, init));
    this.now = opts.now ?? Date.now;
    this.onError = opts.onError ?? (() => {});
  }

  /**
   * Polls every feed now, then each again an interval after its poll ends. The promise settles when the first
   * round has (each feed answered, failed or timed out); it never rejects, so it may be left unawaited.
   * Calling start() while running does nothing more.
   */
  start(): Promise<void> {
    if (this.run) return this.firstRound;
    const run = new Run();
    this.run = run;
    this.firstRound = Promise.all(this.feeds.map((f) => this.poll(f, run))).then(() => undefined);
    return this.firstRound;
  }

  /** Cancels the scheduled polls and the ones in flight; leaves no timer behind. Readings keep aging. */
  stop(): void {
    this.run?.stop();
    this.run = undefined;
  }

  /** The provider's last good report, or null: no feed, last poll failed, or the report is older than maxAgeMs. */
  reported(slug: string): ReportedStatus | null {
    const r = this.readings.get(slug);
    if (!r || r.value === null) return null;
    return this.now() - r.at > this.maxAgeMs ? null : r.value;
  }

  private async poll(feed: StatusFeed, run: Run): Promise<void> {
    const controller = new AbortController();
    const cancelDeadline = run.after(this.timeoutMs, () => controller.abort());
    const stopListening = run.onStop(() => controller.abort());
    // Raced against the abort too, so that a fetchImpl which ignores its signal still cannot hold the feed.
    const body = await Promise.race([fetchFeed(feed.url, this.fetchImpl, controller.signal), whenAborted(controller.signal)]);
    cancelDeadline();
    stopListening();
    if (run.stopped) return;
    this.record(feed.slug, body);
    run.after(jittered(this.intervalMs), () => void this.poll(feed, run));
  }

  private record(slug: string, body: FeedBody): void {
    const value = body.ok ? parseStatuspage(body.text) : null;
    const failure = body.ok ? (value === null ? "unreadable" : null) : body.reason;
    const previous = this.readings.get(slug)?.failure ?? null;
    this.readings.set(slug, { value, at: this.now(), failure });
    if (failure !== null && failure !== previous) {
      try {
        this.onError(slug, failure);
      } catch {
        // A faulty log sink must not stop the polling.
      }
    }
  }
}

/** The timers and in-flight requests of one start()…stop(), so stop() can end exactly those. */
class Run {
  stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopHooks = new Set<() => void>();

  /** An unref'd timeout (it never keeps the process alive); returns its cancel. */
  after(ms: number, fn: () => void): () => void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref();
    this.timers.add(t);
    return () => {
      clearTimeout(t);
      this.timers.delete(t);
    };
  }

  onStop(fn: () => void): () => void {
    this.stopHooks.add(fn);
    return () => this.stopHooks.delete(fn);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const fn of this.stopHooks) fn();
    this.stopHooks.clear();
  }
}

function whenAborted(signal: AbortSignal): Promise<FeedBody> {
  return new Promise((resolve) => {
    signal.addEventListener("abort", () => resolve({ ok: false, reason: "timeout" }), { once: true });
  });
}

/** ±10 %, so that many replicas started together do not poll a provider's page in step. */
function jittered(ms: number): number {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}

function positive(n: number, name: string): number {
  if (!Number.isFinite(n) || n <= 0) throw new Error(`StatusFeedPoller: ${name} must be a positive number`);
  return n;
}
