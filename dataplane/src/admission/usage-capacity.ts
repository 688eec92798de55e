import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";

/** Which usage bound is reached: the spool on disk, events held in memory, or events the control plane has not confirmed. */
export type UsageBound = "spool_full" | "memory_full" | "pending_full";

const WHY: Record<UsageBound, string> = {
  spool_full: "its usage spool is full while the bus is unreachable",
  memory_full: "it cannot write usage to disk and holds as much in memory as it may",
  pending_full: "the control plane has not confirmed the usage it already sent",
};

export function usageBoundReached(deps: Pick<DataPlaneDeps, "usage" | "tracker" | "config">): UsageBound | undefined {
  return deps.usage.fullReason ?? (deps.tracker.pendingEvents >= deps.config.usagePendingMaxEvents ? "pending_full" : undefined);
}

/**
 * Fail closed: a replica that can no longer record usage safely refuses billable requests with 503 instead of
 * serving them unbilled (or growing its backlog without bound). Other replicas keep serving, and this one
 * resumes by itself once its backlog drains.
 */
export function requireUsageCapacity(deps: Pick<DataPlaneDeps, "usage" | "tracker" | "config" | "metrics">): void {
  const bound = usageBoundReached(deps);
  if (!bound) return;
  deps.metrics.usageRefusals.inc({ reason: bound });
  throw new GatewayError("usage_backlog_full", `This gateway replica cannot record usage right now (${WHY[bound]}), so it does not serve billable requests. Retry shortly; other replicas may serve it.`, {
    headers: { "retry-after": "5" },
  });
}
