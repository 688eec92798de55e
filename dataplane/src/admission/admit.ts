import type { KeyEntry, OrgEntry } from "../../../proto/messages.ts";
import { GatewayError } from "../errors.ts";
import type { SnapshotStore } from "../auth/snapshot-store.ts";
import type { Reservation, SpendTracker } from "./spend-tracker.ts";

let monthFrom = 0;
let monthUntil = -1;
let month = "";
/** "YYYY-MM" in UTC. Formatted once a month, not once a request: a Date and its ISO text cost ~1 µs. */
export function utcMonth(nowMs: number): string {
  if (nowMs < monthFrom || nowMs >= monthUntil) {
    const d = new Date(nowMs);
    month = d.toISOString().slice(0, 7);
    monthFrom = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    monthUntil = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return month;
}

/** Spend of the key this month as the snapshot knows it: a snapshot entry from an earlier month counts 0. */
export function snapshotMonthSpend(key: KeyEntry, month: string): number {
  return key.month === month ? Number(key.spendMonthMicros ?? 0) : 0;
}

/** How long the control plane may stay silent before a replica stops trusting others' spend to show up. */
export const STALE_AFTER_MS = 30_000;

/**
 * Credit the organization can still spend: ledger balance − usage not yet in it − open reservations.
 * While the control plane is unreachable (`isolatedAmong` replicas), no replica sees the others' spend, so each
 * may use only its share of the last known balance: together they can never spend more than there was.
 */
/** Among how many replicas the org's balance must be shared now: 1 while the control plane is heard from. */
export function isolation(store: Pick<SnapshotStore, "lastHeardAtMs" | "replicaCount">, nowMs: number): number {
  return nowMs - store.lastHeardAtMs > STALE_AFTER_MS ? store.replicaCount : 1;
}

export function availableMicros(org: OrgEntry, tracker: SpendTracker, isolatedAmong = 1): number {
  const balance = Number(org.balanceMicros ?? 0);
  const share = isolatedAmong > 1 ? Math.floor(balance / isolatedAmong) : balance;
  return share - tracker.orgOutstanding(org.id ?? "");
}

const usd = (micros: number) => `$${(micros / 1e6).toFixed(6)}`;

/**
 * Reserve the worst-case cost of a request, or refuse with one of the three 402 scopes. The reservation must be
 * released on every exit path (SpendTracker.release is idempotent).
 */
export function admit(key: KeyEntry, org: OrgEntry, tracker: SpendTracker, worstCase: number, nowMs: number, isolatedAmong = 1): Reservation {
  const limits = key.limits ?? {};
  const keyId = key.id ?? "";
  if (limits.totalBudgetMicros != null) {
    const used = Number(key.spendTotalMicros ?? 0) + tracker.keyOutstanding(keyId);
    const left = Number(limits.totalBudgetMicros) - used;
    if (left <= 0 || left < worstCase) {
      throw new GatewayError(
        "key_total_budget_exhausted",
        `This key's total budget cannot cover this request: ${usd(Math.max(left, 0))} left of ${usd(Number(limits.totalBudgetMicros))}, this request may cost up to ${usd(worstCase)}. Raise the key's total budget or lower max_tokens.`,
      );
    }
  }
  if (limits.monthlyBudgetMicros != null) {
    const month = utcMonth(nowMs);
    const used = snapshotMonthSpend(key, month) + tracker.keyOutstandingInMonth(keyId, month);
    const left = Number(limits.monthlyBudgetMicros) - used;
    if (left <= 0 || left < worstCase) {
      throw new GatewayError(
        "key_monthly_budget_exhausted",
        `This key's monthly budget cannot cover this request: ${usd(Math.max(left, 0))} left of ${usd(Number(limits.monthlyBudgetMicros))} for ${month} (resets on the 1st, UTC), this request may cost up to ${usd(worstCase)}. Raise the key's monthly budget or lower max_tokens.`,
      );
    }
  }
  const available = availableMicros(org, tracker, isolatedAmong);
  if (available <= 0 || available < worstCase) {
    throw new GatewayError(
      "organization_credit_exhausted",
      `The organization's credit cannot cover this request: ${usd(Math.max(available, 0))} available, this request may cost up to ${usd(worstCase)}. Add credit or lower max_tokens.`,
    );
  }
  return tracker.reserve(org.id ?? "", keyId, worstCase);
}
