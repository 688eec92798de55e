import type { BootstrapResult } from "../services/orgs.ts";

/** Calls from the embedded data plane to its control-plane worker. */
export type WorkerCall = { op: "control"; req: unknown } | { op: "close" };

export interface WorkerReady {
  k: "ready";
  keyHashSecret: string;
  bootstrap: BootstrapResult;
}

export interface WorkerFailed {
  k: "failed";
  message: string;
}
