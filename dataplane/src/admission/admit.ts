import type { KeyEntry, OrgEntry } from "../../../proto/messages.ts";
import { GatewayError } from "../errors.ts";
import type { Reservation, SpendTracker } from "./spend-tracker.ts";

export function utcMonth(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}

/** Spend of the key this month as the snapshot knows it: a snapshot entry from an earlier month counts 0. */
export function snapshotMonthSpend(key: KeyEntry, month: string): number {
  return key.month === month ? Number(key.spendMonthMicros ?? 0) : 0;
}

/** Credit the organization can still spend: ledger balance − usage not yet in it − open reservations. */
export function availableMicros(org: OrgEntry, tracker: SpendTracker): number {
  return Number(org.balanceMicros ?? 0) - tracker.orgOutstanding(org.id ?? "");
}

const usd = (micros: number) => `$${(micros / 1e6).toFixed(6)}`;

/**
 * Reserve the worst-case cost of a request, or refuse with one of the three 402 scopes. The reservation must be
 * released on every exit path (SpendTracker.release is idempotent).
 */
export function admit(key: KeyEntry, org: OrgEntry, tracker: SpendTracker, worstCase: number, nowMs: number): Reservation {
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
  const available = availableMicros(org, tracker);
  if (available <= 0 || available < worstCase) {
    throw new GatewayError(
      "organization_credit_exhausted",
      `The organization's credit cannot cover this request: ${usd(Math.max(available, 0))} available, this request may cost up to ${usd(worstCase)}. Add credit or lower max_tokens.`,
    );
  }
  return tracker.reserve(org.id ?? "", keyId, worstCase);
}
