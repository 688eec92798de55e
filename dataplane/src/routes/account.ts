import type { KeyEntry, Limits } from "../../../proto/messages.ts";
import { availableMicros, isolation, snapshotMonthSpend, utcMonth } from "../admission/admit.ts";
import { authenticateInference } from "../auth/authenticate.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";

function limitsJson(l: Limits | null | undefined) {
  const v = (x: number | null | undefined) => (x === undefined || x === null ? null : Number(x));
  return {
    monthly_budget_micros: v(l?.monthlyBudgetMicros),
    total_budget_micros: v(l?.totalBudgetMicros),
    requests_per_minute: v(l?.requestsPerMinute),
    tokens_per_minute: v(l?.tokensPerMinute),
  };
}

/** This month's spend as the snapshot knows it plus what this replica has sent but not yet seen applied. */
function spendThisMonth(deps: DataPlaneDeps, key: KeyEntry, nowMs: number): number {
  const month = utcMonth(nowMs);
  return snapshotMonthSpend(key, month) + deps.tracker.keyPendingInMonth(key.id ?? "", month);
}

/** GET /v1/credits: the organization's live credit, as the next request will be judged. Not metered. */
export function getCredits(deps: DataPlaneDeps, ctx: RequestContext): void {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  const org = deps.store.org(key.orgId ?? "");
  if (!org) throw new GatewayError("invalid_api_key", "The API key is not valid or has been revoked.");
  const micros = availableMicros(org, deps.tracker, isolation(deps.store, Date.now()));
  ctx.send(200, JSON.stringify({ available: micros / 1e6, available_micros: micros, currency: "USD" }));
}

/** The first instant of the next UTC month: when a monthly budget starts again. */
export function nextMonthStart(nowMs: number): string {
  const d = new Date(nowMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
}

/**
 * Each budget paired with the spend in its own window, so a client never reads lifetime spend against a
 * monthly limit. Spend includes what this replica has sent but the ledger has not yet applied.
 */
function budgets(deps: DataPlaneDeps, key: KeyEntry, nowMs: number) {
  const l = key.limits ?? {};
  const month = spendThisMonth(deps, key, nowMs);
  const total = Number(key.spendTotalMicros ?? 0) + deps.tracker.keyPendingTotal(key.id ?? "");
  const entry = (limit: number | null | undefined, used: number, resetsAt: string | null) =>
    limit === undefined || limit === null
      ? { limit_micros: null, used_micros: used, remaining_micros: null, resets_at: resetsAt }
      : { limit_micros: Number(limit), used_micros: used, remaining_micros: Math.max(Number(limit) - used, 0), resets_at: resetsAt };
  return { monthly: entry(l.monthlyBudgetMicros, month, nextMonthStart(nowMs)), total: entry(l.totalBudgetMicros, total, null) };
}

/** GET /v1/key: what the presenting key may do and its own spend this month. Not metered. */
export function getKey(deps: DataPlaneDeps, ctx: RequestContext): void {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  const now = Date.now();
  ctx.send(
    200,
    JSON.stringify({
      id: key.id,
      name: key.name ?? null,
      prefix: key.prefix,
      models: key.allModels ? null : [...(key.models ?? [])],
      limits: limitsJson(key.limits),
      spend_this_month_micros: spendThisMonth(deps, key, now),
      budgets: budgets(deps, key, now),
      created_at: new Date(Number(key.createdAtMs ?? 0)).toISOString(),
    }),
  );
}
