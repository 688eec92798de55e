import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { RequestStats } from "./request-stats.ts";

/**
 * One data plane replica's Prometheus metrics, served on METRICS_PORT apart from the public port. Labels carry
 * routes, statuses and provider namespaces only: never a key, a credential or a model a key asked for that does
 * not exist.
 */
export class DataPlaneMetrics {
  readonly registry = new Registry();
  /** Requests, latencies, tokens and cost per route and provider (kept off prom-client on the request path). */
  readonly requests = new RequestStats();
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
    this.requests.register(this.registry);
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
