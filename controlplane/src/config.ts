import { z } from "zod";
import { parseDecimalMicros } from "../../catalog/src/index.ts";

const Env = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  NATS_URL: z.string().min(1).optional(),
  SVC_NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default("svc"),
  SVC_NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  SVC_DATA_DIR: z.string().min(1).default("./.svc-data"),
  HOST: z.string().min(1).default("127.0.0.1"),
  CONTROLPLANE_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  SVC_KEY_HASH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  SVC_BOOTSTRAP_MGMT_KEY: z.string().startsWith("svc_mgmt_", "must start with svc_mgmt_").min(24).optional(),
  SVC_BOOTSTRAP_CREDIT: z.string().default("0"),
  /** Read the providers' own status feeds for GET /status (off where the internet is not reachable). */
  SVC_STATUS_FEEDS: z.enum(["on", "off"]).default("on"),
});

export type ControlPlaneConfig = Readonly<{
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  natsPrefix: string;
  /** JetStream copies of the usage stream when this process creates it. */
  natsStreamReplicas: number;
  dataDir: string;
  host: string;
  port: number;
  keyHashSecret: string | undefined;
  bootstrapManagementKey: string | undefined;
  bootstrapCreditMicros: number;
  statusFeeds: boolean;
  /** The environment, for per-provider overrides (`<NAMESPACE>_STATUS_FEED_URL`). */
  env: Readonly<Record<string, string | undefined>>;
}>;

export function loadControlPlaneConfig(env: Record<string, string | undefined> = process.env): ControlPlaneConfig {
  // an empty variable (VAR= in a compose file) means unset, not an empty value
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  let credit: number;
  try {
    credit = parseDecimalMicros(e.SVC_BOOTSTRAP_CREDIT);
  } catch {
    throw new Error(`invalid configuration: SVC_BOOTSTRAP_CREDIT must be an amount in currency units such as 25 or 12.50`);
  }
  return Object.freeze({
    databaseUrl: e.DATABASE_URL,
    natsUrl: e.NATS_URL,
    natsPrefix: e.SVC_NATS_PREFIX,
    natsStreamReplicas: e.SVC_NATS_STREAM_REPLICAS,
    dataDir: e.SVC_DATA_DIR,
    host: e.HOST,
    port: e.CONTROLPLANE_PORT,
    keyHashSecret: e.SVC_KEY_HASH_SECRET,
    bootstrapManagementKey: e.SVC_BOOTSTRAP_MGMT_KEY,
    bootstrapCreditMicros: credit,
    statusFeeds: e.SVC_STATUS_FEEDS === "on",
    env: Object.freeze({ ...env }),
  });
}
