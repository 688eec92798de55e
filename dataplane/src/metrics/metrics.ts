import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Milliseconds, from a loopback hop to a long generation. */
const LATENCY_BUCKETS_MS = [0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000];

/**
 * One data plane replica's Prometheus metrics, served on METRICS_PORT apart from the public port. Labels carry
 * routes, statuses and provider namespaces only: never a key, a credential or a model a key asked for that does
 * not exist.
 */
export class DataPlaneMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({ name: "svc_requests_total", help: "Admitted inference requests by route, HTTP status and provider", labelNames: ["route", "status", "provider"], registers: [this.registry] });
  readonly overhead = new Histogram({ name: "svc_gateway_overhead_ms", help: "Time the gateway itself added to a request (total minus upstream), ms", labelNames: ["route"], buckets: LATENCY_BUCKETS_MS, registers: [this.registry] });
  readonly upstream = new Histogram({ name: "svc_upstream_ms", help: "Time spent waiting on the provider, ms", labelNames: ["provider"], buckets: LATENCY_BUCKETS_MS, registers: [this.registry] });
  readonly tokens = new Counter({ name: "svc_tokens_total", help: "Tokens metered, by provider and direction", labelNames: ["provider", "direction"], registers: [this.registry] });
  readonly cost = new Counter({ name: "svc_cost_micros_total", help: "Cost metered, micro-USD, by provider", labelNames: ["provider"], registers: [this.registry] });
  readonly usageRefusals = new Counter({ name: "svc_usage_refused_total", help: "Requests refused with 503 because a usage backlog bound was reached, by bound", labelNames: ["reason"], registers: [this.registry] });

  constructor(state: {
    sequence: () => number;
    snapshotAgeMs: () => number;
    spoolDepth: () => number;
    reservationsOpen: () => number;
    inFlight: () => number;
    spoolBytes: () => number;
    spoolMaxBytes: () => number;
    usageMemoryBytes: () => number;
    pendingEvents: () => number;
  }) {
    collectDefaultMetrics({ register: this.registry });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge("svc_snapshot_sequence", "Sequence of the snapshot this replica serves from", state.sequence);
    gauge("svc_snapshot_age_ms", "Time since the control plane was last heard from, ms", state.snapshotAgeMs);
    gauge("svc_usage_spool_depth", "Usage events not yet stored by the bus (in flight or spooled)", state.spoolDepth);
    gauge("svc_usage_spool_bytes", "Bytes the usage spool holds on disk", state.spoolBytes);
    gauge("svc_usage_spool_max_bytes", "The spool's bound: at it the replica refuses billable requests", state.spoolMaxBytes);
    gauge("svc_usage_memory_bytes", "Usage events held in memory because the disk refused them, bytes", state.usageMemoryBytes);
    gauge("svc_usage_pending_events", "Usage events sent but not yet reported applied by the control plane", state.pendingEvents);
    gauge("svc_reservations_open", "Credit reservations of requests in flight", state.reservationsOpen);
    gauge("svc_requests_in_flight", "Requests whose handler has not finished", state.inFlight);
  }
}
