import type { Catalog } from "../../catalog/src/index.ts";
import type { Logger } from "../../proto/log.ts";
import type { ControlRequest, ControlResponse } from "../../proto/control.ts";
import type { RateLimiter } from "./admission/rate-limiter.ts";
import type { DataPlaneMetrics } from "./metrics/metrics.ts";
import type { SpendTracker } from "./admission/spend-tracker.ts";
import type { KeyHashes } from "./auth/key-hashes.ts";
import type { SnapshotStore } from "./auth/snapshot-store.ts";
import type { DataPlaneConfig } from "./config.ts";
import type { UsagePublisher } from "./metering/usage-publisher.ts";
import type { CredentialPool } from "./providers/credentials.ts";
import type { UpstreamClient } from "./upstream/client.ts";

export type { ControlRequest, ControlResponse };

/** Over HTTP in split mode, across the worker port in embedded mode. */
export type ControlPlaneClient = (req: ControlRequest) => Promise<ControlResponse>;

/** Everything a route may use. Built once in main; routes never construct their own. */
export interface DataPlaneDeps {
  readonly config: DataPlaneConfig;
  readonly catalog: Catalog;
  readonly credentials: CredentialPool;
  readonly store: SnapshotStore;
  readonly tracker: SpendTracker;
  readonly rateLimiter: RateLimiter;
  readonly metrics: DataPlaneMetrics;
  readonly keyHashSecret: string;
  /** Presented keys to their snapshot entries, by HMAC under keyHashSecret (remembered: see KeyHashes). */
  readonly keyHashes: KeyHashes;
  readonly upstream: UpstreamClient;
  readonly usage: UsagePublisher;
  readonly controlPlane: ControlPlaneClient;
  readonly log: Logger;
}
