import type { Model } from "../../../catalog/src/index.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";
import { RequestMeter } from "../metering/request-meter.ts";
import { admit, isolation } from "./admit.ts";
import { requireUsageCapacity } from "./usage-capacity.ts";

/**
 * Admission of one inference request, the same for every route: the key's rate limits, then a reservation of
 * the request's worst-case cost against its budgets and its organization's credit (`worstCase` 0: a free call,
 * which needs no credit). Every admitted request emits a usage event, so none is admitted while a usage bound is
 * reached. Returns the meter that must close the request's books on every exit path.
 */
export function admitRequest(deps: DataPlaneDeps, ctx: RequestContext, key: KeyEntry, model: Model, endpoint: string, worstCase: number): RequestMeter {
  const org = deps.store.org(key.orgId ?? "");
  if (!org) throw new GatewayError("invalid_api_key", "The API key is not valid or has been revoked.");
  requireUsageCapacity(deps);
  const now = Date.now();
  deps.rateLimiter.admit(key, deps.store.replicaCount, now);
  const reservation = worstCase > 0 ? admit(key, org, deps.tracker, worstCase, now, isolation(deps.store, now)) : deps.tracker.reserve(org.id ?? "", key.id ?? "", 0);
  const meter = new RequestMeter(deps, key, model, reservation, ctx.requestId, endpoint, ctx.startedAtMs);
  ctx.billing = meter;
  return meter;
}
