import type { Registry } from "prom-client";

/** Milliseconds, from a loopback hop to a long generation. */
export const LATENCY_BUCKETS_MS = [0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000];

/** One label set's latency histogram: counts per bucket (the last one is +Inf), their sum and count. */
class Buckets {
  readonly counts = new Float64Array(LATENCY_BUCKETS_MS.length + 1);
  sum = 0;
  count = 0;

  observe(ms: number): void {
    let i = 0;
    while (i < LATENCY_BUCKETS_MS.length && ms > LATENCY_BUCKETS_MS[i]!) i++;
    this.counts[i]!++;
    this.sum += ms;
    this.count++;
  }
}

interface ProviderTally {
  upstream: Buckets;
  inputTokens: number;
  outputTokens: number;
  costMicros: number;
}

/** What one admitted request adds when it ends. */
export interface RequestOutcome {
  status: number;
  upstreamMs: number;
  overheadMs: number;
  inputTokens: number;
  outputTokens: number;
  costMicros: number;
}

/**
 * The counts behind one route and provider: fetched once when a request is admitted, so the request's end costs
 * a few additions and no label hashing.
 */
export class RouteProviderStats {
  readonly #byStatus: Map<number, number>;
  readonly #overhead: Buckets;
  readonly #provider: ProviderTally;

  constructor(byStatus: Map<number, number>, overhead: Buckets, provider: ProviderTally) {
    this.#byStatus = byStatus;
    this.#overhead = overhead;
    this.#provider = provider;
  }

  record(o: RequestOutcome): void {
    this.#byStatus.set(o.status, (this.#byStatus.get(o.status) ?? 0) + 1);
    this.#provider.upstream.observe(o.upstreamMs);
    this.#overhead.observe(o.overheadMs);
    const p = this.#provider;
    p.inputTokens += o.inputTokens;
    p.outputTokens += o.outputTokens;
    p.costMicros += o.costMicros;
  }
}

interface Sample {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/**
 * Per-request metrics kept as plain counts and read out when Prometheus scrapes: prom-client's own metrics
 * validate and hash their labels on every call (~4 µs of a request's CPU for the five a request touched). The
 * names, labels and meaning are those prom-client produced: svc_requests_total{route,status,provider},
 * svc_gateway_overhead_ms{route}, svc_upstream_ms{provider}, svc_tokens_total{provider,direction},
 * svc_cost_micros_total{provider}.
 */
export class RequestStats {
  /** route → provider → status → count */
  readonly #requests = new Map<string, Map<string, Map<number, number>>>();
  readonly #overhead = new Map<string, Buckets>();
  readonly #providers = new Map<string, ProviderTally>();
  readonly #handles = new Map<string, Map<string, RouteProviderStats>>();

  /** The counts a request of this route and provider ends in. */
  forRequest(route: string, provider: string): RouteProviderStats {
    let byProvider = this.#handles.get(route);
    if (byProvider === undefined) this.#handles.set(route, (byProvider = new Map()));
    let handle = byProvider.get(provider);
    if (handle === undefined) {
      let statuses = this.#requests.get(route);
      if (statuses === undefined) this.#requests.set(route, (statuses = new Map()));
      let byStatus = statuses.get(provider);
      if (byStatus === undefined) statuses.set(provider, (byStatus = new Map()));
      let overhead = this.#overhead.get(route);
      if (overhead === undefined) this.#overhead.set(route, (overhead = new Buckets()));
      let tally = this.#providers.get(provider);
      if (tally === undefined) this.#providers.set(provider, (tally = { upstream: new Buckets(), inputTokens: 0, outputTokens: 0, costMicros: 0 }));
      byProvider.set(provider, (handle = new RouteProviderStats(byStatus, overhead, tally)));
    }
    return handle;
  }

  /** Registers the five metrics on `registry`, read from these counts at each scrape. */
  register(registry: Registry): void {
    const metric = (name: string, help: string, type: "counter" | "histogram", values: () => Sample[]) =>
      registry.registerMetric({ name, help, type, aggregator: "sum", get: async () => ({ name, help, type, aggregator: "sum", values: values() }) } as unknown as Parameters<Registry["registerMetric"]>[0]);
    metric("svc_requests_total", "Admitted inference requests by route, HTTP status and provider", "counter", () => {
      const out: Sample[] = [];
      for (const [route, byProvider] of this.#requests) for (const [provider, byStatus] of byProvider) for (const [status, n] of byStatus) out.push({ value: n, labels: { route, status: String(status), provider } });
      return out;
    });
    metric("svc_gateway_overhead_ms", "Time the gateway itself added to a request (total minus upstream), ms", "histogram", () => histogram("svc_gateway_overhead_ms", "route", this.#overhead));
    metric("svc_upstream_ms", "Time spent waiting on the provider, ms", "histogram", () =>
      histogram("svc_upstream_ms", "provider", new Map([...this.#providers].map(([p, t]) => [p, t.upstream]))),
    );
    metric("svc_tokens_total", "Tokens metered, by provider and direction", "counter", () => {
      const out: Sample[] = [];
      for (const [provider, t] of this.#providers) {
        if (t.inputTokens > 0) out.push({ value: t.inputTokens, labels: { provider, direction: "input" } });
        if (t.outputTokens > 0) out.push({ value: t.outputTokens, labels: { provider, direction: "output" } });
      }
      return out;
    });
    metric("svc_cost_micros_total", "Cost metered, micro-USD, by provider", "counter", () =>
      [...this.#providers].filter(([, t]) => t.costMicros > 0).map(([provider, t]) => ({ value: t.costMicros, labels: { provider } })),
    );
  }
}

/** Prometheus histogram samples: cumulative `_bucket`s with `le`, then `_sum` and `_count`, per label value. */
function histogram(name: string, label: string, series: ReadonlyMap<string, Buckets>): Sample[] {
  const out: Sample[] = [];
  for (const [value, b] of series) {
    let cumulative = 0;
    for (let i = 0; i <= LATENCY_BUCKETS_MS.length; i++) {
      cumulative += b.counts[i]!;
      out.push({ value: cumulative, labels: { le: i < LATENCY_BUCKETS_MS.length ? LATENCY_BUCKETS_MS[i]! : "+Inf", [label]: value }, metricName: `${name}_bucket` });
    }
    out.push({ value: b.sum, labels: { [label]: value }, metricName: `${name}_sum` });
    out.push({ value: b.count, labels: { [label]: value }, metricName: `${name}_count` });
  }
  return out;
}
