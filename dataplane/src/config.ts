import { randomUUID } from "node:crypto";
import { z } from "zod";

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  NATS_URL: z.string().min(1).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SVC_NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default("svc"),
  SVC_NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  SVC_DATA_DIR: z.string().min(1).default("./.svc-data"),
  CONTROLPLANE_URL: z.string().url().default("http://127.0.0.1:8081"),
  SVC_KEY_HASH_SECRET: z.string().min(16).optional(),
  /** Run on uWebSockets.js's JavaScript fallback (slow); only when told to. */
  SVC_ALLOW_UWS_FALLBACK: z.enum(["0", "1"]).default("0"),
  /** Upstream time limits, ms: until response headers, and between two body chunks. */
  SVC_UPSTREAM_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  SVC_UPSTREAM_BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  SVC_UPSTREAM_CONNECTIONS: z.coerce.number().int().positive().default(4096),
  SVC_MAX_BODY_BYTES: z.coerce.number().int().positive().default(32 * 1024 * 1024),
  /** A request body that sends nothing for this long is answered 408 (uWS itself drops it silently at ~10 s). */
  SVC_BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Refused credentials one address may present in a burst (0: no limit), and how many per minute it earns back. */
  SVC_AUTH_FAILURE_BURST: z.coerce.number().int().min(0).default(20),
  SVC_AUTH_FAILURES_PER_MINUTE: z.coerce.number().positive().default(10),
  /** The header a trusted proxy in front sets to the client's address (e.g. x-real-ip); unset: the socket's peer. */
  SVC_CLIENT_IP_HEADER: z.string().regex(/^[a-z0-9-]+$/, "a lower-case header name").optional(),
  /** First quarantine of a provider credential the provider refused; doubles per refusal in a row. */
  SVC_CREDENTIAL_QUARANTINE_MS: z.coerce.number().int().positive().default(30_000),
  SVC_DRAIN_MS: z.coerce.number().int().nonnegative().default(30_000),
  /** Bounds of the usage backlog; at either one the replica refuses billable requests (503) rather than serve them unbilled. */
  SVC_USAGE_SPOOL_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  SVC_USAGE_PENDING_MAX_EVENTS: z.coerce.number().int().positive().default(500_000),
  /** How far V8's old generation may grow past what the last full collection kept, in percent; 0: V8's own rule. */
  SVC_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(30),
  /** How many megabytes of dead objects it may gather before the next full collection when more than that percent; 0: the percent alone. */
  SVC_HEAP_GARBAGE_MB: z.coerce.number().int().min(0).max(1024).default(14),
  /** How many megabytes more it may grow by when that many of request bodies were read since the last one (heap-tuning.ts); 0: none. */
  SVC_HEAP_EXTERNAL_MB: z.coerce.number().int().min(0).max(1024).default(48),
  /** The nice value of V8's and Node's helper threads, so that they yield a shared core to the main thread (helper-threads.ts); 0: as the main thread. */
  SVC_HELPER_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(5),
});

export type DataPlaneConfig = Readonly<{
  port: number;
  host: string;
  natsUrl: string | undefined;
  natsPrefix: string;
  /** JetStream copies of the usage stream when this process creates it. */
  natsStreamReplicas: number;
  /** On SIGTERM, how long in-flight requests and streams may take to finish before they are cut. */
  drainMs: number;
  /** Prometheus metrics port; undefined: no metrics listener. */
  metricsPort: number | undefined;
  dataDir: string;
  controlPlaneUrl: string;
  keyHashSecret: string | undefined;
  allowUwsFallback: boolean;
  upstreamHeadersTimeoutMs: number;
  /** Connections to one provider origin, i.e. requests (streams) in flight to it at once; more wait for one. */
  upstreamConnections: number;
  upstreamBodyTimeoutMs: number;
  maxBodyBytes: number;
  bodyIdleTimeoutMs: number;
  authFailureBurst: number;
  authFailuresPerMinute: number;
  clientIpHeader: string | undefined;
  credentialQuarantineMs: number;
  /** Most bytes the usage spool may hold on disk (events the bus has not stored yet). */
  usageSpoolMaxBytes: number;
  /** Most usage events sent but not yet reported applied by the control plane. */
  usagePendingMaxEvents: number;
  /** V8's old generation grows by at most this percent between full collections (0: V8 decides). */
  heapGrowingPercent: number;
  heapGarbageMb: number;
  heapExternalMb: number;
  /** Nice value given to the helper threads at start-up (0: left alone). */
  helperThreadNice: number;
  /** Unique per process: names this replica in usage events and snapshot requests. */
  replicaId: string;
  /** The process environment, for provider credentials (<NAMESPACE>_API_KEY, <NAMESPACE>_BASE_URL). */
  env: Readonly<Record<string, string | undefined>>;
}>;

export function loadDataPlaneConfig(env: Record<string, string | undefined> = process.env): DataPlaneConfig {
  // an empty variable (VAR= in a compose file) means unset, not an empty value
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    natsUrl: e.NATS_URL,
    natsPrefix: e.SVC_NATS_PREFIX,
    natsStreamReplicas: e.SVC_NATS_STREAM_REPLICAS,
    drainMs: e.SVC_DRAIN_MS,
    metricsPort: e.METRICS_PORT,
    dataDir: e.SVC_DATA_DIR,
    controlPlaneUrl: e.CONTROLPLANE_URL,
    keyHashSecret: e.SVC_KEY_HASH_SECRET,
    allowUwsFallback: e.SVC_ALLOW_UWS_FALLBACK === "1",
    upstreamHeadersTimeoutMs: e.SVC_UPSTREAM_HEADERS_TIMEOUT_MS,
    upstreamBodyTimeoutMs: e.SVC_UPSTREAM_BODY_TIMEOUT_MS,
    upstreamConnections: e.SVC_UPSTREAM_CONNECTIONS,
    maxBodyBytes: e.SVC_MAX_BODY_BYTES,
    bodyIdleTimeoutMs: e.SVC_BODY_IDLE_TIMEOUT_MS,
    authFailureBurst: e.SVC_AUTH_FAILURE_BURST,
    authFailuresPerMinute: e.SVC_AUTH_FAILURES_PER_MINUTE,
    clientIpHeader: e.SVC_CLIENT_IP_HEADER,
    credentialQuarantineMs: e.SVC_CREDENTIAL_QUARANTINE_MS,
    usageSpoolMaxBytes: e.SVC_USAGE_SPOOL_MAX_BYTES,
    usagePendingMaxEvents: e.SVC_USAGE_PENDING_MAX_EVENTS,
    heapGrowingPercent: e.SVC_HEAP_GROWING_PERCENT,
    heapGarbageMb: e.SVC_HEAP_GARBAGE_MB,
    heapExternalMb: e.SVC_HEAP_EXTERNAL_MB,
    helperThreadNice: e.SVC_HELPER_THREAD_NICE,
    replicaId: `dp-${randomUUID()}`,
    env: Object.freeze({ ...env }),
  });
}
