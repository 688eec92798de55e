import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Catalog } from "../../catalog/src/index.ts";
import { closeLogger, createLogger } from "../../proto/log.ts";
import { pb } from "../../proto/messages.ts";
import { REPLICA_HEARTBEAT_MS, subjects } from "../../proto/subjects.ts";
import type { Transport } from "../../proto/transport.ts";
import { tuneHeap } from "./heap-tuning.ts";
import { RateLimiter } from "./admission/rate-limiter.ts";
import { SpendTracker } from "./admission/spend-tracker.ts";
import { KeyHashes } from "./auth/key-hashes.ts";
import { SnapshotStore } from "./auth/snapshot-store.ts";
import { SnapshotSync } from "./auth/snapshot-sync.ts";
import type { DataPlaneConfig } from "./config.ts";
import type { ControlPlaneClient, DataPlaneDeps } from "./deps.ts";
import { buildApp, listen, uwsIsNative } from "./http/server.ts";
import { Spool } from "./metering/spool.ts";
import { UsagePublisher } from "./metering/usage-publisher.ts";
import { DataPlaneMetrics } from "./metrics/metrics.ts";
import { serveMetrics } from "./metrics/server.ts";
import { CredentialPool } from "./providers/credentials.ts";
import { UpstreamClient } from "./upstream/client.ts";

export interface DataPlane {
  readonly port: number;
  /** Where GET /metrics answers, when METRICS_PORT is set. */
  readonly metricsPort: number | undefined;
  readonly deps: DataPlaneDeps;
  /**
   * Graceful stop: stops accepting connections, lets requests in flight (streams included) finish for up to
   * `drainMs`, then waits (bounded) for their usage to be handed to the bus.
   */
  close(drainMs?: number): Promise<void>;
}

/** Builds and starts one data plane replica; the same function serves split and embedded mode. */
export async function startDataPlane(opts: {
  config: DataPlaneConfig;
  catalog: Catalog;
  transport: Transport;
  controlPlane: ControlPlaneClient;
  keyHashSecret: string;
}): Promise<DataPlane> {
  const { config } = opts;
  if (!uwsIsNative() && !config.allowUwsFallback) {
    throw new Error("uWebSockets.js did not load its native binding (it fell back to a slow JavaScript server). Fix the install, or set SVC_ALLOW_UWS_FALLBACK=1 to run slowly anyway.");
  }
  const heap = tuneHeap(config.heapGrowingPercent, config.heapGarbageMb, config.heapExternalMb);
  const store = new SnapshotStore();
  let inFlightCount = () => 0;
  const tracker = new SpendTracker();
  const spool = new Spool(join(config.dataDir, "spool"), config.replicaId, { maxBytes: config.usageSpoolMaxBytes });
  const usage = new UsagePublisher(opts.transport, spool);
  const upstream = new UpstreamClient({ headersTimeoutMs: config.upstreamHeadersTimeoutMs, bodyTimeoutMs: config.upstreamBodyTimeoutMs, connections: config.upstreamConnections });
  const log = createLogger(config.env, { service: "dataplane", bindings: { replica: config.replicaId } });
  const deps: DataPlaneDeps = {
    config,
    catalog: opts.catalog,
    credentials: new CredentialPool(opts.catalog, config.env, Date.now, config.credentialQuarantineMs),
    store,
    tracker,
    rateLimiter: new RateLimiter(),
    metrics: new DataPlaneMetrics({
      sequence: () => store.sequence,
      snapshotAgeMs: () => (store.loaded ? Date.now() - store.lastHeardAtMs : -1),
      spoolDepth: () => usage.unsent,
      reservationsOpen: () => tracker.openReservations,
      inFlight: () => inFlightCount(),
      spoolBytes: () => spool.bytes,
      spoolMaxBytes: () => spool.maxBytes,
      usageMemoryBytes: () => usage.memoryBytes,
      pendingEvents: () => tracker.pendingEvents,
    }),
    keyHashSecret: opts.keyHashSecret,
    keyHashes: new KeyHashes(opts.keyHashSecret),
    upstream,
    usage,
    controlPlane: opts.controlPlane,
    log,
  };
  const s = subjects(config.natsPrefix);
  const sync = new SnapshotSync(opts.transport, s, store, tracker, config.replicaId);
  // the replica roster: the control plane counts replicas by these, and each enforces 1/N of a rate limit
  const announce = () => opts.transport.publish(s.replicaHeartbeat, pb.ReplicaHeartbeat.encode({ replicaId: config.replicaId, atMs: Date.now() }).finish());
  announce();
  const heartbeat = setInterval(announce, REPLICA_HEARTBEAT_MS);
  heartbeat.unref();
  // listen first: /health answers while the first snapshot loads; inference answers 503 until it has
  const { app, inFlight } = buildApp(deps);
  inFlightCount = () => inFlight.count;
  const listener = await listen(app, config.host, config.port);
  const metricsServer = config.metricsPort === undefined ? undefined : await serveMetrics(deps.metrics.registry, config.host, config.metricsPort);
  await sync.start();
  return {
    port: listener.port,
    metricsPort: metricsServer ? (metricsServer.address() as AddressInfo).port : undefined,
    deps,
    async close(drainMs = 30_000) {
      listener.close();
      inFlight.stopping = true;
      const deadline = Date.now() + drainMs;
      while (inFlight.count > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      clearInterval(heartbeat);
      metricsServer?.close();
      sync.close();
      await usage.close();
      await upstream.close();
      log.info({ requests_cut_off: inFlight.count }, "data plane stopped");
      heap.stop();
      await closeLogger(log);
    },
  };
}
