import type { Catalog } from "../../catalog/src/index.ts";
import type { SpendTracker } from "./admission/spend-tracker.ts";
import type { SnapshotStore } from "./auth/snapshot-store.ts";
import type { DataPlaneConfig } from "./config.ts";
import type { UsagePublisher } from "./metering/usage-publisher.ts";
import type { CredentialPool } from "./providers/credentials.ts";
import type { UpstreamClient } from "./upstream/client.ts";

/** A request the data plane hands to the control plane (management API, /status, DELETE /v1/key). */
export interface ControlRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface ControlResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Over HTTP in split mode, a direct call in embedded mode. */
export type ControlPlaneClient = (req: ControlRequest) => Promise<ControlResponse>;

/** Everything a route may use. Built once in main; routes never construct their own. */
export interface DataPlaneDeps {
  readonly config: DataPlaneConfig;
  readonly catalog: Catalog;
  readonly credentials: CredentialPool;
  readonly store: SnapshotStore;
  readonly tracker: SpendTracker;
  readonly keyHashSecret: string;
  readonly upstream: UpstreamClient;
  readonly usage: UsagePublisher;
  readonly controlPlane: ControlPlaneClient;
}
